import Dispatch
import Foundation
import NoticeHub
import Synchronization

/// `tail --follow`: prints the journal's matching notices, then those any
/// process commits later, in sequence order, each once, until SIGINT or
/// SIGTERM or until the query's limit is reached.
struct LiveTail {
    let hub: NoticeHub
    let query: JournalQuery
    let format: NoticeFormat

    func run() throws {
        let stop = DispatchSemaphore(value: 0)
        let printer = Printer(query: query, format: format, stop: stop)
        let signalSources = Self.handleTermination(by: printer)
        // Follow before reading the backlog, so that no commit can fall
        // between the two: the printer holds live notices back until the
        // backlog is printed and drops any that the backlog already showed.
        let observer = hub.observe(nil, sender: query.sender) { printer.printLive($0) }
        let following = try hub.follow { printer.fail($0) }
        try printer.printBacklog { body in try hub.readJournal(query, body) }
        if !printer.isDone { stop.wait() }
        following.cancel()
        observer.cancel()
        withExtendedLifetime(signalSources) {}
        if let failure = printer.failure { throw failure }
    }

    /// Turns SIGINT and SIGTERM into a clean stop (exit 0) instead of death,
    /// also while the backlog is printing.
    private static func handleTermination(by printer: Printer) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { printer.interrupt() }
            source.resume()
            return source
        }
    }
}

/// Prints each notice once, in sequence order, from the main thread (the
/// backlog) and the follower's thread (live notices), one at a time.
private final class Printer: Sendable {
    private struct Position {
        /// The lowest sequence number not yet printed or passed.
        var next: Int64
        var printed = 0
        var failure: (any Error)?
    }

    private let position: Mutex<Position>
    /// Set by SIGINT or SIGTERM; the backlog checks it at every notice.
    private let interrupted = Atomic<Bool>(false)
    private let query: JournalQuery
    private let limit: Int
    private let format: NoticeFormat
    private let stop: DispatchSemaphore

    init(query: JournalQuery, format: NoticeFormat, stop: DispatchSemaphore) {
        position = Mutex(Position(next: query.from))
        self.query = query
        limit = query.limit ?? .max
        self.format = format
        self.stop = stop
    }

    var isDone: Bool { position.locked { $0.printed >= limit || $0.failure != nil } }

    var failure: (any Error)? { position.locked { $0.failure } }

    /// Prints what `read` reads while holding live notices back.
    func printBacklog(_ read: ((Notice) throws -> Bool) throws -> Void) throws {
        try position.locked { position in
            guard position.printed < limit else { return }
            try read { notice in
                guard !self.interrupted.load(ordering: .relaxed) else { return false }
                self.emit(notice, &position)
                return position.printed < self.limit && position.failure == nil
            }
        }
    }

    /// Stops the backlog at its next notice and the tail with it.
    func interrupt() {
        interrupted.store(true, ordering: .relaxed)
        stop.signal()
    }

    /// Ends the tail with `error`: the follower stopped at a row it cannot
    /// read, after printing those before it.
    func fail(_ error: any Error) {
        position.locked { position in
            if position.failure == nil { position.failure = error }
        }
        stop.signal()
    }

    func printLive(_ notice: Notice) {
        guard query.selects(name: notice.name) else { return }
        position.locked { emit(notice, &$0) }
    }

    private func emit(_ notice: Notice, _ position: inout Position) {
        guard let sequence = notice.sequence, sequence >= position.next,
              position.printed < limit, position.failure == nil else { return }
        position.next = sequence + 1
        do {
            print(try format.line(for: notice))
            try StandardOutput.check()
            position.printed += 1
        } catch {
            position.failure = error
        }
        if position.printed == limit || position.failure != nil { stop.signal() }
    }
}
