import Foundation
import Synchronization

/// Reads a journal query on a thread of its own, a chunk or two ahead of the
/// caller, who handles the notices in order as they come.
///
/// Replay spends about a quarter of its time in the storage (stepping rows,
/// making notices) and the rest in handlers, mostly decoding payloads; on a
/// second core the two overlap. Memory stays bounded by notices and by bytes:
/// a chunk closes at `chunkSize` notices or `chunkBytes` of payload, and the
/// reader waits while `chunksAhead` chunks are queued.
///
/// The connection is used only by the reading thread until `read` returns,
/// which waits for that thread to finish, even when `body` stops early or
/// throws. `body` must therefore not use the connection itself.
final class ReadAhead: @unchecked Sendable {
    /// Notices handed over at a time: one lock round trip per chunk.
    static let chunkSize = 256
    /// A chunk closes early once its payloads hold this many bytes.
    static let chunkBytes = 256 * 1024
    /// Chunks read but not yet taken, at most: enough for the two threads to
    /// overlap.
    static let chunksAhead = 2

    /// Set when the caller stops early; the reader checks it at every row.
    private let stopped = Atomic<Bool>(false)
    // Every field below is guarded by `condition`.
    private let condition = NSCondition()
    private var ready: [[Notice]] = []
    private var finished = false
    private var failure: (any Error)?

    private init() {}

    private static let processors = ProcessInfo.processInfo.activeProcessorCount

    /// Whether reading ahead can pay for its thread: a second core, and a
    /// query that may select more than a couple of chunks. Give unbounded
    /// queries a `through` first (say, the journal's last sequence).
    static func pays(for query: JournalQuery) -> Bool {
        if let limit = query.limit, limit <= 2 * chunkSize { return false }
        guard let through = query.through else { return processors > 1 }
        let (span, overflow) = through.subtractingReportingOverflow(query.from)
        if !overflow && span < Int64(2 * chunkSize) { return false }
        return processors > 1
    }

    /// Calls `body` with each notice `query` selects, in sequence order,
    /// until it returns false, while `connection` reads ahead on another
    /// thread (on this one if no thread can be started). Errors of the read
    /// are thrown after the notices read before them have been handled, as
    /// an inline read would.
    static func read(
        _ query: JournalQuery, on connection: any JournalConnection, _ body: (Notice) throws -> Bool
    ) throws {
        let readAhead = ReadAhead()
        let done = DispatchSemaphore(value: 0)
        let box = ConnectionBox(connection)
        let started = SystemThread.start(name: "NoticeHub read-ahead") {
            readAhead.produce(query, from: box.take())
            done.signal()
        }
        guard started else { return try connection.read(query, body) }
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

    /// Takes the connection's last reference on this thread: it is released
    /// when this returns, before the caller is told the reader is done.
    private func produce(_ query: JournalQuery, from connection: consuming any JournalConnection) {
        var chunk: [Notice] = []
        var bytes = 0
        chunk.reserveCapacity(Self.chunkSize)
        do {
            try connection.read(query) { notice in
                if stopped.load(ordering: .relaxed) { return false }
                chunk.append(notice)
                bytes += notice.payload.storedByteCount
                guard chunk.count == Self.chunkSize || bytes >= Self.chunkBytes else { return true }
                defer {
                    chunk = []
                    chunk.reserveCapacity(Self.chunkSize)
                    bytes = 0
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
        while ready.count >= Self.chunksAhead && !stopped.load(ordering: .relaxed) { condition.wait() }
        guard !stopped.load(ordering: .relaxed) else { return false }
        ready.append(chunk)
        condition.broadcast()
        return true
    }

    private func finish(last chunk: [Notice], failure: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        if !chunk.isEmpty && !stopped.load(ordering: .relaxed) { ready.append(chunk) }
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
        stopped.store(true, ordering: .relaxed)
        ready = []
        condition.broadcast()
        condition.unlock()
    }
}
