import NoticeHubCommands
import NoticeHub
import NoticeNews

/// A journal written by NoticeHub 0.1, whose core schema made the news
/// example's tables: with no projection registered, noticectl adopts them
/// under the news projection, so `post news.liked` stays under the likes
/// rules rather than let the state fall behind.
enum NewsTablesOfVersion01 {
    /// The news projection when `hub`'s journal holds the news tables,
    /// columns and all; none otherwise.
    static func adopted(by hub: NoticeHub) -> [any Projection] {
        let probes = [
            "SELECT count(*) FROM news WHERE id IS NULL AND title IS NULL AND likes IS NULL",
            "SELECT count(*) FROM likes WHERE news_id IS NULL AND \"user\" IS NULL",
            "SELECT count(*) FROM profiles WHERE \"user\" IS NULL AND given_likes IS NULL",
        ]
        let holdsTables =
            (try? hub.journal.readState { store -> Void in
                for probe in probes { _ = try store.integer(probe, []) }
            }) != nil
        return holdsTables ? [LikesProjection()] : []
    }
}
