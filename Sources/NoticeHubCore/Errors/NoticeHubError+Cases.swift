// What NoticeHub throws, one static member per code:
// `#expect(throws: NoticeHubError.patternNotPostable("news.*"))`.
extension NoticeHubError {
    /// A notice name broke the naming rules.
    public static func invalidName(_ text: String, reason: String) -> NoticeHubError {
        NoticeHubError(.invalidName(text, reason: reason))
    }

    /// A notice was to be posted (or requested, or imported) under a
    /// pattern such as `news.*`: a notice needs a literal name.
    public static func patternNotPostable(_ name: NoticeName) -> NoticeHubError {
        NoticeHubError(.patternNotPostable(name))
    }

    /// A sender identity broke the naming rules.
    public static func invalidSender(_ text: String, reason: String) -> NoticeHubError {
        NoticeHubError(.invalidSender(text, reason: reason))
    }

    /// A durable subscriber's name broke the naming rules.
    public static func invalidSubscriber(_ text: String, reason: String) -> NoticeHubError {
        NoticeHubError(.invalidSubscriber(text, reason: reason))
    }

    /// A payload could not be read as the requested type.
    public static func payloadMismatch(name: NoticeName, expected: String, detail: String) -> NoticeHubError {
        NoticeHubError(.payloadMismatch(name: name, expected: expected, detail: detail))
    }

    /// A payload could not be encoded for the journal.
    public static func payloadNotEncodable(name: NoticeName, detail: String) -> NoticeHubError {
        NoticeHubError(.payloadNotEncodable(name: name, detail: detail))
    }

    /// A JSON payload given as text was not valid JSON.
    public static func invalidPayload(_ reason: String) -> NoticeHubError {
        NoticeHubError(.invalidPayload(reason))
    }

    /// A payload version outside 1...2147483647 (``Notice/version``).
    public static func invalidVersion(name: NoticeName, version: Int) -> NoticeHubError {
        NoticeHubError(.invalidVersion(name: name, version: version))
    }

    /// A subscription token was handed to a hub that did not issue it.
    public static let foreignSubscription = NoticeHubError(.foreignSubscription)

    /// A responder answered with a value of another type than the requester asked for.
    public static func replyMismatch(responder: Sender, expected: String, actual: String) -> NoticeHubError {
        NoticeHubError(.replyMismatch(responder: responder, expected: expected, actual: actual))
    }

    /// A synchronous request reached a responder that only answers asynchronously.
    public static func asynchronousResponder(_ responder: Sender) -> NoticeHubError {
        NoticeHubError(.asynchronousResponder(responder))
    }

    /// A responder in another process failed to answer: its handler threw
    /// (the error's description), or its answer could not be encoded.
    public static func responderFailed(responder: Sender, reason: String) -> NoticeHubError {
        NoticeHubError(.responderFailed(responder: responder, reason: reason))
    }

    /// A notice's ``NoticeMetadata`` broke its rules: `key` names the
    /// field, when one field is at fault.
    public static func invalidMetadata(key: String?, reason: String) -> NoticeHubError {
        NoticeHubError(.invalidMetadata(key: key, reason: reason))
    }
}
