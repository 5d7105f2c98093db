public import NoticeHub

/// The likes state, kept in the journal's transaction in the tables it
/// owns (`news`, `likes`, `profiles`; see ``schema``).
///
/// Refuses, before anything is journaled: publishing a negative id, an
/// empty title or an id that exists, a like of unknown news, a second like by the same user, an unlike without a
/// like, and a payload that is not the message its name promises.
public struct LikesProjection: Projection {
    public var schema: ProjectionSchema { Self.schema }
    public let names: Set<NoticeName> = [NewsPublished.name, NewsLiked.name, NewsUnliked.name]

    public init() {}

    /// Each notice costs as few statements as its checks allow (one to
    /// publish, three to like, four to unlike): on PostgreSQL each is a round
    /// trip. A check that fails after a write refuses the notice, and the
    /// refusal rolls the write back with it.
    public func apply(_ notice: Notice, to store: any ProjectionStore) throws {
        switch notice.name {
        case NewsPublished.name:
            let published = try message(NewsPublished.self, of: notice)
            guard published.id >= 0 else { throw ProjectionRejection("news id \(published.id) is negative") }
            guard !published.title.isEmpty else { throw ProjectionRejection("the title is empty") }
            let inserted = try store.execute(
                "INSERT INTO news (id, title, likes) VALUES (?, ?, 0) ON CONFLICT DO NOTHING",
                [.integer(Int64(published.id)), .text(published.title)])
            guard inserted == 1 else {
                throw ProjectionRejection("news \(published.id) is already published")
            }
        case NewsLiked.name:
            let liked = try message(NewsLiked.self, of: notice)
            try requireUser(liked.user)
            let id = SQLValue.integer(Int64(liked.newsID)), user = SQLValue.text(liked.user)
            guard try store.execute("UPDATE news SET likes = likes + 1 WHERE id = ?", [id]) == 1 else {
                throw ProjectionRejection("news \(liked.newsID) does not exist")
            }
            let inserted = try store.execute(
                "INSERT INTO likes (news_id, \"user\") VALUES (?, ?) ON CONFLICT DO NOTHING", [id, user])
            guard inserted == 1 else {
                throw ProjectionRejection("\(liked.user) already likes news \(liked.newsID)")
            }
            try store.execute(
                """
                INSERT INTO profiles ("user", given_likes) VALUES (?, 1)
                ON CONFLICT ("user") DO UPDATE SET given_likes = profiles.given_likes + 1
                """, [user])
        case NewsUnliked.name:
            let unliked = try message(NewsUnliked.self, of: notice)
            try requireUser(unliked.user)
            let id = SQLValue.integer(Int64(unliked.newsID)), user = SQLValue.text(unliked.user)
            guard try store.execute("DELETE FROM likes WHERE news_id = ? AND \"user\" = ?", [id, user]) == 1 else {
                try requireNews(unliked.newsID, in: store)
                throw ProjectionRejection("\(unliked.user) does not like news \(unliked.newsID)")
            }
            try store.execute("UPDATE news SET likes = likes - 1 WHERE id = ?", [id])
            try store.execute("UPDATE profiles SET given_likes = given_likes - 1 WHERE \"user\" = ?", [user])
            try store.execute("DELETE FROM profiles WHERE \"user\" = ? AND given_likes = 0", [user])
        default:
            break
        }
    }

    private func message<M: NoticeMessage>(_ type: M.Type, of notice: Notice) throws -> M {
        do {
            return try notice.decode(M.self)
        } catch {
            throw ProjectionRejection("\(error)")
        }
    }

    private func requireUser(_ user: String) throws {
        guard !user.isEmpty else { throw ProjectionRejection("the user is empty") }
    }

    private func requireNews(_ id: Int, in store: any ProjectionStore) throws {
        guard try store.integer("SELECT 1 FROM news WHERE id = ?", [.integer(Int64(id))]) != nil else {
            throw ProjectionRejection("news \(id) does not exist")
        }
    }
}
