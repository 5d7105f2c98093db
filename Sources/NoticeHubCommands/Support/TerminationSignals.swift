import Dispatch
import Foundation

/// SIGINT and SIGTERM as a clean stop (exit 0) of a command that runs until
/// interrupted, instead of the process's death.
enum TerminationSignals {
    /// Calls `stop` on SIGINT or SIGTERM while the returned sources live.
    static func handle(_ stop: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }
}
