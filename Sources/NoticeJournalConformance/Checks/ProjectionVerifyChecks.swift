import NoticeHub
import Testing

/// `projectionDifferences` applies the journal's notices again as they were
/// journaled: a projection that keeps each notice's sequence number, id,
/// time and metadata agrees with its replay, before a trim and after one.
struct ProjectionVerifyChecks {
    /// One row per visit, keyed by the notice's sequence number.
    struct Visits: Projection {
        let schema = ProjectionSchema(
            identity: "test.visits", tables: ["visits"],
            migrations: [
                ProjectionMigration(
                    1, "visits",
                    [
                        .sqlite: """
                        CREATE TABLE visits (
                            seq INTEGER PRIMARY KEY, id TEXT NOT NULL, at INTEGER NOT NULL, page TEXT NOT NULL,
                            trace TEXT)
                        """,
                        .postgresql: """
                        CREATE TABLE visits (
                            seq bigint PRIMARY KEY, id text NOT NULL, at bigint NOT NULL, page text NOT NULL,
                            trace text)
                        """,
                    ])
            ])
        let names: Set<NoticeName> = ["page.visited"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            guard let sequence = notice.sequence else { throw ProjectionRejection("a visit needs its sequence") }
            try store.execute(
                "INSERT INTO visits (seq, id, at, page, trace) VALUES (?, ?, ?, ?, ?)",
                [
                    .integer(sequence), .text(notice.id.description), .integer(notice.postedAtMilliseconds),
                    .text(try notice.decode(String.self)), notice.metadata["trace"].map { .text($0) } ?? .null,
                ])
        }
    }

    func aProjectionKeepingEachNoticesSequenceIdAndTimeAgreesWithItsReplay(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [Visits()])
        try hub.post("page.visited", payload: "/")
        try hub.post("other")
        try hub.post("page.visited", payload: "/about", metadata: ["trace": "t-1"])
        try hub.post("page.visited", payload: "/")
        #expect(try hub.journal.readState { try $0.integer("SELECT count(*) FROM visits", []) } == 3)
        #expect(try hub.journal.projectionDifferences(Visits()) == [])

        try hub.journal.trim(through: 3)
        try hub.post("page.visited", payload: "/contact")
        #expect(try hub.journal.projectionDifferences(Visits()) == [])
        #expect(try hub.journal.rebuildProjection("test.visits").refusedCount == 0)
        #expect(try hub.journal.projectionDifferences(Visits()) == [])
    }
}
