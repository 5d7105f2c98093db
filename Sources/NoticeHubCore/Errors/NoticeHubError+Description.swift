extension NoticeHubError {
    /// One line naming what was refused and why; never a payload value.
    public var description: String {
        switch kind {
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
