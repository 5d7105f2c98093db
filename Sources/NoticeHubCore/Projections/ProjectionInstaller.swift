/// Installs and rebuilds projections inside one of the writer's exclusive
/// transactions: migrations and their record commit together, and a rebuild
/// replaces the state in the same transaction, so readers see the old state
/// or the new, never a mix, and posters wait until it commits.
struct ProjectionInstaller {
    let connection: any ProjectionJournalConnection
    let store: any ProjectionStore
    /// Notices read from the journal per batch, and between progress reports.
    static let batchSize = 10_000
    /// Refusals listed in a ``ProjectionRebuild``.
    static let listedRefusals = 20

    init(_ connection: any ProjectionJournalConnection) throws {
        self.connection = connection
        store = try connection.transactionStore()
    }

    /// Brings `projection` to its declared schema and version: applies the
    /// missing migrations, records it, and rebuilds its state when it is new
    /// to a journal holding its notices, its version went up, or its state
    /// is stale. Returns the rebuild, if one ran.
    func install(
        _ projection: any Projection, progress: ((RebuildProgress) -> Void)?
    ) throws -> ProjectionRebuild? {
        let schema = projection.schema
        let installed = try ProjectionRegistry.all(in: store)[schema.identity]
        if let installed, installed.version > schema.version {
            throw JournalError.projectionUnusable(
                projection: schema.identity,
                problem: "the journal holds version \(installed.version), newer than version \(schema.version) "
                    + "which this hub carries")
        }
        if let installed, installed.schemaVersion > schema.schemaVersion {
            throw JournalError.projectionUnusable(
                projection: schema.identity,
                problem: "the journal's tables are at migration \(installed.schemaVersion), newer than "
                    + "\(schema.schemaVersion) which this hub knows")
        }
        for migration in schema.migrations where migration.version > installed?.schemaVersion ?? 0 {
            guard let script = migration.script(for: store.dialect) else {
                throw JournalError.projectionUnusable(
                    projection: schema.identity,
                    problem: "migration \(migration.version) \(IdentifierRules.quoted(migration.name)) "
                        + "has no SQL for \(store.dialect)")
            }
            do {
                try store.executeScript(script)
            } catch {
                throw JournalError.projectionUnusable(
                    projection: schema.identity,
                    problem: "migration \(migration.version) \(IdentifierRules.quoted(migration.name)) failed: \(error)"
                )
            }
        }
        let last = try connection.lastSequence()
        let needsRebuild: Bool =
            switch installed {
            case nil: try connection.hasNotices(named: projection.names, after: 0)
            case let installed?:
                try installed.version < schema.version || Set(installed.names) != projection.names
                    || connection.hasNotices(named: projection.names, after: installed.currentThrough)
            }
        guard needsRebuild else {
            if installed == nil || installed?.schemaVersion != schema.schemaVersion {
                try ProjectionRegistry.record(
                    schema, names: projection.names, currentThrough: installed?.currentThrough ?? last, in: store)
            }
            return nil
        }
        return try rebuild(projection, through: last, progress: progress)
    }

    /// Removes `projection` from the journal: drops its tables (last
    /// declared first), forgets the state the journal starts from for it,
    /// and records it removed. False when the journal has not installed it.
    func remove(_ projection: any Projection) throws -> Bool {
        let schema = projection.schema
        guard let installed = try ProjectionRegistry.all(in: store)[schema.identity] else { return false }
        // An earlier declaration may not name every table later migrations made.
        guard installed.schemaVersion <= schema.schemaVersion else {
            throw JournalError.projectionUnusable(
                projection: schema.identity,
                problem: "the journal's tables are at migration \(installed.schemaVersion), newer than "
                    + "\(schema.schemaVersion) which this hub knows")
        }
        for table in schema.tables.reversed() {
            try store.execute("DROP TABLE IF EXISTS \(SQLQuoting.quoted(table, by: "\""))", [])
        }
        try ProjectionSnapshots.forget(schema.identity, in: store)
        try ProjectionRegistry.recordRemoved(schema.identity, in: store)
        return true
    }

    /// Empties the projection's tables, loads the state the journal starts
    /// from (``ProjectionSnapshots``), if it keeps one for the projection,
    /// and replays every notice of its names after that through `last` into
    /// it, then records it current through `last`.
    func rebuild(
        _ projection: any Projection, through last: Int64, progress: ((RebuildProgress) -> Void)?
    ) throws -> ProjectionRebuild {
        let schema = projection.schema
        let started = ContinuousClock.now
        let total = try countNotices(of: projection.names, through: last)
        var refusals = Refusals(limit: Self.listedRefusals)
        let replayed = try connection.rebuilding {
            let start = try startingState(of: projection)
            return try replay(
                projection, from: start?.through ?? 0, through: last, readingWith: connection.read, refusals: &refusals
            ) { replayed in
                progress?(
                    RebuildProgress(
                        identity: schema.identity, replayed: replayed, total: max(total, replayed),
                        elapsed: started.duration(to: .now).seconds))
            }
        }
        try ProjectionRegistry.record(schema, names: projection.names, currentThrough: last, in: store)
        return ProjectionRebuild(
            identity: schema.identity, version: schema.version, replayed: replayed, currentThrough: last,
            refusals: refusals.listed.map { "notice #\($0.sequence) \($0.name): \($0.reason)" },
            refusedCount: refusals.count)
    }

    /// Applies the notices of `projection`'s names after `start` through
    /// `last`, as `read` gives them (this journal's, or another's for a
    /// scratch replay), to the projection's tables here, in batches; calls
    /// `progress` with the count after each. Returns how many it applied.
    func replay(
        _ projection: any Projection, from start: Int64, through last: Int64?,
        readingWith read: (JournalQuery, (Notice) throws -> Bool) throws -> Void,
        refusals: inout Refusals, progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        var query = JournalQuery(from: start + 1, through: last, names: projection.names, kinds: [.notice])
        query.limit = Self.batchSize
        var replayed = 0
        while true {
            var batch: [Notice] = []
            batch.reserveCapacity(Self.batchSize)
            try read(query) {
                batch.append($0)
                return true
            }
            try apply(batch, through: projection, refusals: &refusals)
            replayed += batch.count
            progress(replayed)
            guard batch.count == Self.batchSize, let next = batch.last?.sequence else { return replayed }
            query.from = next + 1
        }
    }

    /// Empties the projection's tables and loads the state the journal
    /// starts from for it, if it keeps one. A state an earlier version made
    /// is upcast, and replaces the one the journal keeps.
    private func startingState(of projection: any Projection) throws -> ProjectionSnapshot? {
        let schema = projection.schema
        guard let stored = try ProjectionSnapshots.starting(in: store, identity: schema.identity) else {
            try ProjectionSnapshots.empty(schema, in: store)
            return nil
        }
        let start = try ProjectionSnapshots.start(projection, from: stored, in: store)
        if start.version != stored.version { try ProjectionSnapshots.replaceStarting(start, in: store) }
        return start
    }

    /// The state `projection`'s tables hold as of notice `sequence`, which
    /// changes nothing: the tables as they stand when no notice of its names
    /// follows `sequence`, or else a rebuild through `sequence` inside a
    /// savepoint, read and rolled back. A rebuild holds the writer as long as
    /// ``rebuild(_:through:progress:)`` does.
    func state(of projection: any Projection, asOf sequence: Int64) throws -> ProjectionSnapshot {
        let schema = projection.schema
        guard let installed = try ProjectionRegistry.all(in: store)[schema.identity] else {
            throw JournalError.projectionUnusable(
                projection: schema.identity, problem: "the journal does not install it")
        }
        let untouched = try !connection.hasNotices(
            named: projection.names, after: min(sequence, installed.currentThrough))
        if untouched, installed.version == schema.version, Set(installed.names) == projection.names {
            return try ProjectionSnapshots.capture(schema, through: sequence, from: store)
        }
        try store.execute("SAVEPOINT projection_state", [])
        defer {
            _ = try? store.execute("ROLLBACK TO SAVEPOINT projection_state", [])
            _ = try? store.execute("RELEASE SAVEPOINT projection_state", [])
        }
        _ = try rebuild(projection, through: sequence, progress: nil)
        return try ProjectionSnapshots.capture(schema, through: sequence, from: store)
    }

    /// The notices a projection refused while notices were applied to it
    /// again: how many, and the first `limit`.
    struct Refusals {
        let limit: Int
        private(set) var count = 0
        private(set) var listed: [(sequence: Int64, name: NoticeName, reason: String)] = []

        init(limit: Int) {
            self.limit = limit
        }

        mutating func add(_ notice: Notice, _ rejection: ProjectionRejection) {
            count += 1
            if listed.count < limit { listed.append((notice.sequence ?? 0, notice.name, rejection.reason)) }
        }
    }

    /// Applies a batch inside one savepoint, trusting that its projection
    /// refuses none; when it refuses one, the batch is rolled back and
    /// applied again with a savepoint per notice, so that a refusal undoes
    /// its own notice alone. Refusals are rare in a rebuild, and two
    /// statements per notice are a good part of its cost.
    private func apply(_ batch: [Notice], through projection: any Projection, refusals: inout Refusals) throws {
        try store.execute("SAVEPOINT rebuild_batch", [])
        do {
            for notice in batch { try projection.apply(notice, to: store) }
            try store.execute("RELEASE SAVEPOINT rebuild_batch", [])
            return
        } catch is ProjectionRejection {
            try store.execute("ROLLBACK TO SAVEPOINT rebuild_batch", [])
            try store.execute("RELEASE SAVEPOINT rebuild_batch", [])
        }
        for notice in batch {
            try store.execute("SAVEPOINT rebuild", [])
            do {
                try projection.apply(notice, to: store)
                try store.execute("RELEASE SAVEPOINT rebuild", [])
            } catch let rejection as ProjectionRejection {
                try store.execute("ROLLBACK TO SAVEPOINT rebuild", [])
                try store.execute("RELEASE SAVEPOINT rebuild", [])
                refusals.add(notice, rejection)
            }
        }
    }

    /// How many notices a rebuild will replay, for its progress: as the
    /// backend counts them by name; the last sequence number for patterns.
    private func countNotices(of names: Set<NoticeName>, through last: Int64) throws -> Int {
        guard !names.contains(where: \.isPattern) else { return Int(last) }
        return Int(try connection.noticeCount(named: names, through: last))
    }
}

extension JournalConnection {
    /// Whether a notice (not a request or reply) with one of `names`, or
    /// matching one of these patterns, follows `sequence`: one index probe.
    func hasNotices(named names: Set<NoticeName>, after sequence: Int64) throws -> Bool {
        var found = false
        try read(JournalQuery(from: sequence + 1, names: names, kinds: [.notice], limit: 1)) { _ in
            found = true
            return false
        }
        return found
    }
}
