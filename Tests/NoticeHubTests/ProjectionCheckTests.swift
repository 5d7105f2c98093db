import NoticeHub
import Testing
import TestSupport

/// `projectionDifferences` replays a journal's notices as they were posted.
struct ProjectionCheckTests {
    /// Keeps each reading's payload version, as a projection reading a
    /// versioned message depends on it.
    struct Versions: Projection {
        let schema = ProjectionSchema(
            identity: "test.versions", version: 1, tables: ["versions"],
            migrations: [
                ProjectionMigration(
                    1, "versions", sql: "CREATE TABLE versions (seq INTEGER PRIMARY KEY, version INTEGER NOT NULL)")
            ])
        let names: Set<NoticeName> = ["meter.read"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            let count = try store.integer("SELECT count(*) FROM versions", []) ?? 0
            try store.execute(
                "INSERT INTO versions (seq, version) VALUES (?, ?)",
                [.integer(count + 1), .integer(Int64(notice.version))])
        }
    }

    @Test func aNoticeOfALaterPayloadVersionIsReplayedAtThatVersion() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")), projections: [Versions()])
        try hub.post("meter.read", json: #"{"celsius":21}"#)
        try hub.post("meter.read", json: #"{"kelvin":294}"#, version: 2)
        #expect(try hub.journal.projectionDifferences(Versions()) == [])
    }
}
