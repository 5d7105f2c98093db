public import Foundation
public import NoticeHub
import Synchronization

/// Records what a hub delivers while the recorder lives, to compare with what
/// a test expects, or to save as a fixture.
///
/// With `Cart`, a colleague of the app under test (see <doc:TestingByReplay>):
///
/// ```swift
/// let recorder = NoticeRecorder(app, names: ["cart.*"])
/// try cart.checkOut()
/// if let difference = recorder.difference(from: [
///     try FixtureNotice("cart.checkedOut", sender: "cart", payload: ["items": ["tea"]]),
/// ]) {
///     Issue.record(Comment(rawValue: difference))   // or XCTFail(difference)
/// }
/// ```
public final class NoticeRecorder: Sendable {
    private final class Log: Sendable {
        let notices = Mutex<[Notice]>([])
    }

    private let log = Log()
    private let subscription: Subscription

    /// Records the notices `hub` delivers from now on whose names are among
    /// `names` or match one of its patterns (`news.*`), as observers match
    /// them; nil records every name.
    public init(_ hub: NoticeHub, names: Set<NoticeName>? = nil) {
        let log = log
        subscription = hub.observe(nil) { notice in
            guard names?.selects(notice.name) ?? true else { return }
            log.notices.withLock { $0.append(notice) }
        }
    }

    /// The notices recorded so far, in the order they were delivered.
    public var notices: [Notice] { log.notices.withLock { $0 } }

    /// Nil when the recording is `expected`, notice by notice (names,
    /// senders, payloads and versions); otherwise one readable line per notice, marking
    /// those that differ, are missing or are extra.
    ///
    /// Notices are compared field by field, not by their rendering: a notice
    /// without sender differs from one whose sender is named `nobody`.
    public func difference(from expected: [FixtureNotice]) -> String? {
        let recorded = notices.map(Recorded.init)
        guard recorded.count != expected.count || zip(recorded, expected).contains(where: { !$0.states($1) }) else {
            return nil
        }
        var lines = ["recorded \(recorded.count) notices, expected \(expected.count):"]
        for index in 0..<max(recorded.count, expected.count) {
            switch (index < recorded.count ? recorded[index] : nil, index < expected.count ? expected[index] : nil) {
            case let (got?, want?) where got.states(want):
                lines.append("  \(index + 1) ok       \(got)")
            case let (got?, want?):
                lines.append("  \(index + 1) expected \(want)")
                lines.append("    recorded \(got)")
            case let (nil, want?):
                lines.append("  \(index + 1) missing  \(want)")
            case let (got?, nil):
                lines.append("  \(index + 1) extra    \(got)")
            case (nil, nil):
                break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A recorded notice as ``difference(from:)`` compares it.
    private enum Recorded: CustomStringConvertible {
        case readable(FixtureNotice)
        /// Its payload has no JSON form.
        case unreadable(NoticeName)

        init(_ notice: Notice) {
            if let stated = try? FixtureNotice(notice) {
                self = .readable(stated)
            } else {
                self = .unreadable(notice.name)
            }
        }

        /// Whether this is `expected`, field by field.
        func states(_ expected: FixtureNotice) -> Bool {
            if case .readable(let notice) = self { return notice == expected }
            return false
        }

        var description: String {
            switch self {
            case .readable(let notice): notice.description
            case .unreadable(let name): "\(name) (payload not readable)"
            }
        }
    }

    /// The recording as export lines, one per notice: what
    /// ``NoticeFixture/init(jsonl:projections:)`` and `noticectl import` read.
    public func fixtureLines() throws -> String {
        try notices.map { try NoticeLine.encode($0) + "\n" }.joined()
    }

    /// Writes ``fixtureLines()`` to `url`, to make a fixture from a real run.
    public func writeFixture(to url: URL) throws {
        try Data(fixtureLines().utf8).write(to: url)
    }

    deinit {
        subscription.cancel()
    }
}
