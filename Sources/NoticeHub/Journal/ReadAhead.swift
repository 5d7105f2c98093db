import Foundation

/// Reads a journal query on a thread of its own, a few chunks ahead of the
/// caller, who handles the notices in order as they come.
///
/// Replay spends about a quarter of its time in the storage (stepping rows,
/// making notices) and the rest in handlers, mostly decoding payloads; on a
/// second core the two overlap. Memory stays bounded: the reader stops when
/// `chunksAhead` chunks wait to be handled.
///
/// The connection is used only by the reading thread until `read` returns,
/// which waits for that thread to finish, even when `body` stops early or
/// throws.
final class ReadAhead: @unchecked Sendable {
    /// Notices handed over at a time: one lock round trip per chunk.
    static let chunkSize = 256
    /// Chunks read but not yet handled, at most.
    static let chunksAhead = 4

    // Every field below is guarded by `condition`.
    private let condition = NSCondition()
    private var ready: [[Notice]] = []
    private var finished = false
    private var failure: (any Error)?
    /// Set by the caller when it stops early; the reader then stops too.
    private var abandoned = false

    private init() {}

    /// Whether reading ahead can pay for its thread: a second core, and a
    /// query that may select more than a couple of chunks.
    static func pays(for query: JournalQuery) -> Bool {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return false }
        if let limit = query.limit, limit <= 2 * chunkSize { return false }
        if let through = query.through, through - query.from < Int64(2 * chunkSize) { return false }
        return true
    }

    /// Calls `body` with each notice `query` selects, in sequence order,
    /// until it returns false, while `connection` reads ahead on another
    /// thread. Errors of the read are thrown after the notices read before
    /// them have been handled, as an inline read would.
    static func read(
        _ query: JournalQuery, on connection: any JournalConnection, _ body: (Notice) throws -> Bool
    ) throws {
        let readAhead = ReadAhead()
        let done = DispatchSemaphore(value: 0)
        let box = ConnectionBox(connection)
        let thread = Thread {
            readAhead.produce(query, from: box.connection)
            done.signal()
        }
        thread.name = "NoticeHub read-ahead"
        thread.start()
        defer {
            readAhead.abandon()
            done.wait()
        }
        while let chunk = try readAhead.nextChunk() {
            for notice in chunk {
                guard try body(notice) else { return }
            }
        }
    }

    // MARK: The reading thread

    private func produce(_ query: JournalQuery, from connection: any JournalConnection) {
        var chunk: [Notice] = []
        chunk.reserveCapacity(Self.chunkSize)
        do {
            try connection.read(query) { notice in
                chunk.append(notice)
                guard chunk.count == Self.chunkSize else { return true }
                defer {
                    chunk = []
                    chunk.reserveCapacity(Self.chunkSize)
                }
                return hand(chunk)
            }
            finish(last: chunk, failure: nil)
        } catch {
            finish(last: chunk, failure: error)
        }
    }

    /// Queues a full chunk, waiting while `chunksAhead` are queued; false
    /// when the caller has stopped.
    private func hand(_ chunk: [Notice]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while ready.count >= Self.chunksAhead && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        ready.append(chunk)
        condition.broadcast()
        return true
    }

    private func finish(last chunk: [Notice], failure: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        if !chunk.isEmpty && !abandoned { ready.append(chunk) }
        self.failure = failure
        finished = true
        condition.broadcast()
    }

    // MARK: The caller's thread

    /// The next chunk, nil at the end; throws the read's error once every
    /// chunk before it has been taken.
    private func nextChunk() throws -> [Notice]? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !finished { condition.wait() }
        if !ready.isEmpty {
            condition.broadcast()
            return ready.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    private func abandon() {
        condition.lock()
        abandoned = true
        ready = []
        condition.broadcast()
        condition.unlock()
    }
}
