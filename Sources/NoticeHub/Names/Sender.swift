/// The stable identity of a colleague that posts or answers notices, such as
/// `"Athos"`, `"BA706"` or `"feed"`.
///
/// Foundation's `NotificationCenter` filters on an object; NoticeHub filters on
/// a name instead, because notices are journaled and replayed in other
/// processes where no object identity survives. The rules are those of
/// ``NoticeName``.
public struct Sender: Hashable, Sendable, CustomStringConvertible {
    /// The identity as text.
    public let rawValue: String
    /// Computed once: senders are hashed on every filtered post.
    let fingerprint: Int

    /// Makes a sender from run-time text, throwing ``NoticeHubError/invalidSender(_:reason:)``
    /// when the text breaks the rules.
    public init(validating rawValue: String) throws(NoticeHubError) {
        if let problem = IdentifierRules.problem(with: rawValue) {
            throw .invalidSender(rawValue, reason: problem)
        }
        self.rawValue = rawValue
        fingerprint = IdentifierRules.fingerprint(rawValue)
    }

    /// For text that was validated before it was stored (journal rows).
    init(trusted rawValue: String) {
        self.rawValue = rawValue
        fingerprint = IdentifierRules.fingerprint(rawValue)
    }

    public var description: String { rawValue }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }
}

extension Sender: ExpressibleByStringLiteral {
    /// Makes a sender from a literal. An invalid literal is a programming error
    /// and stops the program with a message naming the rule it breaks.
    public init(stringLiteral value: String) {
        do {
            try self.init(validating: value)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

extension Sender: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(validating: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
