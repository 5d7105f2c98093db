import Foundation
import NoticeHub
import NoticeJournalConformance
import Testing

/// The `Projection` protocol's documented example, as written, on every
/// backend: the same SQL makes its table and keeps its counts on both.
struct DocumentedProjectionConformanceTests {
    struct ClickCounter: Projection {
        let schema = ProjectionSchema(
            identity: "clicks", version: 1, tables: ["clicks"],
            migrations: [
                ProjectionMigration(
                    1, "clicks",
                    sql: """
                        CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)
                        """)
            ])
        let names: Set<NoticeName> = ["page.clicked"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            let page = try notice.decode(String.self)
            try store.upsert(
                into: "clicks", values: ["page": .text(page), "count": 1],
                conflictKey: ["page"], adding: ["count"])
        }
    }

    @Test(arguments: Backend.all)
    func theDocumentedExampleCountsClicksOnEveryBackend(backend: Backend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [ClickCounter()])
        for page in ["home", "about", "home"] { try hub.post("page.clicked", payload: page) }
        let counts = try hub.journal.readState { store in
            var counts: [String: Int64] = [:]
            try store.rows("SELECT page, count FROM clicks", []) { counts[$0[0].text ?? ""] = $0[1].integer }
            return counts
        }
        #expect(counts == ["home": 2, "about": 1])
        #expect(try hub.journal.projectionDifferences(ClickCounter()) == [])
        #expect(try hub.journal.rebuildProjection("clicks").replayed == 3)
        #expect(try hub.journal.projectionDifferences(ClickCounter()) == [])
    }

    @Test(arguments: Backend.all)
    func insertIfAbsentSaysWhetherItInserted(backend: Backend) throws {
        struct Members: Projection {
            let schema = ProjectionSchema(
                identity: "members", tables: ["members"],
                migrations: [
                    ProjectionMigration(
                        1, "members",
                        sql: "CREATE TABLE members (team INTEGER, \"user\" TEXT, PRIMARY KEY (team, \"user\"))")
                ])
            let names: Set<NoticeName> = ["team.joined"]
            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                let user = try notice.decode(String.self)
                guard try store.insertIfAbsent(into: "members", values: ["team": 1, "user": .text(user)]) else {
                    throw ProjectionRejection("\(user) is a member already")
                }
            }
        }
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [Members()])
        try hub.post("team.joined", payload: "alice")
        #expect(throws: JournalError.refused(name: "team.joined", reason: "alice is a member already")) {
            try hub.post("team.joined", payload: "alice")
        }
        #expect(try hub.journal.readState { try $0.integer("SELECT count(*) FROM members", []) } == 1)
    }

    /// The example in `Projection`'s documentation is the one above.
    @Test func theDocumentationShowsThisExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let source = try String(
            contentsOf: root.appendingPathComponent("Sources/NoticeHubCore/Projections/Projection.swift"),
            encoding: .utf8)
        let sample =
            source.components(separatedBy: "/// ```swift\n").dropFirst().first?
            .components(separatedBy: "/// ```").first ?? ""
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func normalized(_ text: String) -> String {
            text.split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "/// ", with: "") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "///" }
                .joined(separator: "\n")
        }
        #expect(!sample.isEmpty)
        #expect(normalized(here).contains(normalized(sample)))
    }
}
