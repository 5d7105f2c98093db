// The details a caller acts on, each nil for the codes that do not carry it.
// The rest of what an error carries (the rejected text, type names) is in
// its one-line description.
extension NoticeHubError {
    /// The notice's name: for ``Code-swift.struct/patternNotPostable``,
    /// ``Code-swift.struct/payloadMismatch``,
    /// ``Code-swift.struct/payloadNotEncodable`` and
    /// ``Code-swift.struct/invalidVersion``.
    public var noticeName: NoticeName? {
        switch kind {
        case let .patternNotPostable(name), let .payloadMismatch(name, _, _), let .payloadNotEncodable(name, _),
            let .invalidVersion(name, _):
            name
        default: nil
        }
    }

    /// The responder that answered wrongly or failed: for
    /// ``Code-swift.struct/replyMismatch``,
    /// ``Code-swift.struct/asynchronousResponder`` and
    /// ``Code-swift.struct/responderFailed``.
    public var responder: Sender? {
        switch kind {
        case let .replyMismatch(responder, _, _), let .asynchronousResponder(responder),
            let .responderFailed(responder, _):
            responder
        default: nil
        }
    }

    /// Why, in one line: the rule a name, sender, subscriber name or
    /// metadata broke (``Code-swift.struct/invalidName``,
    /// ``Code-swift.struct/invalidSender``,
    /// ``Code-swift.struct/invalidSubscriber``,
    /// ``Code-swift.struct/invalidMetadata``), what is wrong with JSON text
    /// (``Code-swift.struct/invalidPayload``), or what a responder in
    /// another process reported (``Code-swift.struct/responderFailed``).
    public var reason: String? {
        switch kind {
        case let .invalidName(_, reason), let .invalidSender(_, reason), let .invalidSubscriber(_, reason),
            let .invalidPayload(reason), let .responderFailed(_, reason), let .invalidMetadata(_, reason):
            reason
        default: nil
        }
    }
}
