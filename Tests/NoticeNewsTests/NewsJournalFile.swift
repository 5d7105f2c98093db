import NoticeHub
import NoticeNews
import TestSupport

/// A news journal in a real SQLite file, which the models' tests open with as
/// many hubs as they need: each hub on the file is a writer of its own, whose
/// commits the others see only through the journal.
struct NewsJournalFile {
    let directory = TemporaryDirectory()

    var path: String { directory.path("news.sqlite") }

    /// A new hub on the file, with the likes projection installed.
    func openHub() throws -> NoticeHub {
        try NoticeHub(journal: SQLiteJournal(path: path), projections: [LikesProjection()])
    }

    /// The news document's starting point: News1 liked by bob, News2 liked by
    /// bob and carol.
    static func seed(_ hub: NoticeHub) throws {
        try hub.post(NewsPublished(id: 1, title: "News1"), sender: "editor")
        try hub.post(NewsPublished(id: 2, title: "News2"), sender: "editor")
        try hub.post(NewsLiked(newsID: 1, user: "bob"), sender: "feed")
        try hub.post(NewsLiked(newsID: 2, user: "bob"), sender: "feed")
        try hub.post(NewsLiked(newsID: 2, user: "carol"), sender: "feed")
    }

    /// A new hub on the file, which then holds the ``seed(_:)``.
    func openSeededHub() throws -> NoticeHub {
        let hub = try openHub()
        try Self.seed(hub)
        return hub
    }
}
