/// Everything NoticeHub refuses, each with a one-line description that names
/// what was wrong. Descriptions never include payload values.
///
/// Tell refusals apart by ``code-swift.property``, which a minor release may
/// give new values without breaking a `catch` or a `switch` that has a
/// `default:`, and read the few details a caller acts on through the
/// accessors (``noticeName``, ``responder``, ``reason``):
///
/// ```swift
/// do {
///     let position = try notice.decode(Position.self)
/// } catch let error as NoticeHubError where error.code == .payloadMismatch {
///     print("\(error.noticeName!) is not a Position")
/// }
/// ```
///
/// The static members (``invalidName(_:reason:)``, ``foreignSubscription``,
/// …) make one, for a test to compare with: errors are equal when their
/// code and every detail are.
public struct NoticeHubError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The refusal and everything it carries. Each case is documented at
    /// the static member that makes it; code outside the package reads a
    /// case's details through ``NoticeHubError/code-swift.property`` and the
    /// accessors.
    package enum Kind: Sendable, Equatable {
        case invalidName(String, reason: String)
        case patternNotPostable(NoticeName)
        case invalidSender(String, reason: String)
        case invalidSubscriber(String, reason: String)
        case payloadMismatch(name: NoticeName, expected: String, detail: String)
        case payloadNotEncodable(name: NoticeName, detail: String)
        case invalidPayload(String)
        case invalidVersion(name: NoticeName, version: Int)
        case foreignSubscription
        case replyMismatch(responder: Sender, expected: String, actual: String)
        case asynchronousResponder(Sender)
        case responderFailed(responder: Sender, reason: String)
        case invalidMetadata(key: String?, reason: String)
    }

    /// The refusal with its details, for the package's own code to switch over.
    package let kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// What was refused, to compare with `==` or to switch over with a
    /// `default:`: a minor release may add a code.
    public var code: Code { kind.code }

    /// Whether an error is this one, code and details: what lets
    /// `catch NoticeHubError.foreignSubscription` match a thrown error.
    public static func ~= (pattern: NoticeHubError, error: any Error) -> Bool {
        (error as? NoticeHubError) == pattern
    }
}
