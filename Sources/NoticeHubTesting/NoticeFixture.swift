public import Foundation
public import NoticeHub

/// Recorded notices for a replay-based test, in a throwaway journal: a
/// temporary file that goes away with the fixture.
///
/// With `Cart`, a colleague of the app under test (see <doc:TestingByReplay>):
///
/// ```swift
/// let fixture = try NoticeFixture(contentsOf: url)   // lines of `noticectl export`
/// let app = NoticeHub()
/// let cart = Cart(hub: app)
/// var sizes: [Int] = []
/// try fixture.replay(into: app) { _ in sizes.append(cart.items.count) }
/// ```
public final class NoticeFixture: Sendable {
    /// The hub on the fixture's journal; a test may post more, or read it.
    /// Its posts are committed before they return, so a read sees them.
    public let hub: NoticeHub
    private let directory: URL

    /// The notices of export lines (`noticectl export`, ``NoticeRecorder/fixtureLines()``),
    /// imported under `projections` (none by default), which refuse what live
    /// posting would. Throws, naming the line, when one is malformed or refused.
    public init(lines: some Sequence<String>, projections: [any Projection] = []) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("noticehub-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            hub = try NoticeHub(
                journal: SQLiteJournal(path: directory.appendingPathComponent("fixture.sqlite").path),
                projections: projections)
            _ = try hub.importNotices(lines)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// The notices of a `.jsonl` file.
    public convenience init(contentsOf url: URL, projections: [any Projection] = []) throws {
        try self.init(jsonl: String(contentsOf: url, encoding: .utf8), projections: projections)
    }

    /// The notices of export lines in one string, split as `noticectl import`
    /// splits a file: at each `\n` only (a `\r` before it is JSON
    /// whitespace), so that a payload holding U+2028, U+2029 or U+0085 loads,
    /// and blank lines count in the line numbers of errors.
    public convenience init(jsonl text: String, projections: [any Projection] = []) throws {
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        try self.init(lines: lines, projections: projections)
    }

    /// The notices given, posted in order.
    public convenience init(notices: [FixtureNotice], projections: [any Projection] = []) throws {
        try self.init(lines: [String](), projections: projections)
        for notice in notices {
            try hub.post(notice.name, sender: notice.sender, json: notice.payloadJSON, version: notice.version)
        }
    }

    deinit {
        try? hub.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The fixture's notices, in order: the ordinary ones, which a replay
    /// delivers (requests and replies are left out, as replays leave them).
    public func notices() throws -> [Notice] {
        var notices: [Notice] = []
        try hub.journal.read(JournalQuery(kinds: [.notice])) { notice in
            notices.append(notice)
            return true
        }
        return notices
    }

    /// Delivers every notice of the fixture, in order, to `target`'s
    /// observers (fresh colleagues, say), as a replay (`Notice.isReplay`);
    /// `afterEach`, when given, runs after each notice was delivered, to
    /// inspect the colleagues' state there. Returns how many notices it
    /// delivered.
    @discardableResult
    public func replay(into target: NoticeHub, afterEach: ((Notice) throws -> Void)? = nil) throws -> Int {
        guard let afterEach else { return try hub.replay(into: target) }
        let notices = try notices()
        for notice in notices {
            try hub.replay(from: notice.sequence!, through: notice.sequence!, into: target)
            try afterEach(notice)
        }
        return notices.count
    }
}
