extension NoticeHubError {
    /// What kind of refusal a ``NoticeHubError`` is, one value per kind:
    /// `error.code == .payloadMismatch`. A minor release may add codes, so a
    /// `switch` over codes keeps a `default:`. Each code prints as its name.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// ``NoticeHubError/invalidName(_:reason:)``: a notice name broke the
        /// naming rules (``NoticeHubError/reason``).
        public static let invalidName = Code("invalidName")
        /// ``NoticeHubError/patternNotPostable(_:)``: a pattern where a notice
        /// needs a literal name (``NoticeHubError/noticeName``).
        public static let patternNotPostable = Code("patternNotPostable")
        /// ``NoticeHubError/invalidSender(_:reason:)``: a sender identity broke
        /// the naming rules (``NoticeHubError/reason``).
        public static let invalidSender = Code("invalidSender")
        /// ``NoticeHubError/invalidSubscriber(_:reason:)``: a durable
        /// subscriber's name broke the naming rules (``NoticeHubError/reason``).
        public static let invalidSubscriber = Code("invalidSubscriber")
        /// ``NoticeHubError/payloadMismatch(name:expected:detail:)``: a payload
        /// could not be read as the requested type (``NoticeHubError/noticeName``).
        public static let payloadMismatch = Code("payloadMismatch")
        /// ``NoticeHubError/payloadNotEncodable(name:detail:)``: a payload
        /// could not be encoded (``NoticeHubError/noticeName``).
        public static let payloadNotEncodable = Code("payloadNotEncodable")
        /// ``NoticeHubError/invalidPayload(_:)``: JSON text that is not valid
        /// JSON (``NoticeHubError/reason``).
        public static let invalidPayload = Code("invalidPayload")
        /// ``NoticeHubError/invalidVersion(name:version:)``: a payload version
        /// outside 1...2147483647 (``NoticeHubError/noticeName``).
        public static let invalidVersion = Code("invalidVersion")
        /// ``NoticeHubError/foreignSubscription``: a token handed to a hub
        /// that did not issue it.
        public static let foreignSubscription = Code("foreignSubscription")
        /// ``NoticeHubError/replyMismatch(responder:expected:actual:)``: an
        /// answer of another type than asked for (``NoticeHubError/responder``).
        public static let replyMismatch = Code("replyMismatch")
        /// ``NoticeHubError/asynchronousResponder(_:)``: a synchronous request
        /// reached an asynchronous responder (``NoticeHubError/responder``).
        public static let asynchronousResponder = Code("asynchronousResponder")
        /// ``NoticeHubError/responderFailed(responder:reason:)``: a responder in
        /// another process failed to answer (``NoticeHubError/responder`` and
        /// ``NoticeHubError/reason``).
        public static let responderFailed = Code("responderFailed")
        /// ``NoticeHubError/invalidMetadata(key:reason:)``: a notice's metadata
        /// broke its rules (``NoticeHubError/reason``).
        public static let invalidMetadata = Code("invalidMetadata")

        /// The code's name, as its static member spells it: `payloadMismatch`.
        public var description: String { name }
    }
}

extension NoticeHubError.Kind {
    /// The code of this case.
    var code: NoticeHubError.Code {
        switch self {
        case .invalidName: .invalidName
        case .patternNotPostable: .patternNotPostable
        case .invalidSender: .invalidSender
        case .invalidSubscriber: .invalidSubscriber
        case .payloadMismatch: .payloadMismatch
        case .payloadNotEncodable: .payloadNotEncodable
        case .invalidPayload: .invalidPayload
        case .invalidVersion: .invalidVersion
        case .foreignSubscription: .foreignSubscription
        case .replyMismatch: .replyMismatch
        case .asynchronousResponder: .asynchronousResponder
        case .responderFailed: .responderFailed
        case .invalidMetadata: .invalidMetadata
        }
    }
}
