/// A validated, hashable piece of text that notices travel under: a notice's
/// name or its sender. Both may be journaled, printed and typed on a command
/// line, so both follow the same rules: non-empty, at most 256 UTF-8
/// bytes, no control characters. Use the aliases ``NoticeName`` and
/// ``Sender``.
public struct Identifier<Kind: IdentifierKind>: Hashable, Sendable, CustomStringConvertible {
    /// The identifier as text.
    public let rawValue: String
    /// Computed once: identifiers are hashed on every post.
    let fingerprint: Int

    /// Makes an identifier from run-time text (user input, a file), throwing
    /// a ``NoticeHubError`` naming the rule the text breaks.
    public init(validating rawValue: String) throws(NoticeHubError) {
        if let problem = IdentifierRules.problem(with: rawValue) {
            throw Kind.invalid(rawValue, reason: problem)
        }
        self.init(trusted: rawValue)
    }

    /// For text that was validated before it was stored (journal rows).
    package init(trusted rawValue: String) {
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

/// What tells the kinds of ``Identifier`` apart: the error for bad text.
public protocol IdentifierKind: Sendable {
    static func invalid(_ text: String, reason: String) -> NoticeHubError
}

/// The name of a notice, such as `"news.liked"`.
///
/// ```swift
/// let liked: NoticeName = "news.liked"                // a literal
/// let typed = try NoticeName(validating: userInput)   // checked at run time
/// ```
public typealias NoticeName = Identifier<NoticeNameKind>

/// The stable identity of a colleague that posts or answers notices, such as
/// `"Athos"`, `"BA706"` or `"feed"`.
///
/// Foundation's `NotificationCenter` filters on an object; NoticeHub filters
/// on a name instead, because notices are journaled and replayed in other
/// processes where no object identity survives.
public typealias Sender = Identifier<SenderKind>

/// The kind of ``NoticeName``.
public enum NoticeNameKind: IdentifierKind {
    /// ``NoticeHubError/invalidName(_:reason:)``.
    public static func invalid(_ text: String, reason: String) -> NoticeHubError {
        .invalidName(text, reason: reason)
    }
}

/// The kind of ``Sender``.
public enum SenderKind: IdentifierKind {
    /// ``NoticeHubError/invalidSender(_:reason:)``.
    public static func invalid(_ text: String, reason: String) -> NoticeHubError {
        .invalidSender(text, reason: reason)
    }
}

extension Identifier: ExpressibleByStringLiteral {
    /// Makes an identifier from a literal. An invalid literal is a programming
    /// error and stops the program with a message naming the rule it breaks.
    public init(stringLiteral value: String) {
        do {
            try self.init(validating: value)
        } catch {
            preconditionFailure("\(error)")
        }
    }
}

extension Identifier: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(validating: text)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
