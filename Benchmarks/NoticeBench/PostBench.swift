import Foundation
import NoticeHub

/// `post.name.kK` and `post.sender.kK`: K observers, round-robin posts, each
/// handler bumps a counter; against NotificationCenter with the same K block
/// observers (`queue: nil`).
enum PostBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        for k in [10, 100, 1_000] where options.selects("post.name.k\(k)") {
            report(try byName(k: k, options))
        }
        for k in [10, 100, 1_000] where options.selects("post.sender.k\(k)") {
            report(try bySender(k: k, options))
        }
    }

    /// Posts per repetition: every run delivers about two million handler calls.
    static func posts(_ k: Int, _ options: BenchOptions) -> Int {
        options.size(20_000_000 / k, floor: 1_000)
    }

    static func byName(k: Int, _ options: BenchOptions) throws -> BenchResult {
        let harness = BenchHarness(repetitions: options.repetitions)
        let posts = posts(k, options)
        let expected = posts * (k / 10)

        let names = (0..<10).map { NoticeName(stringLiteral: "bench.name.\($0)") }
        let hub = NoticeHub()
        let counter = Counter()
        let tokens = (0..<k).map { i in hub.observe(names[i % 10]) { _ in counter.value += 1 } }

        let center = NotificationCenter()
        let ncNames = (0..<10).map { Notification.Name("bench.name.\($0)") }
        let ncCounter = Counter()
        let observers = (0..<k).map { i in
            center.addObserver(forName: ncNames[i % 10], object: nil, queue: nil) { _ in ncCounter.value += 1 }
        }
        let samples = try harness.measureAlternating([
            {
                counter.value = 0
                for j in 0..<posts { try hub.post(names[j % 10]) }
                try check(counter.value == expected, "post.name: \(counter.value) deliveries, expected \(expected)")
                return posts
            },
            {
                ncCounter.value = 0
                for j in 0..<posts { center.post(name: ncNames[j % 10], object: nil) }
                try check(
                    ncCounter.value == expected,
                    "NotificationCenter: \(ncCounter.value) deliveries, expected \(expected)")
                return posts
            },
        ])
        let (ours, anchor) = (samples[0], samples[1])
        withExtendedLifetime(tokens) {}
        observers.forEach(center.removeObserver)
        return BenchHarness.result("post.name.k\(k)", ours, anchor: "NotificationCenter", anchor)
    }

    static func bySender(k: Int, _ options: BenchOptions) throws -> BenchResult {
        let harness = BenchHarness(repetitions: options.repetitions)
        let posts = posts(k, options)
        let expected = posts * (k / 10)

        let senders = (0..<10).map { Sender(stringLiteral: "sender.\($0)") }
        let name: NoticeName = "bench.sender"
        let hub = NoticeHub()
        let counter = Counter()
        let tokens = (0..<k).map { i in hub.observe(name, sender: senders[i % 10]) { _ in counter.value += 1 } }

        let center = NotificationCenter()
        let ncName = Notification.Name("bench.sender")
        let objects = (0..<10).map { _ in NSObject() }
        let ncCounter = Counter()
        let observers = (0..<k).map { i in
            center.addObserver(forName: ncName, object: objects[i % 10], queue: nil) { _ in ncCounter.value += 1 }
        }
        let samples = try harness.measureAlternating([
            {
                counter.value = 0
                for j in 0..<posts { try hub.post(name, sender: senders[j % 10]) }
                try check(counter.value == expected, "post.sender: \(counter.value) deliveries, expected \(expected)")
                return posts
            },
            {
                ncCounter.value = 0
                for j in 0..<posts { center.post(name: ncName, object: objects[j % 10]) }
                try check(
                    ncCounter.value == expected,
                    "NotificationCenter: \(ncCounter.value) deliveries, expected \(expected)")
                return posts
            },
        ])
        let (ours, anchor) = (samples[0], samples[1])
        withExtendedLifetime(tokens) {}
        observers.forEach(center.removeObserver)
        return BenchHarness.result("post.sender.k\(k)", ours, anchor: "NotificationCenter", anchor)
    }
}
