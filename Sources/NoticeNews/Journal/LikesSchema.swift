public import NoticeHub

extension LikesProjection {
    /// The likes state's tables: `news`, `likes` and `profiles`.
    ///
    /// Journals made by NoticeHub 0.1 (schema 3) already hold these tables,
    /// made by the core schema then: `IF NOT EXISTS` adopts them, and since
    /// the registry has no record of the projection, opening rebuilds its
    /// state from the journal. `"user"` is quoted: PostgreSQL reserves it.
    public static let schema = ProjectionSchema(
        identity: "news.likes",
        version: 1,
        tables: ["news", "likes", "profiles"],
        migrations: [
            ProjectionMigration(
                1, "likes",
                [
                    .sqlite: """
                    CREATE TABLE IF NOT EXISTS news (
                        id    INTEGER PRIMARY KEY,
                        title TEXT    NOT NULL,
                        likes INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0)
                    );
                    CREATE TABLE IF NOT EXISTS likes (
                        news_id INTEGER NOT NULL REFERENCES news (id),
                        user    TEXT    NOT NULL,
                        PRIMARY KEY (news_id, user)
                    ) WITHOUT ROWID;
                    CREATE TABLE IF NOT EXISTS profiles (
                        user        TEXT    PRIMARY KEY,
                        given_likes INTEGER NOT NULL CHECK (given_likes >= 0)
                    ) WITHOUT ROWID;
                    """,
                    .postgresql: """
                    CREATE TABLE IF NOT EXISTS news (
                        id    bigint PRIMARY KEY,
                        title text   NOT NULL,
                        likes bigint NOT NULL DEFAULT 0 CHECK (likes >= 0)
                    );
                    CREATE TABLE IF NOT EXISTS likes (
                        news_id bigint NOT NULL REFERENCES news (id),
                        "user"  text   NOT NULL,
                        PRIMARY KEY (news_id, "user")
                    );
                    CREATE TABLE IF NOT EXISTS profiles (
                        "user"      text   PRIMARY KEY,
                        given_likes bigint NOT NULL CHECK (given_likes >= 0)
                    );
                    """,
                ])
        ])
}
