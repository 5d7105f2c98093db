/// A validated, hashable piece of text that notices travel under: a notice's
/// name or its sender. Both may be journaled, printed and typed on a command
/// line, so both follow the same rules: non-empty, at most 256 UTF-8
/// bytes, no control characters. Use the aliases ``NoticeName`` and
/// ``Sender``. A notice name may also be a pattern (``Identifier/isPattern``).
public struct Identifier<Kind: IdentifierKind>: Hashable, Sendable, CustomStringConvertible {
    /// The identifier as text.
    public let rawValue: String
    /// Computed once: identifiers are hashed on every post. For kinds that
    /// allow patterns, its sign bit says whether this is one, which keeps
    /// the identifier two words and the check one compare.
    let fingerprint: Int

    /// Makes an identifier from run-time text (user input, a file), throwing
    /// a ``NoticeHubError`` naming the rule the text breaks.
    public init(validating rawValue: String) throws(NoticeHubError) {
        let scan = IdentifierScan(rawValue)
        if let problem = IdentifierRules.problem(with: rawValue, scan: scan) {
            throw Kind.invalid(rawValue, reason: problem)
        }
        let shape = Kind.allowsPatterns && scan.holdsWildcardByte ? NamePattern.shape(of: rawValue) : .literal
        if shape == .misplacedRest {
            throw Kind.invalid(rawValue, reason: NamePattern.misplacedRestReason)
        }
        self.init(rawValue, isPattern: shape == .pattern, hash: Int(truncatingIfNeeded: scan.fingerprint))
    }

    /// For text that was validated before it was stored (journal rows).
    package init(trusted rawValue: String) {
        self.init(rawValue, isPattern: Kind.allowsPatterns && NamePattern.shape(of: rawValue) != .literal)
    }

    private init(_ rawValue: String, isPattern: Bool, hash: Int? = nil) {
        self.rawValue = rawValue
        let hash = hash ?? IdentifierRules.fingerprint(rawValue)
        if Kind.allowsPatterns {
            fingerprint = isPattern ? hash | Int.min : hash & Int.max
        } else {
            fingerprint = hash
        }
    }

    public var description: String { rawValue }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }
}

/// What tells the kinds of ``Identifier`` apart: ``NoticeNameKind`` and
/// ``SenderKind``.
public protocol IdentifierKind: Sendable {}

extension IdentifierKind {
    /// Whether a segment that is exactly `*` or `>` makes an identifier of
    /// this kind a pattern (and a misplaced `>` makes it invalid): notice
    /// names may be patterns, senders are always literal.
    package static var allowsPatterns: Bool { Self.self == NoticeNameKind.self }

    /// The error for `text`, which breaks the rule `reason` names:
    /// ``NoticeHubError/invalidName(_:reason:)`` or
    /// ``NoticeHubError/invalidSender(_:reason:)``.
    package static func invalid(_ text: String, reason: String) -> NoticeHubError {
        allowsPatterns ? .invalidName(text, reason: reason) : .invalidSender(text, reason: reason)
    }
}

/// The name of a notice, such as `"news.liked"`, or a pattern of names for
/// observers, streams and journal reads, such as `"news.*"` (one segment) or
/// `"news.>"` (one or more); see ``Identifier/isPattern``.
///
/// ```swift
/// let liked: NoticeName = "news.liked"                // a literal
/// let typed = try NoticeName(validating: userInput)   // checked at run time
/// let news: NoticeName = "news.*"                     // a pattern
/// ```
public typealias NoticeName = Identifier<NoticeNameKind>

/// The stable identity of a colleague that posts or answers notices, such as
/// `"Athos"`, `"BA706"` or `"feed"`.
///
/// Foundation's `NotificationCenter` filters on an object; NoticeHub filters
/// on a name instead, because notices are journaled and replayed in other
/// processes where no object identity survives.
public typealias Sender = Identifier<SenderKind>

/// The kind of ``NoticeName``, which may be a pattern.
public enum NoticeNameKind: IdentifierKind {}

/// The kind of ``Sender``.
public enum SenderKind: IdentifierKind {}

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
