import Foundation
import NoticeHub
import Synchronization

/// Delivery where colleagues live, post to last delivery, against
/// NotificationCenter in the same run:
/// - `post.mainactor.k10`: ten main-actor observers of a name, against ten
///   `addObserver(forName:object:queue:using:)` block observers on
///   `OperationQueue.main` (the main dispatch queue on Linux, as on Apple
///   platforms);
/// - `post.queue.k10`: ten observers on one serial `OperationQueue`, against
///   NotificationCenter's observers on the same kind of queue;
/// - `observe.async.delivery`: one async observer, against a loop over
///   `NotificationCenter.messages(of:for:)`.
///
/// Per post: a producer thread posts, and the clock stops at the last
/// delivery. NotificationCenter on an operation queue takes about 50 µs per
/// delivery on Linux, hence the few posts of the first two.
enum IsolatedDeliveryBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) async throws {
        if options.selects("post.mainactor.k10") { report(try await mainActor(options)) }
        if options.selects("post.queue.k10") { report(try await queue(options)) }
        if options.selects("observe.async.delivery") { report(try await asyncObserver(options)) }
    }

    /// Counts deliveries and signals once `expected` have arrived.
    final class Arrivals: Sendable {
        private let count = Atomic<Int>(0)
        private let done = DispatchSemaphore(value: 0)
        let expected: Int

        init(expected: Int) { self.expected = expected }

        func arrive() {
            if count.add(1, ordering: .relaxed).newValue == expected { done.signal() }
        }

        /// Waits for every delivery, on a thread that is not the main one.
        func wait() throws {
            guard done.wait(timeout: .now() + 120) == .success else {
                throw BenchFailure("\(count.load(ordering: .relaxed)) of \(expected) deliveries")
            }
        }
    }

    /// Posts `posts` notices on a thread of its own and waits for
    /// `arrivals`; nanoseconds per post.
    private static func timed(posts: Int, arrivals: Arrivals, _ post: @escaping @Sendable (Int) -> Void) async throws
        -> Double
    {
        try await Task.detached {
            let start = now()
            for i in 0..<posts { post(i) }
            try arrivals.wait()
            return Double(now() - start) / Double(posts)
        }.value
    }

    private static func mainActor(_ options: BenchOptions) async throws -> BenchResult {
        let posts = options.size(5_000, floor: 500)
        let (ours, anchor) = try await BenchHarness(repetitions: options.repetitions).measurePair(
            {
                let hub = NoticeHub()
                let arrivals = Arrivals(expected: posts * 10)
                let tokens = (0..<10).map { _ in
                    hub.observe("bench.main", on: MainActor.self) { _ in arrivals.arrive() }
                }
                defer { tokens.forEach { $0.cancel() } }
                return try await timed(posts: posts, arrivals: arrivals) { _ in _ = try? hub.post("bench.main") }
            },
            {
                let center = NotificationCenter()
                let arrivals = Arrivals(expected: posts * 10)
                let observers = (0..<10).map { _ in
                    center.addObserver(forName: .init("bench.main"), object: nil, queue: .main) { _ in
                        arrivals.arrive()
                    }
                }
                defer { observers.forEach(center.removeObserver) }
                let unchecked = UncheckedCenter(center: center)
                return try await timed(posts: posts, arrivals: arrivals) { _ in
                    unchecked.center.post(name: .init("bench.main"), object: nil)
                }
            })
        return BenchHarness.result(
            "post.mainactor.k10", ours, anchor: "NotificationCenter, queue: .main", anchor)
    }

    private static func queue(_ options: BenchOptions) async throws -> BenchResult {
        let posts = options.size(5_000, floor: 500)
        let (ours, anchor) = try await BenchHarness(repetitions: options.repetitions).measurePair(
            {
                let hub = NoticeHub()
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = 1
                let arrivals = Arrivals(expected: posts * 10)
                let tokens = (0..<10).map { _ in
                    hub.observe("bench.queue", scheduling: .operationQueue(queue)) { _ in arrivals.arrive() }
                }
                defer { tokens.forEach { $0.cancel() } }
                return try await timed(posts: posts, arrivals: arrivals) { _ in _ = try? hub.post("bench.queue") }
            },
            {
                let center = NotificationCenter()
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = 1
                let arrivals = Arrivals(expected: posts * 10)
                let observers = (0..<10).map { _ in
                    center.addObserver(forName: .init("bench.queue"), object: nil, queue: queue) { _ in
                        arrivals.arrive()
                    }
                }
                defer { observers.forEach(center.removeObserver) }
                let unchecked = UncheckedCenter(center: center)
                return try await timed(posts: posts, arrivals: arrivals) { _ in
                    unchecked.center.post(name: .init("bench.queue"), object: nil)
                }
            })
        return BenchHarness.result(
            "post.queue.k10", ours, anchor: "NotificationCenter, queue: an OperationQueue", anchor)
    }

    private static func asyncObserver(_ options: BenchOptions) async throws -> BenchResult {
        let posts = options.size(200_000, floor: 10_000)
        let (ours, anchor) = try await BenchHarness(repetitions: options.repetitions).measurePair(
            {
                let hub = NoticeHub()
                let arrivals = Arrivals(expected: posts)
                let token = hub.observe("bench.async") { _ async in arrivals.arrive() }
                defer { token.cancel() }
                return try await timed(posts: posts, arrivals: arrivals) { i in
                    _ = try? hub.post("bench.async", payload: i)
                }
            },
            { try await StreamBench.centerRun(posts) })
        return BenchHarness.result("observe.async.delivery", ours, anchor: "NotificationCenter.messages", anchor)
    }
}

/// `NotificationCenter` is thread-safe but not declared `Sendable` on every
/// platform.
private struct UncheckedCenter: @unchecked Sendable {
    let center: NotificationCenter
}
