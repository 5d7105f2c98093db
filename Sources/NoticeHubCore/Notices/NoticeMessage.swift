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
///
/// A message whose shape changes incompatibly (a field renamed, one made
/// required) raises its ``version`` and says how payloads of the earlier
/// versions become the current one (``upcasts``); the journal keeps each
/// notice's version (``Notice/version``), so a journal written years ago
/// replays into today's colleagues. See <doc:EvolvingMessages>.
public protocol NoticeMessage: Codable, Sendable {
    /// The notice name every message of this type is posted under.
    static var name: NoticeName { get }
    /// The version of this type's payload shape, journaled with each notice
    /// it posts: 1 (the default) until the shape changes incompatibly.
    static var version: Int { get }
    /// How payloads of earlier versions become this type; by default
    /// ``UpcastChain/none``: only payloads of ``version`` decode.
    static var upcasts: Upcasts<Self> { get }
}

extension NoticeMessage {
    public static var version: Int { 1 }
    public static var upcasts: Upcasts<Self> { .none }
}

/// A typed request: a message whose responders answer with a `Response`.
public protocol NoticeRequest: NoticeMessage {
    /// What each responder answers.
    associatedtype Response: Sendable
}
