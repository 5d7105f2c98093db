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
            _ = try hub.journal.importNotices(lines)
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
    /// observers (fresh colleagues, say), as a replay (`Notice.isReplay`),
    /// and waits for each to reach every observer: after each notice, the
    /// deliveries it handed to observers on the main actor, an actor or a
    /// queue, and to asynchronous observers, have run before `afterEach`
    /// runs with that notice, so `afterEach` sees every colleague's state
    /// there; and they have run when this returns. Returns how many notices
    /// it delivered.
    ///
    /// It runs on the caller's actor (a `@MainActor` test's main actor, say),
    /// and lets that actor run its observers while it waits.
    ///
    /// ```swift
    /// @MainActor @Test func cartCountsItems() async throws {
    ///     let cart = Cart(hub: app)           // observes on the main actor
    ///     var sizes: [Int] = []
    ///     try await fixture.replay(into: app) { _ in sizes.append(cart.items.count) }
    /// }
    /// ```
    ///
    /// A notice that a typed observer of `target` cannot decode does not stop
    /// the replay: every other notice is delivered (and `afterEach` runs for
    /// every notice), then it throws `UndecodableNotices`, naming each. An
    /// asynchronous typed observer, which decodes on its own task, reports
    /// such a notice to the hub's `onUndecodable` handler instead.
    @discardableResult
    public func replay(
        into target: NoticeHub,
        isolation: isolated (any Actor)? = #isolation,
        afterEach: ((Notice) throws -> Void)? = nil
    ) async throws -> Int {
        let undecodables = CollectedUndecodables()
        let notices = try notices()
        for notice in notices {
            try hub.journal.replay(
                from: notice.sequence!, through: notice.sequence!, into: target, onUndecodable: undecodables.add)
            await target.pendingDeliveries.settled()
            try afterEach?(notice)
        }
        try undecodables.throwIfAny(checked: notices.count)
        return notices.count
    }

    /// Delivers every notice of the fixture, in order, to `target`'s
    /// observers, as ``replay(into:isolation:afterEach:)`` does, without
    /// waiting: observers on the posting thread have run when `afterEach`
    /// runs, and those on the main actor, an actor or a queue, and
    /// asynchronous ones, later. A test that has such observers calls the
    /// `async` form, which waits for them. Returns how many notices it
    /// delivered; throws `UndecodableNotices` at its end as the `async` form
    /// does.
    @discardableResult
    public func replay(into target: NoticeHub, afterEach: ((Notice) throws -> Void)? = nil) throws -> Int {
        guard let afterEach else { return try hub.journal.replay(into: target) }
        let undecodables = CollectedUndecodables()
        let notices = try notices()
        for notice in notices {
            try hub.journal.replay(
                from: notice.sequence!, through: notice.sequence!, into: target, onUndecodable: undecodables.add)
            try afterEach(notice)
        }
        try undecodables.throwIfAny(checked: notices.count)
        return notices.count
    }
}

/// The undecodable notices of a replay made one notice at a time, thrown
/// together at its end, as one replay throws them.
private final class CollectedUndecodables {
    private var count = 0
    private var listed: [UndecodableNotice] = []

    func add(_ undecodable: UndecodableNotice) {
        count += 1
        if listed.count < UndecodableNotices.listedLimit { listed.append(undecodable) }
    }

    func throwIfAny(checked: Int) throws {
        guard count > 0 else { return }
        throw UndecodableNotices(checked: checked, count: count, listed: listed)
    }
}
