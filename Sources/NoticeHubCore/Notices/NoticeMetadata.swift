package import NoticeJSON

/// Short text fields a notice carries beside its payload, as a message's
/// headers do: a trace's context, a correlation id, a tenant. The journal
/// keeps them, and export and import carry them (`"metadata"`).
///
/// A key is 1 to 64 ASCII letters, digits, `.`, `-` or `_`; a value is text
/// of at most 1,024 UTF-8 bytes without control characters; a notice has at
/// most 32 fields. A post that breaks these rules throws
/// ``NoticeHubError/invalidMetadata(key:reason:)``. Keys that begin with
/// `noticehub.` are the library's own: a reply names the responder's claim
/// under `noticehub.claim`.
///
/// ```swift
/// let notice = try hub.post("invoice.sent", sender: "billing", metadata: ["tenant": "acme"])
/// print(notice.metadata["tenant"] ?? "none")  // acme
/// ```
public struct NoticeMetadata: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// Nil when there are no fields, never an empty dictionary: what most
    /// notices carry is then no reference at all, which copying a notice
    /// neither retains nor releases.
    @usableFromInline var fields: [String: String]?

    /// No fields: what most notices carry. Inlined into callers, as a post's
    /// default argument is made at each call.
    @inlinable public static var empty: NoticeMetadata { NoticeMetadata(fields: nil) }

    /// The key under which a reply across processes names the claim of the
    /// responder that sent it, so that replicas sharing a sender are counted
    /// each on its own.
    package static let responderClaimKey = "noticehub.claim"

    /// The most fields a notice carries.
    package static let maximumCount = 32
    /// The longest key, in bytes.
    package static let maximumKeyLength = 64
    /// The longest value, in UTF-8 bytes.
    package static let maximumValueLength = 1024

    @usableFromInline init(fields: [String: String]?) {
        self.fields = fields
    }

    /// Metadata of `fields`, checked when a notice carrying it is posted.
    public init(_ fields: [String: String]) {
        self.fields = fields.isEmpty ? nil : fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The value of `key`, or nil; setting nil removes the field.
    public subscript(key: String) -> String? {
        get { fields?[key] }
        set {
            var changed = fields ?? [:]
            changed[key] = newValue
            fields = changed.isEmpty ? nil : changed
        }
    }

    /// Whether the notice carries no field.
    public var isEmpty: Bool { fields == nil }

    /// How many fields there are.
    public var count: Int { fields?.count ?? 0 }

    /// The fields in the order of their keys.
    public func makeIterator() -> IndexingIterator<[(key: String, value: String)]> {
        sorted.makeIterator()
    }

    private var sorted: [(key: String, value: String)] {
        (fields ?? [:]).sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// What breaks the rules above, as an error naming the field, or nil.
    package func problem() -> NoticeHubError? {
        if count > Self.maximumCount {
            return .invalidMetadata(
                key: nil, reason: "it has \(count) fields (at most \(Self.maximumCount) allowed)")
        }
        for (key, value) in sorted {
            if let reason = Self.keyProblem(key) { return .invalidMetadata(key: key, reason: reason) }
            if let reason = Self.valueProblem(value) { return .invalidMetadata(key: key, reason: reason) }
        }
        return nil
    }

    private static func keyProblem(_ key: String) -> String? {
        let bytes = key.utf8
        if bytes.isEmpty { return "the key is empty" }
        if bytes.count > maximumKeyLength {
            return "the key is \(bytes.count) bytes long (at most \(maximumKeyLength) allowed)"
        }
        let allowed = bytes.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x2D || byte == 0x5F
        }
        return allowed ? nil : "a key holds only ASCII letters, digits, '.', '-' and '_'"
    }

    private static func valueProblem(_ value: String) -> String? {
        let length = value.utf8.count
        if length > maximumValueLength {
            return "the value is \(length) bytes long (at most \(maximumValueLength) allowed)"
        }
        for scalar in value.unicodeScalars where scalar.properties.generalCategory == .control {
            return "the value contains a control character"
        }
        return nil
    }
}

extension NoticeMetadata {
    /// The fields as one compact JSON object, keys in order: how journals
    /// store them and export lines carry them. Nil when there are none.
    public var json: String? {
        guard !isEmpty else { return nil }
        return JSONValue.object(sorted.map { (key: $0.key, value: JSONValue.string($0.value)) }).serialized()
    }

    /// Reads ``json`` back, checking the rules a post checks.
    ///
    /// - Throws: ``NoticeHubError/invalidMetadata(key:reason:)`` for text
    ///   that is not a JSON object of strings, or breaks a rule.
    public init(json: String) throws(NoticeHubError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(json)
        } catch {
            throw .invalidMetadata(key: nil, reason: "it is not valid JSON")
        }
        try self.init(value)
    }

    /// Metadata from a parsed JSON object of strings, checked.
    package init(_ value: JSONValue) throws(NoticeHubError) {
        guard case .object(let members) = value else {
            throw .invalidMetadata(key: nil, reason: "it is not a JSON object")
        }
        var fields: [String: String] = [:]
        for (key, member) in members {
            guard case .string(let text) = member else {
                throw .invalidMetadata(key: key, reason: "the value is not a string")
            }
            guard fields.updateValue(text, forKey: key) == nil else {
                throw .invalidMetadata(key: key, reason: "the key appears twice")
            }
        }
        self.init(fields)
        if let problem = problem() { throw problem }
    }
}
