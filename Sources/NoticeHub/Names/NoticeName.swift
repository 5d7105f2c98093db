/// The name of a notice, such as `"news.liked"`.
///
/// Names are validated when made: non-empty, at most 256 UTF-8 bytes, and free
/// of control characters, because every name may be journaled, printed and
/// typed on a command line.
///
/// ```swift
/// let liked: NoticeName = "news.liked"          // a literal
/// let typed = try NoticeName(validating: userInput)          // checked at run time
/// ```
public struct NoticeName: Hashable, Sendable, CustomStringConvertible {
    /// The name as text.
    public let rawValue: String
    /// Computed once: names are hashed on every post.
    let fingerprint: Int

    /// Makes a name from run-time text (user input, a file), throwing ``NoticeHubError/invalidName(_:reason:)``
    /// when the text breaks the rules.
    public init(validating rawValue: String) throws(NoticeHubError) {
        if let problem = IdentifierRules.problem(with: rawValue) {
            throw .invalidName(rawValue, reason: problem)
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

extension NoticeName: ExpressibleByStringLiteral {
    /// Makes a name from a literal. An invalid literal is a programming error
    /// and stops the program with a message naming the rule it breaks.
    public init(stringLiteral value: String) {
        do {
            try self.init(validating: value)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

extension NoticeName: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(validating: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
