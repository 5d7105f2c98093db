#if Postgres
    public import NoticeHub

    /// Projections' state kept in the server's schema, replayed aside in a
    /// scratch SQLite journal: the dialect every carried projection's SQL
    /// already runs in for the embedded default.
    extension PostgresJournal: ProjectionJournal {
        public func withScratchJournal<T>(_ body: (any ProjectionJournal) throws -> T) throws -> T {
            try SQLiteJournal.withScratchJournal(body)
        }
    }
#endif
