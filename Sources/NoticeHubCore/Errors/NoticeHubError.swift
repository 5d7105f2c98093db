/// Everything NoticeHub refuses, each with a one-line description that names
/// what was wrong. Descriptions never include payload values.
public enum NoticeHubError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A notice name broke the naming rules.
    case invalidName(String, reason: String)
    /// A notice was to be posted (or requested, or imported) under a
    /// pattern such as `news.*`: a notice needs a literal name.
    case patternNotPostable(NoticeName)
    /// A sender identity broke the naming rules.
    case invalidSender(String, reason: String)
    /// A durable subscriber's name broke the naming rules.
    case invalidSubscriber(String, reason: String)
    /// A payload could not be read as the requested type.
    case payloadMismatch(name: NoticeName, expected: String, detail: String)
    /// A payload could not be encoded for the journal.
    case payloadNotEncodable(name: NoticeName, detail: String)
    /// A JSON payload given as text was not valid JSON.
    case invalidPayload(String)
    /// A payload version outside 1...2147483647 (``Notice/version``).
    case invalidVersion(name: NoticeName, version: Int)
    /// A subscription token was handed to a hub that did not issue it.
    case foreignSubscription
    /// A responder answered with a value of another type than the requester asked for.
    case replyMismatch(responder: Sender, expected: String, actual: String)
    /// A synchronous request reached a responder that only answers asynchronously.
    case asynchronousResponder(Sender)
    /// A responder in another process failed to answer: its handler threw
    /// (the error's description), or its answer could not be encoded.
    case responderFailed(responder: Sender, reason: String)
    /// A notice's ``NoticeMetadata`` broke its rules: `key` names the
    /// field, when one field is at fault.
    case invalidMetadata(key: String?, reason: String)

    public var description: String {
        switch self {
        case let .invalidName(text, reason):
            "invalid notice name \(IdentifierRules.quoted(text)): \(reason)"
        case let .patternNotPostable(name):
            "notice name \(IdentifierRules.quoted(name.rawValue)) is a pattern "
                + "(\(NamePattern.wildcardMeaning(of: name.rawValue))); a notice needs a literal name"
        case let .invalidSender(text, reason):
            "invalid sender \(IdentifierRules.quoted(text)): \(reason)"
        case let .invalidSubscriber(text, reason):
            "invalid subscriber name \(IdentifierRules.quoted(text)): \(reason)"
        case let .payloadMismatch(name, expected, detail):
            "payload of \(name) is not a \(expected): \(detail)"
        case let .payloadNotEncodable(name, detail):
            "payload of \(name) cannot be encoded: \(detail)"
        case let .invalidPayload(reason):
            "invalid payload: \(reason)"
        case let .invalidVersion(name, version):
            "version \(version) of \(name) is not one of 1...\(Int32.max)"
        case .foreignSubscription:
            "the subscription belongs to another hub"
        case let .replyMismatch(responder, expected, actual):
            "responder \(responder) answered a \(actual), not a \(expected)"
        case let .asynchronousResponder(responder):
            "responder \(responder) answers asynchronously; use collect(_:payload:from:as:timeout:maxReplies:)"
        case let .responderFailed(responder, reason):
            "responder \(responder) failed: \(reason)"
        case let .invalidMetadata(key?, reason):
            "invalid metadata field \(IdentifierRules.quoted(key)): \(reason)"
        case let .invalidMetadata(nil, reason):
            "invalid metadata: \(reason)"
        }
    }
}
