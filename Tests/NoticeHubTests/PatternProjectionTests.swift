import NoticeHub
import Testing
import TestSupport

/// A projection may name patterns: it applies to every notice whose name
/// one of them matches, in the append's transaction like any other.
struct PatternProjectionTests {
    struct Tally: Projection {
        let names: Set<NoticeName>
        let table: String

        var schema: ProjectionSchema {
            ProjectionSchema(
                identity: "tally." + table, tables: [table],
                migrations: [ProjectionMigration(1, table, sql: "CREATE TABLE \(table) (name TEXT)")])
        }

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try store.execute("INSERT INTO \(table) (name) VALUES (?)", [.text(notice.name.rawValue)])
        }
    }

    @Test func projectionsOnPatternsApplyToTheMatchingNamesInOrder() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: directory.path("j.sqlite")),
            projections: [Tally(names: ["chat.*"], table: "one"), Tally(names: ["chat.>", "misc"], table: "rest")])
        for name: NoticeName in ["chat", "chat.said", "chat.said.twice", "misc", "other"] { try hub.post(name) }
        func names(in table: String) throws -> [String] {
            try hub.journal.readState { store in
                var names: [String] = []
                try store.rows("SELECT name FROM \(table) ORDER BY rowid", []) { names.append($0[0].text ?? "") }
                return names
            }
        }
        #expect(try names(in: "one") == ["chat.said"])
        #expect(try names(in: "rest") == ["chat.said", "chat.said.twice", "misc"])
    }
}
