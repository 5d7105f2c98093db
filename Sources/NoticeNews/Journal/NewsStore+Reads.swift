import NoticeHub

/// The reads of the likes tables, each inside a read transaction the caller
/// holds: ``NewsStore``'s reads of a hub, and the models' observations.
extension NewsStore {
    /// Every news item, by id.
    static func feed(in store: any ProjectionStore) throws -> [NewsItem] {
        try newsItems("SELECT id, title, likes FROM news ORDER BY id", [], in: store)
    }

    /// One news item, or nil when it is not published.
    static func item(_ id: Int, in store: any ProjectionStore) throws -> NewsItem? {
        try newsItems("SELECT id, title, likes FROM news WHERE id = ?", [.integer(Int64(id))], in: store).first
    }

    /// The users who like the news item `id`, by name.
    static func likers(of id: Int, in store: any ProjectionStore) throws -> [String] {
        var users: [String] = []
        try store.rows("SELECT \"user\" FROM likes WHERE news_id = ? ORDER BY \"user\"", [.integer(Int64(id))]) {
            users.append($0[0].text ?? "")
        }
        return users
    }

    /// Every user who has given likes, by name.
    static func profiles(in store: any ProjectionStore) throws -> [Profile] {
        var profiles: [Profile] = []
        try store.rows("SELECT \"user\", given_likes FROM profiles ORDER BY \"user\"", []) { row in
            profiles.append(Profile(user: row[0].text ?? "", givenLikes: Int(row[1].integer ?? 0)))
        }
        return profiles
    }

    /// How many likes `user` has given: 0 for a user without a profile.
    static func givenLikes(of user: String, in store: any ProjectionStore) throws -> Int {
        Int(try store.integer("SELECT given_likes FROM profiles WHERE \"user\" = ?", [.text(user)]) ?? 0)
    }

    /// The news items `user` likes, by id.
    static func likedNews(of user: String, in store: any ProjectionStore) throws -> [NewsItem] {
        try newsItems(
            """
            SELECT news.id, news.title, news.likes FROM likes JOIN news ON news.id = likes.news_id
            WHERE likes."user" = ? ORDER BY news.id
            """, [.text(user)], in: store)
    }

    /// The news items a query of `id, title, likes` returns, in its order.
    private static func newsItems(_ sql: String, _ arguments: [SQLValue], in store: any ProjectionStore) throws
        -> [NewsItem]
    {
        var items: [NewsItem] = []
        try store.rows(sql, arguments) { row in
            items.append(
                NewsItem(id: Int(row[0].integer ?? 0), title: row[1].text ?? "", likes: Int(row[2].integer ?? 0)))
        }
        return items
    }
}
