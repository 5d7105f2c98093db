public import NoticeHub
public import NoticeNews

/// Document 004's news app: the feed, the detail of the first item and the
/// profiles stay in step as a user likes and then unlikes every item.
public enum NewsDemo {
    /// The document's starting point: News1 with one like, News2 with two.
    public static func seed(_ hub: NoticeHub) throws {
        try hub.post(NewsPublished(id: 1, title: "News1"), sender: "editor")
        try hub.post(NewsPublished(id: 2, title: "News2"), sender: "editor")
        try hub.post(NewsLiked(newsID: 1, user: "bob"), sender: "feed")
        try hub.post(NewsLiked(newsID: 2, user: "bob"), sender: "feed")
        try hub.post(NewsLiked(newsID: 2, user: "carol"), sender: "feed")
    }

    /// Brings a journal to where the scenario can run again: the document's
    /// two items published if missing (with their first likes), and the
    /// reader's own likes, left by an interrupted run, withdrawn. Quietly:
    /// the colleagues that print are built afterwards.
    public static func prepareJournal(_ hub: NoticeHub, reader: String = "alice") throws {
        let published = Set(try NewsStore.storedState(of: hub).feed.map(\.id))
        if !published.contains(1) {
            try hub.post(NewsPublished(id: 1, title: "News1"), sender: "editor")
            try hub.post(NewsLiked(newsID: 1, user: "bob"), sender: "feed")
        }
        if !published.contains(2) {
            try hub.post(NewsPublished(id: 2, title: "News2"), sender: "editor")
            try hub.post(NewsLiked(newsID: 2, user: "bob"), sender: "feed")
            try hub.post(NewsLiked(newsID: 2, user: "carol"), sender: "feed")
        }
        for newsID in try NewsStore.likes(of: reader, in: hub) {
            try hub.post(NewsUnliked(newsID: newsID, user: reader), sender: "feed")
        }
    }

    /// Prints the mediator's line for every like and unlike, before the
    /// colleagues hear it (it registers first).
    public static func screenMediatorLog(_ hub: NoticeHub, output: @escaping DemoOutput) -> [Subscription] {
        [
            hub.observe(NewsLiked.name) { notice in
                guard let liked = try? notice.message(NewsLiked.self) else { return }
                output("Screen Mediator: Received a liked news model with id \(liked.newsID)")
            },
            hub.observe(NewsUnliked.name) { notice in
                guard let unliked = try? notice.message(NewsUnliked.self) else { return }
                output("ScreenMediator: Received a disliked news model with id \(unliked.newsID)")
            },
        ]
    }

    /// Runs the scenario and returns the colleagues' state after the likes
    /// and after the unlikes.
    @discardableResult
    public static func run(output: @escaping DemoOutput) throws -> (afterLikes: NewsState, afterUnlikes: NewsState) {
        let setup = NoticeHub()
        let initial = NewsColleagues(hub: setup)
        try seed(setup)

        let hub = NoticeHub()
        let log = screenMediatorLog(hub, output: output)
        let colleagues = NewsColleagues(hub: hub, state: initial.state, detailID: 1, log: output)
        try colleagues.feed.userLikedAllNews("alice")
        let afterLikes = colleagues.state
        output("\n")
        try colleagues.feed.userDislikedAllNews("alice")
        withExtendedLifetime(log) {}
        return (afterLikes, colleagues.state)
    }
}
