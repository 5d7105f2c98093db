/// A typed message whose observers run on the main actor, like Foundation's
/// `NotificationCenter.MainActorMessage`: the hub delivers it there whatever
/// an observer's scheduling, and `hub.observe(Message.self, on: MainActor.self) { … }`
/// gives the handler that isolation.
///
/// ```swift
/// struct Refreshed: MainActorNoticeMessage {
///     static let name: NoticeName = "feed.refreshed"
///     var count: Int
/// }
/// ```
public protocol MainActorNoticeMessage: NoticeMessage {}
