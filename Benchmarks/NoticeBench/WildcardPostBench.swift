import Foundation
import NoticeHub

/// `post.wildcard.k100`: 100 observers on patterns, half `*` and half `>`,
/// over 10 prefixes; round-robin posts of 20 literal names, each heard by 10
/// observers (`bench.wild.3.a`) or 5 (`bench.wild.3.a.b`, which only `>`
/// matches). The anchor is what NotificationCenter offers for wildcards: 100
/// observers of every name (`forName: nil`) that filter by name in their
/// handler, delivering the same notices to the same observers.
enum WildcardPostBench {
    static let id = "post.wildcard.k100"

    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        if options.selects(id) { report(try measure(options)) }
    }

    /// One observer's pattern: `bench.wild.<prefix>.*` or `bench.wild.<prefix>.>`.
    private struct Pattern {
        let prefix: String
        let isRest: Bool

        var name: NoticeName { NoticeName(stringLiteral: prefix + (isRest ? ">" : "*")) }

        /// The filter a NotificationCenter handler applies: the prefix, then
        /// one segment (`*`) or anything non-empty (`>`).
        func admits(_ text: String) -> Bool {
            guard text.hasPrefix(prefix) else { return false }
            let rest = text.utf8.dropFirst(prefix.utf8.count)
            return !rest.isEmpty && (isRest || !rest.contains(UInt8(ascii: ".")))
        }
    }

    static func measure(_ options: BenchOptions) throws -> BenchResult {
        let harness = BenchHarness(repetitions: options.repetitions)
        // About two million handler calls per run, as post.name.k100.
        let posts = options.size(200_000, floor: 1_000)
        let patterns = (0..<100).map { i in Pattern(prefix: "bench.wild.\(i % 10).", isRest: i % 20 >= 10) }
        let texts = (0..<10).flatMap { ["bench.wild.\($0).a", "bench.wild.\($0).a.b"] }
        let perName = texts.map { text in patterns.filter { $0.admits(text) }.count }
        let expected = (0..<posts).reduce(0) { $0 + perName[$1 % texts.count] }

        let names = texts.map { NoticeName(stringLiteral: $0) }
        let hub = NoticeHub()
        let counter = Counter()
        let tokens = patterns.map { pattern in hub.observe(pattern.name) { _ in counter.value += 1 } }

        let center = NotificationCenter()
        let ncNames = texts.map { Notification.Name($0) }
        let ncCounter = Counter()
        let observers = patterns.map { pattern in
            center.addObserver(forName: nil, object: nil, queue: nil) { notification in
                guard pattern.admits(notification.name.rawValue) else { return }
                ncCounter.value += 1
            }
        }
        let samples = try harness.measureAlternating([
            {
                counter.value = 0
                for j in 0..<posts { try hub.post(names[j % names.count]) }
                try check(counter.value == expected, "\(id): \(counter.value) deliveries, expected \(expected)")
                return posts
            },
            {
                ncCounter.value = 0
                for j in 0..<posts { center.post(name: ncNames[j % ncNames.count], object: nil) }
                try check(
                    ncCounter.value == expected,
                    "NotificationCenter: \(ncCounter.value) deliveries, expected \(expected)")
                return posts
            },
        ])
        withExtendedLifetime(tokens) {}
        observers.forEach(center.removeObserver)
        return BenchHarness.result(id, samples[0], anchor: "NotificationCenter, nil name, filtering", samples[1])
    }
}
