import NoticeSQLite
import NoticeHubCore

/// The projections' state: tables in the journal's own file, written in its transactions.
extension SQLiteJournalConnection: ProjectionJournalConnection {
    func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T {
        try storage {
            try connection.transaction(.deferred) { try body(projectionStore) }
        }
    }

    func transactionStore() throws -> any ProjectionStore {
        projectionStore
    }

    func projectionRegistryGeneration() throws -> Int64 {
        try storage {
            let statement = try connection.cachedStatement(ProjectionRegistry.generationSQL)
            defer { statement.reset() }
            _ = try statement.step()
            return statement.int64(at: 0)
        }
    }

    /// Counted by name code on the index on names: one probe per name.
    func noticeCount(named names: Set<NoticeName>, through sequence: Int64) throws -> Int64 {
        try storage {
            let statement = try connection.cachedStatement(
                """
                SELECT count(*) FROM notices
                WHERE name_code = (SELECT code FROM notice_names WHERE name = ?) AND seq <= ?
                """)
            var count: Int64 = 0
            for name in names {
                defer { statement.reset() }
                try statement.bind(name.rawValue, at: 1)
                try statement.bind(sequence, at: 2)
                if try statement.step() { count += statement.int64(at: 0) }
            }
            return count
        }
    }

    /// SQLite's page cache while a rebuild rewrites a projection's tables in
    /// one transaction, in KiB: the default 2 MiB spills dirty pages to the
    /// log and reads them back long before a large projection is rebuilt.
    /// Memory is taken only as pages are used, and given back afterwards.
    static let rebuildCacheKiB = 131_072

    /// Runs `body` with the page cache raised to `rebuildCacheKiB`, then
    /// sets it back.
    func rebuilding<T>(_ body: () throws -> T) throws -> T {
        let previous = try storage { try connection.pragmaInt("cache_size") }
        try storage { try connection.execute("PRAGMA cache_size = -\(Self.rebuildCacheKiB)") }
        defer { _ = try? connection.execute("PRAGMA cache_size = \(previous)") }
        return try body()
    }
}
