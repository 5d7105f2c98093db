public import Foundation
import Synchronization

/// What a notification forwarded into a hub becomes: the notice's sender
/// and payload (see ``NoticeHub/forward(_:from:as:onFailure:map:)``).
public struct BridgedNotice: Sendable {
    let sender: Sender?
    let payload: NoticePayload
    let version: Int

    /// A notice from `sender` carrying `payload`.
    public init(sender: Sender? = nil, payload: some Encodable & Sendable) {
        self.sender = sender
        self.payload = .encodable(payload)
        version = 1
    }

    /// A notice from `sender` carrying a typed message, with its type's
    /// ``NoticeMessage/version``.
    public init<Message: NoticeMessage>(sender: Sender? = nil, payload: Message) {
        self.sender = sender
        self.payload = .encodable(payload)
        version = Message.version
    }

    /// A notice from `sender` without payload (it reads as `{}`).
    public init(sender: Sender? = nil) {
        self.sender = sender
        payload = .empty
        version = 1
    }
}

/// Forwarding between a `NotificationCenter` and a hub, so an app that posts
/// through `NotificationCenter` can move to NoticeHub one colleague at a
/// time: forward the names a moved colleague needs into the hub, and the
/// names it posts back out to the colleagues that have not moved yet.
extension NoticeHub {
    /// The `userInfo` keys of a notification forwarded out of a hub.
    public enum NotificationKeys {
        /// The ``Notice`` itself.
        public static let notice = "NoticeHub.notice"
        /// The notice's sender's name, a `String`, when it has one.
        public static let sender = "NoticeHub.sender"
        /// The payload as JSON text, a `String`.
        public static let payloadJSON = "NoticeHub.payloadJSON"
    }

    /// Forwards the notifications named `notificationName` that `center`
    /// delivers into this hub, as notices named `noticeName`: posted (and
    /// journaled, on a journaled hub) on the thread that posted the
    /// notification. `map` gives each notice's sender and payload from the
    /// notification's `object` and `userInfo`; nil leaves a notification out.
    /// Notifications this hub forwarded out (``forward(_:to:as:)``) are not
    /// brought back, and the notice a notification becomes is not forwarded
    /// back out to `center` under the notification's own name: a name
    /// forwarded both ways reaches each side once. A post that fails (`map` throws, the journal refuses)
    /// goes to `onFailure`, by default one line on standard error. Cancel the
    /// token to stop.
    ///
    /// ```swift
    /// let inbound = hub.forward(.init("ArticleLiked"), from: .default, as: "news.liked") { notification in
    ///     BridgedNotice(sender: "feed", payload: notification.userInfo?["newsID"] as? Int ?? 0)
    /// }
    /// ```
    public func forward(
        _ notificationName: Notification.Name,
        from center: NotificationCenter,
        as noticeName: NoticeName,
        onFailure: @escaping @Sendable (any Error) -> Void = NoticeHub.writeForwardingFailure,
        map: @escaping @Sendable (Notification) throws -> BridgedNotice?
    ) -> Subscription {
        let origin = BridgeOrigin(center: ObjectIdentifier(center), name: notificationName, noticeName: noticeName)
        let token = center.addObserver(forName: notificationName, object: nil, queue: nil) { [weak self] notification in
            guard let self, notification.userInfo?[NotificationKeys.notice] == nil else { return }
            do {
                guard let bridged = try map(notification) else { return }
                _ = try BridgeOrigin.$current.withValue(origin) {
                    try postFresh(
                        noticeName, sender: bridged.sender, payload: bridged.payload,
                        version: try Self.storedVersion(bridged.version, of: noticeName))
                }
            } catch {
                onFailure(error)
            }
        }
        return Subscription(registration: CenterObservation(center: center, token: token), issuer: identity)
    }

    /// Forwards this hub's notices named `name` (or matching a pattern) to
    /// `center`, posted on the thread that delivers them, as notifications
    /// named `notificationName` (by default the notice's name). Their
    /// `object` is nil; their `userInfo` holds the notice, its sender's name
    /// and its payload's JSON under ``NotificationKeys``. A notice that a
    /// notification of `center` became (``forward(_:from:as:onFailure:map:)``)
    /// is not posted back to `center` under that notification's name, whose
    /// observers had it already. Cancel the token to stop.
    ///
    /// ```swift
    /// let outbound = hub.forward("news.liked", to: .default)
    /// ```
    public func forward(
        _ name: NoticeName, to center: NotificationCenter, as notificationName: Notification.Name? = nil
    ) -> Subscription {
        let centerIdentity = ObjectIdentifier(center)
        let center = UncheckedCenter(center: center)
        return observe(name) { notice in
            let outgoingName = notificationName ?? Notification.Name(notice.name.rawValue)
            if let origin = BridgeOrigin.current, origin.center == centerIdentity, origin.name == outgoingName,
                origin.noticeName == notice.name
            {
                return
            }
            var userInfo: [AnyHashable: Any] = [NotificationKeys.notice: notice]
            if let sender = notice.sender { userInfo[NotificationKeys.sender] = sender.rawValue }
            if let json = try? notice.payloadJSON() { userInfo[NotificationKeys.payloadJSON] = json }
            center.center.post(name: outgoingName, object: nil, userInfo: userInfo)
        }
    }

    /// The default for a failed forward: one line on standard error.
    @usableFromInline static let writeForwardingFailure: @Sendable (any Error) -> Void = { error in
        let line = Array("noticehub: a forwarded notification was not posted: \(error)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

}

/// The notification a post on this thread comes from, while a forward into
/// the hub posts it: what the outbound forward leaves out.
private struct BridgeOrigin: Sendable {
    let center: ObjectIdentifier
    let name: Notification.Name
    /// The name of the notice the notification became; what observers post
    /// in turn under other names is forwarded as usual.
    let noticeName: NoticeName

    @TaskLocal static var current: BridgeOrigin?
}

/// An observer of a `NotificationCenter`, removed when cancelled.
private final class CenterObservation: CancellableRegistration, @unchecked Sendable {
    // NotificationCenter is thread-safe; its tokens are opaque objects.
    private let center: NotificationCenter
    private let token: any NSObjectProtocol
    private let cancelled = Atomic<Bool>(false)

    init(center: NotificationCenter, token: any NSObjectProtocol) {
        self.center = center
        self.token = token
    }

    func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        center.removeObserver(token)
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}

/// `NotificationCenter` is thread-safe but not declared `Sendable` on every
/// platform.
private struct UncheckedCenter: @unchecked Sendable {
    let center: NotificationCenter
}
