import NoticeHub
import Testing
import TestSupport

/// What a poster gets when a projection's `apply` throws, as `Projection`
/// documents it: a rejection is a refusal, an error of the store's SQL a
/// storage failure, any other error itself; the notice alone is left out.
struct ProjectionFailureTests {
    struct Broken: Error, Equatable {}

    /// Keeps `tally.counted`'s numbers; for -1 throws `Broken`, for 0
    /// refuses, for 99 runs SQL that fails.
    struct Tally: Projection {
        let schema = ProjectionSchema(
            identity: "tally", version: 1, tables: ["tally"],
            migrations: [ProjectionMigration(1, "tally", sql: "CREATE TABLE tally (n INTEGER NOT NULL)")])
        let names: Set<NoticeName> = ["tally.counted"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            let n = try notice.decode(Int.self)
            if n == -1 { throw Broken() }
            if n == 0 { throw ProjectionRejection("zero counts nothing") }
            let table = n == 99 ? "missing" : "tally"
            try store.execute("INSERT INTO \(table) (n) VALUES (?)", [.integer(Int64(n))])
        }
    }

    @Test(arguments: [Durability.always, .batched(maxDelay: .seconds(60)), .never])
    func thePosterGetsTheErrorAndOnlyItsNoticeIsLeftOut(durability: Durability) throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: directory.path("j.sqlite")), durability: durability, projections: [Tally()])
        let heard = Recorder<Int64?>()
        let token = hub.observe("tally.counted") { heard.append($0.sequence) }
        try hub.post("tally.counted", payload: 1)
        #expect(throws: Broken()) { try hub.post("tally.counted", payload: -1) }
        #expect(throws: JournalError.refused(name: "tally.counted", reason: "zero counts nothing")) {
            try hub.post("tally.counted", payload: 0)
        }
        #expect {
            try hub.post("tally.counted", payload: 99)
        } throws: { error in
            guard let failure = (error as? JournalError)?.storageFailure else { return false }
            return "\(failure)".contains("no such table: missing")
        }
        try hub.post("tally.counted", payload: 2)
        try hub.journal.flush()
        #expect(try hub.journal.lastSequence() == 2)
        #expect(heard.elements == [1, 2])
        var rows: [Int64] = []
        try hub.journal.readState { try $0.rows("SELECT n FROM tally ORDER BY n", []) { rows.append($0[0].integer!) } }
        #expect(rows == [1, 2])
        token.cancel()
    }
}
