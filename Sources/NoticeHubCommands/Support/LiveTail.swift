import Dispatch
import Foundation
import NoticeHub
import Synchronization

/// `tail --follow`: prints the journal's matching notices of every kind,
/// then those any process commits later, in sequence order, each once, until
/// SIGINT or SIGTERM or until the query's limit is reached.
struct LiveTail {
    let hub: NoticeHub
    let query: JournalQuery
    let format: NoticeFormat

    func run() throws {
        let printer = Printer(limit: query.limit ?? .max, format: format)
        let signalSources = TerminationSignals.handle { printer.stop() }
        if !printer.isDone {
            let following = try hub.journal.tail(query, onFailure: printer.fail, handler: printer.print)
            printer.waitUntilDone()
            following.cancel()
        }
        withExtendedLifetime(signalSources) {}
        if let failure = printer.failure { throw failure }
    }
}

/// Prints notices from the follower's thread until the limit, a failure or
/// a signal says stop.
private final class Printer: Sendable {
    private struct State {
        var printed = 0
        var stopped = false
        var failure: (any Error)?
    }

    private let state = Mutex(State())
    private let limit: Int
    private let format: NoticeFormat
    private let done = DispatchSemaphore(value: 0)

    init(limit: Int, format: NoticeFormat) {
        self.limit = limit
        self.format = format
    }

    var isDone: Bool { state.locked { $0.stopped || $0.printed >= limit } }

    var failure: (any Error)? { state.locked { $0.failure } }

    func waitUntilDone() {
        done.wait()
    }

    /// Writes outside the lock: a write blocks while the reader of a full
    /// pipe is slow, and a signal's ``stop()`` must not wait behind it. Only
    /// the follower's thread prints, so lines keep their order.
    func print(_ notice: Notice) {
        guard !isDone else { return }
        var failure: (any Error)?
        do {
            Swift.print(try format.line(for: notice))
            try StandardOutput.check()
        } catch {
            failure = error
        }
        let finished = state.locked { state -> Bool in
            guard !state.stopped else { return false }
            if let failure { state.failure = failure } else { state.printed += 1 }
            state.stopped = state.printed >= limit || state.failure != nil
            return state.stopped
        }
        if finished { done.signal() }
    }

    /// Ends the tail with `error`: the follower stopped at a row it cannot
    /// read, after printing those before it.
    func fail(_ error: any Error) {
        state.locked { state in
            if state.failure == nil { state.failure = error }
            state.stopped = true
        }
        done.signal()
    }

    func stop() {
        state.locked { $0.stopped = true }
        done.signal()
    }
}
