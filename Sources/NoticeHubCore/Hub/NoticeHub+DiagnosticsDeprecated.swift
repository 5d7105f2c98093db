import Foundation

/// Diagnostics, constants and JSON-text forms that were public and are the
/// package's own now; each still answers, deprecated, for one release.
extension NoticeHub {
    @available(*, deprecated, message: "a diagnostic the package's tests use; it leaves the public API")
    public var observerCount: Int { liveObserverCount }

    @available(*, deprecated, message: "a diagnostic the package's tests use; it leaves the public API")
    public var responderCount: Int { liveResponderCount }

    @available(*, deprecated, message: "the hub reclaims them as it delivers and registers")
    public func reclaimOrphans() { sweepOrphans() }

    @available(*, deprecated, message: "a diagnostic the package's tests use; it leaves the public API")
    public func deliveryTargetCount(for name: NoticeName, sender: Sender?) -> Int {
        targetCount(for: name, sender: sender)
    }

    @available(*, deprecated, message: "noticectl --version prints it; the CHANGELOG names each release")
    public static var version: String { release }

    @available(*, deprecated, message: "1 MiB, the default of init(journal:…)'s payloadLimit:")
    public static var defaultPayloadLimit: Int { payloadLimitByDefault }

    @available(*, deprecated, message: "10 seconds, as docs/Guarantees.md says")
    public static var lostConnectionRetryLimit: Duration { GroupCommit.lostConnectionRetryLimit }

    @available(*, deprecated, message: "the default of forward(_:from:as:onFailure:map:)'s onFailure:")
    public static var reportForwardingFailure: @Sendable (any Error) -> Void { writeForwardingFailure }

    @available(*, deprecated, message: "encode the payload, or decode the text into a value to send")
    public func collectAcrossProcesses<Value: Decodable & Sendable>(
        _ name: NoticeName, json: String, from requester: Sender, as type: Value.Type = Value.self,
        timeout: Duration, maxReplies: Int = .max, causedBy cause: Notice? = nil,
        onReply: (@Sendable (Notice) -> Void)? = nil
    ) async throws -> ReplyCollection<Value> {
        try await collectAcrossProcesses(
            name, jsonPayload: json, from: requester, as: type, timeout: timeout, maxReplies: maxReplies,
            causedBy: cause, onReply: onReply)
    }

    @available(*, deprecated, message: "answer with an Encodable value")
    public func respondAcrossProcesses(
        to name: NoticeName, as responder: Sender,
        onAnswer: (@Sendable (_ request: Notice, _ answer: Result<Notice, any Error>) -> Void)? = nil,
        json handler: @escaping @Sendable (Notice) throws -> String
    ) throws -> Subscription {
        try respondAcrossProcesses(to: name, as: responder, onAnswer: onAnswer, jsonAnswer: handler)
    }
}
