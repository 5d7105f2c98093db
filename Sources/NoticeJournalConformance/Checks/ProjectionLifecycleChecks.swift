import Foundation
import NoticeHub
import Testing

/// A user's own projection on every backend: it makes its tables, keeps
/// its state while notices are posted, is rebuilt when its version goes up
/// or it joins a journal that has notices, and the journal remembers it so
/// that no hub posts around it.
struct ProjectionLifecycleChecks {
    /// Counts clicks per page: version 1 counts each click once, version 2
    /// twice (a change of logic that needs a rebuild). Migration 2, when
    /// declared, adds a column.
    struct Clicks: Projection {
        var version = 1
        var withSecondMigration = false
        var refusing: String?

        var schema: ProjectionSchema {
            var migrations = [
                ProjectionMigration(
                    1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)")
            ]
            if withSecondMigration {
                migrations.append(
                    ProjectionMigration(
                        2, "note",
                        [
                            .sqlite: "ALTER TABLE clicks ADD COLUMN note TEXT",
                            .postgresql: "ALTER TABLE clicks ADD COLUMN note text",
                        ]))
            }
            return ProjectionSchema(
                identity: "test.clicks", version: version, tables: ["clicks"], migrations: migrations)
        }

        let names: Set<NoticeName> = ["page.clicked"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            let page = try notice.decode(String.self)
            if page == refusing { throw ProjectionRejection("\(page) is not counted") }
            try store.upsert(
                into: "clicks", values: ["page": .text(page), "count": .integer(Int64(version))],
                conflictKey: ["page"], adding: ["count"])
        }
    }

    static func counts(_ hub: NoticeHub) throws -> [String: Int64] {
        try hub.journal.readState { store in
            var counts: [String: Int64] = [:]
            try store.rows("SELECT page, count FROM clicks", []) { counts[$0[0].text ?? ""] = $0[1].integer }
            return counts
        }
    }

    static func tables(_ hub: NoticeHub) throws -> [String] {
        try hub.journal.readState { store in
            let sql =
                store.dialect == .sqlite
                ? "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
                : "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() "
                    + "ORDER BY table_name"
            var names: [String] = []
            try store.rows(sql, []) { names.append($0[0].text ?? "") }
            return names
        }
    }

    func aFreshJournalHoldsOnlyTheJournalUntilAProjectionIsInstalled(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let plain = try place.hub()
        let journalTables = try Self.tables(plain)
        #expect(
            !journalTables.contains("news") && !journalTables.contains("likes") && !journalTables.contains("profiles"))
        #expect(journalTables.contains("notices") && journalTables.contains("projections"))
        #expect(try plain.journal.installedProjections() == [])

        let hub = try place.hub(projections: [Clicks()])
        #expect(try Self.tables(hub) == (journalTables + ["clicks"]).sorted())
        let installed = try hub.journal.installedProjections()
        #expect(installed.map(\.identity) == ["test.clicks"])
        #expect(installed.first?.version == 1 && installed.first?.schemaVersion == 1)
        #expect(installed.first?.names == ["page.clicked"])
    }

    func stateIsKeptWhilePostingAndRebuiltWhenTheVersionGoesUp(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [Clicks()])
        for page in ["home", "home", "about"] { try hub.post("page.clicked", payload: page) }
        try hub.post("other")
        #expect(try Self.counts(hub) == ["home": 2, "about": 1])
        #expect(try hub.journal.installedProjections().first?.currentThrough == 3)
        #expect(try hub.journal.projectionDifferences(Clicks()) == [])
        try hub.close()

        var rebuilt: [RebuildProgress] = []
        let upgraded = try NoticeHub(
            journal: place.open(), projections: [Clicks(version: 2, withSecondMigration: true)],
            rebuildProgress: { rebuilt.append($0) })
        #expect(try Self.counts(upgraded) == ["home": 4, "about": 2])
        #expect(upgraded.journal.openingRebuilds.map(\.replayed) == [3])
        #expect(rebuilt.last?.replayed == 3 && rebuilt.last?.fraction == 1)
        let installed = try upgraded.journal.installedProjections().first
        #expect(installed?.version == 2 && installed?.schemaVersion == 2 && installed?.currentThrough == 4)
        let withoutNote = try upgraded.journal.readState {
            try $0.integer("SELECT count(*) FROM clicks WHERE note IS NULL", [])
        }
        #expect(withoutNote == 2, "migration 2 added the column")
        #expect(try upgraded.journal.projectionDifferences(Clicks(version: 2, withSecondMigration: true)) == [])

        // Opening again at the same version rebuilds nothing.
        let again = try NoticeHub(journal: place.open(), projections: [Clicks(version: 2, withSecondMigration: true)])
        #expect(again.journal.openingRebuilds == [])
        #expect(try Self.counts(again) == ["home": 4, "about": 2])
    }

    func aProjectionJoiningAJournalWithNoticesIsBuiltFromThem(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let before = try place.hub()
        for page in ["home", "blog", "home"] { try before.post("page.clicked", payload: page) }
        try before.close()
        let hub = try NoticeHub(journal: place.open(), projections: [Clicks(refusing: "blog")])
        #expect(try Self.counts(hub) == ["home": 2])
        let rebuild = try #require(hub.journal.openingRebuilds.first)
        #expect(rebuild.replayed == 3 && rebuild.refusedCount == 1 && rebuild.currentThrough == 3)
        #expect(rebuild.refusals == ["notice #2 page.clicked: blog is not counted"])
        #expect(try hub.journal.rebuildProjection("test.clicks").replayed == 3)
        #expect(try Self.counts(hub) == ["home": 2])
    }

    func aHubWithoutAnInstalledProjectionCannotPostItsNotices(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        // Opened and posting before the projection is installed: it learns of
        // it at its next commit (on PostgreSQL, from the append that finds the
        // registry moved under the head lock).
        let early = try place.hub()
        try early.post("before")
        let owner = try place.hub(projections: [Clicks()])
        try owner.post("page.clicked", payload: "home")
        let late = try place.hub()
        for hub in [early, late] {
            #expect(throws: JournalError.projectionMissing(name: "page.clicked", projection: "test.clicks")) {
                try hub.post("page.clicked", payload: "home")
            }
            try hub.post("other", payload: "home")
        }
        let batched = try place.hub(durability: .batched(maxDelay: .seconds(60)))
        #expect(throws: JournalError.projectionMissing(name: "page.clicked", projection: "test.clicks")) {
            try batched.post("page.clicked", payload: "home")
        }
        try batched.close()
        #expect(try Self.counts(owner) == ["home": 1])
        #expect(try owner.journal.lastSequence() == 4, "refused notices take no sequence number")
        #expect(try owner.journal.installedProjections().first?.isStale == false)
    }

    func aNoticeJournaledBehindTheProjectionsBackMakesItStaleUntilRebuilt(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [Clicks()])
        try hub.post("page.clicked", payload: "home")
        try hub.close()
        // SQLite stores an id's 16 bytes, the name's code, and a time the
        // id does not carry among the row's extra fields; PostgreSQL a uuid,
        // which it reads from text, and the name.
        try place.runSQL(
            backend.name == "SQLite"
                ? """
                INSERT INTO notices (seq, id, name_code, payload, extra)
                VALUES (2, X'3f1c1d7e8f1a4b6e9a550d1f6c2b7a11',
                        (SELECT code FROM notice_names WHERE name = 'page.clicked'), '"home"', '{"posted_at":0}')
                """
                : """
                INSERT INTO notices (seq, id, name, sender, payload, posted_at)
                VALUES (2, '3f1c1d7e-8f1a-4b6e-9a55-0d1f6c2b7a11', 'page.clicked', NULL, '"home"', 0)
                """)
        if backend.name != "SQLite" {
            // PostgreSQL numbers appends from its head row, which a writer behind its back moves too.
            try place.runSQL("UPDATE journal_head SET last_seq = 2")
        }
        let reader = try place.hub()
        #expect(try reader.journal.installedProjections().map(\.isStale) == [true])
        let reopened = try place.hub(projections: [Clicks()])
        #expect(reopened.journal.openingRebuilds.map(\.replayed) == [2])
        #expect(try Self.counts(reopened) == ["home": 2])
        #expect(try reader.journal.installedProjections().map(\.isStale) == [false])
    }

    func aJournalHoldingANewerVersionIsRefusedAndUnchanged(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let newer = try place.hub(projections: [Clicks(version: 3)])
        try newer.post("page.clicked", payload: "home")
        #expect {
            try place.hub(projections: [Clicks(version: 2)])
        } throws: { error in
            "\(error)"
                == "projection \"test.clicks\": the journal holds version 3, newer than version 2 which this hub carries"
        }
        #expect(try Self.counts(newer) == ["home": 3])
    }

    func aDeclarationThatBreaksTheRulesIsRefusedBeforeAnythingIsWritten(backend: ConformanceBackend) throws {
        struct Misnumbered: Projection {
            let schema = ProjectionSchema(
                identity: "test.misnumbered", tables: ["t"],
                migrations: [ProjectionMigration(2, "t", sql: "CREATE TABLE t (x INTEGER)")])
            let names: Set<NoticeName> = ["x"]
            func apply(_ notice: Notice, to store: any ProjectionStore) throws {}
        }
        let place = try backend.makePlace()
        #expect(
            throws: JournalError.projectionUnusable(
                projection: "test.misnumbered", problem: "migration \"t\" is numbered 2, where 1 comes next")
        ) {
            try place.hub(projections: [Misnumbered()])
        }
        #expect(try place.hub().journal.installedProjections() == [])
    }

    /// A rebuild that fails half way leaves the state it found: one
    /// transaction, never half old and half new.
    func aRebuildThatFailsLeavesTheOldState(backend: ConformanceBackend) throws {
        struct Failing: Error {}
        struct Breaking: Projection {
            let schema = Clicks(version: 2).schema
            let names: Set<NoticeName> = ["page.clicked"]
            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                if notice.sequence == 2 { throw Failing() }
                try Clicks(version: 2).apply(notice, to: store)
            }
        }
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [Clicks()])
        for page in ["home", "about"] { try hub.post("page.clicked", payload: page) }
        #expect(throws: Failing.self) { try place.hub(projections: [Breaking()]) }
        #expect(try Self.counts(hub) == ["home": 1, "about": 1])
        #expect(try hub.journal.installedProjections().first?.version == 1)
        try hub.post("page.clicked", payload: "home")
        #expect(try Self.counts(hub) == ["home": 2, "about": 1])
    }

    /// A projection removed through a hub that does not carry it leaves no
    /// table and no registry entry; hubs opened before the removal post its
    /// names again, and installing it later builds it anew from the notices.
    func aRemovedProjectionLeavesItsTablesAndRegistryAndCanComeBack(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let owner = try place.hub(projections: [Clicks()])
        for page in ["home", "about", "home"] { try owner.post("page.clicked", payload: page) }
        try owner.close()
        let plain = try place.hub()
        let journalTables = try Self.tables(plain)
        #expect(journalTables.contains("clicks"))
        // A declaration that knows fewer migrations than the journal applied
        // may not name every table they made.
        _ = try place.hub(projections: [Clicks(withSecondMigration: true)])
        #expect {
            try plain.journal.removeProjection(Clicks())
        } throws: { error in
            guard case .projectionUnusable(_, let problem) = (error as? JournalError)?.kind else { return false }
            return problem.hasPrefix("the journal's tables are at migration 2")
        }
        #expect {
            try place.hub(projections: [Clicks()]).journal.removeProjection(Clicks())
        } throws: { error in
            let error = error as? JournalError
            return error?.code == .projectionUnusable && error?.projection == "test.clicks"
        }
        #expect(try plain.journal.removeProjection(Clicks(withSecondMigration: true)))
        #expect(try Self.tables(plain) == journalTables.filter { $0 != "clicks" })
        #expect(try plain.journal.installedProjections() == [])
        #expect(try plain.journal.removeProjection(Clicks(withSecondMigration: true)) == false)
        try plain.post("page.clicked", payload: "contact")

        let returning = try place.hub(projections: [Clicks()])
        #expect(returning.journal.openingRebuilds.map(\.replayed) == [4])
        #expect(try Self.counts(returning) == ["home": 2, "about": 1, "contact": 1])
        #expect(try returning.journal.installedProjections().map(\.identity) == ["test.clicks"])
        #expect(throws: JournalError.projectionMissing(name: "page.clicked", projection: "test.clicks")) {
            try plain.post("page.clicked", payload: "home")
        }
    }
}
