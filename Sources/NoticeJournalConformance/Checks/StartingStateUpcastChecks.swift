import NoticeHub
import Testing

/// A projection raising its version on a trimmed journal: the state the
/// journal starts from, which the earlier version made, is upcast by the
/// projection and becomes the new version's start; a projection that does
/// not upcast is refused and changes nothing. The same for a journal's tail
/// imported with the earlier version's state.
struct StartingStateUpcastChecks {
    /// Version 2 of ``SnapshotChecks/Shelf``: each book also counts its
    /// loans, in a column its second migration adds. The loans of a state
    /// version 1 made are counted by the upcast.
    struct CountingShelf: Projection {
        var schema: ProjectionSchema {
            ProjectionSchema(
                identity: "test.shelf", version: 2, tables: ["books", "loans"],
                migrations: [
                    SnapshotChecks.Shelf.shelfTables,
                    ProjectionMigration(
                        2, "loan-counts",
                        [
                            .sqlite: "ALTER TABLE books ADD COLUMN loaned INTEGER NOT NULL DEFAULT 0",
                            .postgresql: "ALTER TABLE books ADD COLUMN loaned bigint NOT NULL DEFAULT 0",
                        ]),
                ])
        }

        var names: Set<NoticeName> { SnapshotChecks.Shelf().names }

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try SnapshotChecks.Shelf().apply(notice, to: store)
            guard notice.name == "book.lent" else { return }
            let loan = try notice.decode(SnapshotChecks.Shelf.Loan.self)
            try store.execute("UPDATE books SET loaned = loaned + 1 WHERE id = ?", [.integer(loan.book)])
        }

        func upcastStartingState(madeBy version: Int, in store: any ProjectionStore) throws {
            try store.execute("UPDATE books SET loaned = (SELECT count(*) FROM loans WHERE loans.book = books.id)", [])
        }
    }

    /// Each book's loan count.
    static func loanCounts(_ hub: NoticeHub) throws -> [Int64: Int64] {
        try hub.journal.readState { store in
            var counts: [Int64: Int64] = [:]
            try store.rows("SELECT id, loaned FROM books", []) { counts[$0[0].integer ?? -1] = $0[1].integer }
            return counts
        }
    }

    func aRaisedVersionStartsFromTheUpcastState(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try SnapshotChecks.shelf(in: place)
        try hub.journal.trim(through: 5)
        let made = try hub.journal.startingState()

        // Version 2 without an upcast cannot start from version 1's state.
        #expect {
            try place.hub(projections: [SnapshotChecks.Shelf(version: 2)])
        } throws: { error in
            guard case .projectionUnusable("test.shelf", let problem) = (error as? JournalError)?.kind else {
                return false
            }
            return problem.hasPrefix("version 2 cannot start from the state version 1 made as of #5")
        }
        #expect(try hub.journal.startingState() == made)
        #expect(try hub.journal.installedProjections().map(\.version) == [1])

        let upgraded = try place.hub(projections: [CountingShelf()])
        #expect(try Self.loanCounts(upgraded) == [1: 2, 2: 1, 3: 1])
        let start = try #require(upgraded.journal.startingState().first)
        #expect(start.version == 2 && start.schemaVersion == 2 && start.through == 5)
        #expect(start.tables[0].columns == ["id", "title", "price", "note", "loaned"])
        #expect(start.tables[0].rows.map { $0.last } == [.integer(1), .integer(1)])
        #expect(start.tables[1] == made[0].tables[1], "the loans are as version 1 left them")
        #expect(try upgraded.journal.projectionDifferences(CountingShelf()) == [])
        #expect(try upgraded.journal.rebuildProjection("test.shelf").replayed == 3)
        #expect(try Self.loanCounts(upgraded) == [1: 2, 2: 1, 3: 1])
    }

    func aTailWithAnEarlierVersionsStateImportsUpcast(backend: ConformanceBackend) throws {
        let sourcePlace = try backend.makePlace()
        let source = try SnapshotChecks.shelf(in: sourcePlace)
        try source.journal.trim(through: 4)
        let tail = try SnapshotChecks.exportLines(source, states: try source.journal.startingState(), from: 5)

        let refusingPlace = try backend.makePlace()
        let refusing = try refusingPlace.hub(projections: [SnapshotChecks.Shelf(version: 2)])
        #expect {
            try refusing.journal.importNotices(tail)
        } throws: { error in
            (error as? ImportError)?.reason.contains("version 2 cannot start from the state version 1 made") == true
        }
        #expect(try refusing.journal.lastSequence() == 0)

        let place = try backend.makePlace()
        let carved = try place.hub(projections: [CountingShelf()])
        #expect(try carved.journal.importNotices(tail) == ImportSummary(notices: 4, imported: 4, statesLoaded: 1))
        #expect(try Self.loanCounts(carved) == [1: 2, 2: 1, 3: 1])
        #expect(try carved.journal.startingState().map(\.version) == [2])
        #expect(try carved.journal.projectionDifferences(CountingShelf()) == [])
    }
}
