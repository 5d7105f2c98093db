public import NoticeHub

/// A news item was published: `news.published` `{"id":1,"title":"News1"}`.
public struct NewsPublished: NoticeMessage, Equatable {
    public static let name: NoticeName = "news.published"
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// A user liked a news item: `news.liked` `{"newsID":1,"user":"alice"}`.
public struct NewsLiked: NoticeMessage, Equatable {
    public static let name: NoticeName = "news.liked"
    public var newsID: Int
    public var user: String

    public init(newsID: Int, user: String) {
        self.newsID = newsID
        self.user = user
    }
}

/// A user took a like back: `news.unliked` `{"newsID":1,"user":"alice"}`.
public struct NewsUnliked: NoticeMessage, Equatable {
    public static let name: NoticeName = "news.unliked"
    public var newsID: Int
    public var user: String

    public init(newsID: Int, user: String) {
        self.newsID = newsID
        self.user = user
    }
}
