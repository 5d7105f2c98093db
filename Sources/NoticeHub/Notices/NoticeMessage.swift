/// A typed message: a payload type that carries its own notice name, so that
/// posting and observing need no names and no casts.
///
/// ```swift
/// struct Liked: NoticeMessage {
///     static let name: NoticeName = "news.liked"
///     var newsID: Int
///     var user: String
/// }
/// hub.observe(Liked.self) { liked, notice in print(liked.user) }
/// try hub.post(Liked(newsID: 1, user: "alice"), sender: "feed")
/// ```
public protocol NoticeMessage: Codable, Sendable {
    /// The notice name every message of this type is posted under.
    static var name: NoticeName { get }
}

/// A typed request: a message whose responders answer with a `Response`.
public protocol NoticeRequest: NoticeMessage {
    /// What each responder answers.
    associatedtype Response: Sendable
}
