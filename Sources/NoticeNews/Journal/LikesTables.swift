public import NoticeHub

/// The whole likes state, row by row: every news item, every like and every
/// profile of the tables ``LikesProjection`` keeps.
public struct LikesTables: Equatable, Sendable {
    /// One like: a user likes a news item.
    public struct Like: Hashable, Sendable, Comparable {
        public var newsID: Int
        public var user: String

        public static func < (lhs: Like, rhs: Like) -> Bool {
            (lhs.newsID, lhs.user) < (rhs.newsID, rhs.user)
        }
    }

    /// The feed's rows, by news id.
    public var news: [Int: NewsItem] = [:]
    public var likes: Set<Like> = []
    /// Likes given, by user.
    public var profiles: [String: Int] = [:]

    /// The tables as `hub`'s journal stores them.
    public static func stored(in hub: NoticeHub) throws -> LikesTables {
        try hub.journal.readState { store in
            var tables = LikesTables()
            try store.rows("SELECT id, title, likes FROM news", []) { row in
                let id = Int(row[0].integer ?? 0)
                tables.news[id] = NewsItem(id: id, title: row[1].text ?? "", likes: Int(row[2].integer ?? 0))
            }
            try store.rows("SELECT news_id, \"user\" FROM likes", []) { row in
                tables.likes.insert(Like(newsID: Int(row[0].integer ?? 0), user: row[1].text ?? ""))
            }
            try store.rows("SELECT \"user\", given_likes FROM profiles", []) { row in
                tables.profiles[row[0].text ?? ""] = Int(row[1].integer ?? 0)
            }
            return tables
        }
    }

    /// The tables that posting `hub`'s journaled news notices again, in
    /// order, under ``LikesProjection``'s rules, gives; and, one line each,
    /// the notices that posting them live would have refused
    /// (``HubJournal/withScratchReplay(of:_:)``).
    public static func replayed(from hub: NoticeHub) throws -> (tables: LikesTables, refused: [String]) {
        let (refused, tables) = try hub.journal.withScratchReplay(of: LikesProjection()) { try stored(in: $0) }
        return (tables, refused)
    }

    /// Where these (stored) tables and `replayed` ones disagree, one line
    /// each, in a stable order; empty when they agree.
    public func differences(from replayed: LikesTables) -> [String] {
        var lines: [String] = []
        for id in Set(news.keys).union(replayed.news.keys).sorted() {
            switch (news[id], replayed.news[id]) {
            case let (stored?, implied?) where stored != implied:
                lines.append("news \(id): stored \(Self.describe(stored)), journal implies \(Self.describe(implied))")
            case let (stored?, nil):
                lines.append("news \(id): stored \(Self.describe(stored)), absent from the journal")
            case let (nil, implied?):
                lines.append("news \(id): missing from the stored state, journal implies \(Self.describe(implied))")
            default:
                break
            }
        }
        for like in replayed.likes.subtracting(likes).sorted() {
            lines.append("likes: \(like.user)/\(like.newsID) missing from the stored state")
        }
        for like in likes.subtracting(replayed.likes).sorted() {
            lines.append("likes: \(like.user)/\(like.newsID) stored, absent from the journal")
        }
        for user in Set(profiles.keys).union(replayed.profiles.keys).sorted()
        where profiles[user] != replayed.profiles[user] {
            lines.append(
                "profile \(user): stored \(profiles[user] ?? 0) given likes, journal implies \(replayed.profiles[user] ?? 0)"
            )
        }
        return lines
    }

    private static func describe(_ item: NewsItem) -> String {
        "\"\(item.title)\" with \(item.likes) likes"
    }
}
