import NoticeHub
import NoticeSQLite
import Testing
import TestSupport

/// `hub.journal.verify()` checks as `noticectl verify` does, stage by stage,
/// and reports rather than prints.
struct JournalVerificationTests {
    struct Clicked: NoticeMessage {
        static let name: NoticeName = "page.clicked"
        var page: String
    }

    /// Counts clicks per page.
    struct Clicks: Projection {
        let schema = ProjectionSchema(
            identity: "clicks", version: 1, tables: ["clicks"],
            migrations: [
                ProjectionMigration(
                    1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)")
            ])
        let names: Set<NoticeName> = [Clicked.name]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try store.upsert(
                into: "clicks", values: ["page": .text(try notice.decode(Clicked.self).page), "count": 1],
                conflictKey: ["page"], adding: ["count"])
        }
    }

    /// A journal of three clicks under `Clicks`, closed; its path.
    static func journal(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("journal.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), projections: [Clicks()])
        for page in ["home", "about", "home"] { try hub.post(Clicked(page: page)) }
        try hub.close()
        return path
    }

    @Test func aSoundJournalIsSoundAndItsCheckpointIsWhereTheRowsWereCheckedThrough() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: Self.journal(in: directory)), projections: [Clicks()])
        let found = try hub.journal.verify(messageTypes: [Clicked.self])
        #expect(found.isSound)
        #expect(found.integrityProblems == [])
        #expect(found.undecodable?.checked == 3)
        #expect(found.checkedThrough == 3 && found.notices == 3 && found.checkpoint == nil)
        try hub.journal.saveVerifiedCheckpoint(found.checkedThrough)
        try hub.post(Clicked(page: "contact"))
        let since = try hub.journal.verify(sinceCheckpoint: true)
        #expect(since.isSound && since.checkpoint == 3 && since.checkedThrough == 4)
        #expect(since.integrityProblems == nil, "a check since a checkpoint skips the storage's own")
    }

    @Test func storedStateThatDisagreesIsADifferenceNamedByItsProjection() throws {
        let directory = TemporaryDirectory()
        let path = try Self.journal(in: directory)
        try SQLiteConnection(path: path).execute("UPDATE clicks SET count = 9 WHERE page = 'home'")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let found = try hub.journal.verify(projections: [Clicks()])
        #expect(!found.isSound)
        #expect(!found.projectionDifferences.isEmpty)
        #expect(found.projectionDifferences.allSatisfy { $0.hasPrefix("clicks: ") && $0.contains("home") })
        // Without the projection, it is named unchecked and the journal is sound.
        let uncarried = try hub.journal.verify()
        #expect(uncarried.isSound && uncarried.uncheckedProjections.map(\.identity) == ["clicks"])
        #expect(uncarried.uncheckedProjections.first?.trimmedFrom == nil)
    }

    @Test func aMalformedRowEndsTheCheckBeforeThePayloadsAndTheProjections() throws {
        let directory = TemporaryDirectory()
        let path = try Self.journal(in: directory)
        try SQLiteConnection(path: path).execute("UPDATE notices SET payload = 'not json' WHERE seq = 2")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let found = try hub.journal.verify(projections: [Clicks()], messageTypes: [Clicked.self])
        #expect(!found.isSound)
        #expect(found.malformedRows?.count == 1)
        #expect(found.undecodable == nil && found.projectionDifferences.isEmpty)
    }

    @Test func aPayloadThatDoesNotDecodeEndsTheCheckBeforeTheProjections() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        try hub.post("page.clicked", json: #"{"url":"/"}"#)
        let found = try hub.journal.verify(messageTypes: [Clicked.self])
        #expect(!found.isSound)
        #expect(found.undecodable?.count == 1 && found.undecodable?.listed.first?.notice.sequence == 1)
    }
}
