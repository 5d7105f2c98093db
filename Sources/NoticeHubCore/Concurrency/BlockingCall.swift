import Foundation

/// Runs a call that may block, such as a journal's write or a round trip to
/// its server, for an async API, on a thread of its own rather than on one
/// of the concurrency runtime's: those are as many as the processors (two on
/// a two-core host), and one blocked on a disk or a network holds up every
/// task of the process that could have run on it.
///
/// The threads are started by ``SystemThread`` and kept for
/// ten seconds after their last call, so that a run of calls does not pay
/// for a thread each; when the system cannot start one, the call runs where
/// it was made, as it would without this.
///
/// `@unchecked Sendable`: `queued`, `threads` and `running` are used under
/// `condition` only.
package final class BlockingCall: @unchecked Sendable {
    /// The pool the async APIs share.
    private static let shared = BlockingCall(idleLimit: .seconds(10))

    /// How long a thread waits for another call before it ends.
    private let idleLimit: Duration

    /// A queued call: it runs the blocking body and returns what tells the
    /// task its outcome, which its thread calls once it counts itself free.
    private typealias Call = @Sendable () -> (@Sendable () -> Void)

    private let condition = NSCondition()
    private var queued: [Call] = []
    /// Threads alive, and those of them running a call's body.
    private var threads = 0
    private var running = 0

    /// A pool of its own, for a test that counts its threads.
    init(idleLimit: Duration) {
        self.idleLimit = idleLimit
    }

    /// `body`'s result or error, from one of the shared pool's threads.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await shared.run(body)
    }

    /// `body`'s result or error, from one of this pool's threads.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            start {
                let result = Result(catching: body)
                return { continuation.resume(with: result) }
            }
        }
    }

    /// Hands `call` to a free thread, or to a new one; runs the queued calls
    /// on this thread when none can be started.
    private func start(_ call: @escaping Call) {
        condition.lock()
        queued.append(call)
        if threads - running >= queued.count {
            condition.signal()
            condition.unlock()
            return
        }
        threads += 1
        condition.unlock()
        guard !SystemThread.start(name: "NoticeHub blocking call", { self.serve() }) else { return }
        condition.lock()
        threads -= 1
        condition.unlock()
        while let next = take() { next()() }
    }

    /// The first queued call, taken from the queue.
    private func take() -> Call? {
        condition.lock()
        defer { condition.unlock() }
        return queued.isEmpty ? nil : queued.removeFirst()
    }

    /// Runs queued calls until none has come for `idleLimit`. A thread
    /// counts itself free before it tells a call's task the outcome, so the
    /// task's next call, made at once, finds it rather than a new thread.
    private func serve() {
        condition.lock()
        while true {
            if !queued.isEmpty {
                let call = queued.removeFirst()
                running += 1
                condition.unlock()
                let tell = call()
                condition.lock()
                running -= 1
                condition.unlock()
                tell()
                condition.lock()
                continue
            }
            let signalled = condition.wait(until: Date().addingTimeInterval(idleLimit.seconds))
            if !signalled && queued.isEmpty {
                threads -= 1
                break
            }
        }
        condition.unlock()
    }
}
