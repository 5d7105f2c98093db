import Foundation
import NoticeHub

/// `stream.delivery`: a producer thread posts, a task iterates the async
/// sequence; per delivered notice. Anchor: NotificationCenter's
/// `messages(of:for:bufferSize:)` with an `AsyncMessage`, a buffer that
/// drops nothing. `stream.open.close`: a loop that starts, takes one notice
/// and ends, against the same loop over NotificationCenter's messages.
enum StreamBench {
    struct Tick: NotificationCenter.AsyncMessage {
        typealias Subject = NSObject
        static var name: Notification.Name { Notification.Name("bench.tick") }
        var value: Int
    }

    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) async throws {
        if options.selects("stream.delivery") { report(try await delivery(options)) }
        if options.selects("stream.open.close") { report(try await openClose(options)) }
    }

    private static func delivery(_ options: BenchOptions) async throws -> BenchResult {
        let count = options.size(200_000, floor: 10_000)
        let (ours, anchor) = try await BenchHarness(repetitions: options.repetitions).measurePair(
            { try await hubRun(count) }, { try await centerRun(count) })
        return BenchHarness.result("stream.delivery", ours, anchor: "NotificationCenter.messages", anchor)
    }

    private static func hubRun(_ count: Int) async throws -> Double {
        let hub = NoticeHub()
        let stream = hub.notices(named: "bench.tick")
        var iterator = stream.makeAsyncIterator() // subscribed from here on
        let start = now()
        let producer = Thread {
            for i in 0..<count { _ = try? hub.post("bench.tick", payload: i) }
        }
        producer.start()
        var received = 0
        var checksum = 0
        while received < count, let notice = await iterator.next() {
            received += 1
            checksum &+= notice.sequence == nil ? 1 : 0
        }
        let elapsed = now() - start
        try check(
            received == count && checksum == count && stream.droppedCount == 0,
            "stream.delivery: \(received) of \(count)")
        return Double(elapsed) / Double(count)
    }

    static func centerRun(_ count: Int) async throws -> Double {
        let center = NotificationCenter()
        let subject = NSObject()
        let messages = center.messages(of: subject, for: Tick.self, bufferSize: count + 1)
        var iterator = messages.makeAsyncIterator()
        // NotificationCenter subscribes only once iteration has begun: prime
        // the sequence so that no message of the timed run can be missed.
        center.post(Tick(value: 0), subject: subject)
        _ = try await iterator.next()
        nonisolated(unsafe) let unsafeSubject = subject
        let start = now()
        let producer = Thread {
            for i in 0..<count { center.post(Tick(value: i), subject: unsafeSubject) }
        }
        producer.start()
        var received = 0
        var checksum = 0
        while received < count, let message = try await iterator.next() {
            received += 1
            checksum &+= message.value
        }
        let elapsed = now() - start
        try check(
            received == count && checksum == count * (count - 1) / 2,
            "NotificationCenter stream: \(received) of \(count)")
        return Double(elapsed) / Double(count)
    }

    private static func openClose(_ options: BenchOptions) async throws -> BenchResult {
        let count = options.size(100_000, floor: 10_000)
        let hub = NoticeHub()
        let center = NotificationCenter()
        nonisolated(unsafe) let subject = NSObject()
        let (ours, anchor) = try await BenchHarness(repetitions: options.repetitions).measurePair(
            {
                let start = now()
                var received = 0
                for i in 0..<count {
                    var iterator = hub.notices(named: "bench.tick").makeAsyncIterator()
                    try hub.post("bench.tick", payload: i)
                    if await iterator.next() != nil { received += 1 }
                }
                let elapsed = now() - start
                try check(received == count && hub.liveObserverCount == 0, "stream.open.close: \(received) of \(count)")
                return Double(elapsed) / Double(count)
            },
            {
                let start = now()
                var received = 0
                for i in 0..<count {
                    var iterator = center.messages(of: subject, for: Tick.self).makeAsyncIterator()
                    center.post(Tick(value: i), subject: subject)
                    if try await iterator.next() != nil { received += 1 }
                }
                let elapsed = now() - start
                try check(received == count, "NotificationCenter stream.open.close: \(received) of \(count)")
                return Double(elapsed) / Double(count)
            })
        return BenchHarness.result("stream.open.close", ours, anchor: "NotificationCenter.messages", anchor)
    }
}
