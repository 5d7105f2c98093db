#if Postgres
    import NoticeHub
    @testable import NoticeHubPostgres
    import Testing

    /// A PostgreSQL journal's shared keys (``StableKey``): the expected values
    /// are FNV-1a 64 of each key's text, computed apart from this code. Every
    /// release must derive the same, or two releases could hold one durable
    /// subscriber at once, migrate side by side, or miss each other's commits.
    struct StableKeysTests {
        @Test func aSubscribersAdvisoryLock() throws {
            let url = try PostgresURL("postgres://app@db/app?schema=news", environment: [:])
            #expect(PostgresSubscriberClaim.key(for: "indexer", in: url) == -4_006_635_754_986_504_610)
        }

        @Test func theMigrationLock() throws {
            #expect(
                PostgresSchema.migrationLockKey(try PostgresURL("postgres://app@db/app?schema=news", environment: [:]))
                    == -5_973_958_199_961_438_020)
            #expect(
                PostgresSchema.migrationLockKey(try PostgresURL("postgres://app@db/app", environment: [:]))
                    == -6_159_331_542_975_544_825)
        }

        @Test func theCommitChannel() throws {
            #expect(
                PostgresSettings(url: try PostgresURL("postgres://app@db/app", environment: [:])).channel
                    == "noticehub_f4b72165f60f5b60")
            #expect(
                PostgresSettings(url: try PostgresURL("postgres://app@db/app?schema=news", environment: [:])).channel
                    == "noticehub_e5495bbaa03a6526")
        }
    }
#endif
