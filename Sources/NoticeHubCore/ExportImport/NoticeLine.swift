import Foundation
import NoticeJSON

/// A notice as one line of JSON: the format of `noticectl export`, `import`
/// and every `--json` listing.
///
/// `{"seq":7,"id":"…","name":"news.liked","sender":"feed","payload":{…},"postedAt":"2026-11-21T15:04:05.123Z"}`
///
/// A key whose value the notice lacks is left out, never written as `null`:
/// a notice without a sender has no `"sender"`. A notice in a conversation
/// also has `"conversation"` and `"cause"` (ids), and a request or reply its
/// `"kind"`:
/// `{"seq":9,"id":"…","name":"weather.now","sender":"station","kind":"reply","conversation":"…","cause":"…","payload":{…},"postedAt":"…"}`
/// A notice whose payload is of a version other than 1 has `"version"`, and
/// one with ``Notice/metadata`` has `"metadata"`, an object of strings:
/// `"metadata":{"traceparent":"00-…-01"}`.
public enum NoticeLine {
    /// The line for `notice` (without a trailing newline). `seq` appears only
    /// for journaled notices; `sender`, `kind`, `conversation`, `cause` and
    /// `metadata` only when the notice has them, `version` only when it is not 1.
    public static func encode(_ notice: Notice) throws -> String {
        var line = "{"
        if let sequence = notice.sequence { line += "\"seq\":\(sequence)," }
        line += "\"id\":\"\(notice.id)\""
        line += ",\"name\":" + JSONValue.string(notice.name.rawValue).serialized()
        if let sender = notice.sender { line += ",\"sender\":" + JSONValue.string(sender.rawValue).serialized() }
        if notice.kind != .notice { line += ",\"kind\":\"\(notice.kind.rawValue)\"" }
        if let conversation = notice.conversation { line += ",\"conversation\":\"\(conversation)\"" }
        if let cause = notice.cause { line += ",\"cause\":\"\(cause)\"" }
        if notice.version != 1 { line += ",\"version\":\(notice.version)" }
        if let metadata = notice.metadata.json { line += ",\"metadata\":" + metadata }
        line += ",\"payload\":" + (try notice.payloadJSON())
        line += ",\"postedAt\":\"\(timestamp(notice.postedAtMilliseconds))\"}"
        return line
    }

    /// Reads a line back into a notice ready to journal. `seq` is ignored
    /// (the journal assigns its own); `id` and `postedAt` are kept when given,
    /// made fresh when absent; `payload` may be any JSON value, as any
    /// `Codable` payload encodes to (default `{}`); `kind`, `conversation`
    /// and `cause` are kept when given, and so are `version` (default 1) and
    /// `metadata`. `null` reads as absent for `seq`,
    /// `sender`, `conversation`, `cause` and `metadata`, as release 0.1's exports wrote
    /// `"sender":null`.
    public static func decode(_ line: String) throws(NoticeLineError) -> Notice {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw NoticeLineError("not valid JSON (\(error))")
        }
        guard case .object(let fields) = value else { throw NoticeLineError("not a JSON object") }
        var id: NoticeID?, name: NoticeName?, sender: Sender?, payload = "{}", postedAt: Int64?
        var kind = NoticeKind.notice, links = NoticeLinks.none, version: Int32 = 1, metadata = NoticeMetadata.empty
        var seen: Set<String> = []
        for (key, field) in fields {
            guard seen.insert(key).inserted else {
                throw NoticeLineError("field \(IdentifierRules.quoted(key)) appears twice")
            }
            switch (key, field) {
            case ("seq", .int), ("seq", .null):
                break
            case ("id", .string(let text)):
                guard let parsed = NoticeID(text) else {
                    throw NoticeLineError("id \(IdentifierRules.quoted(text)) is not a UUID")
                }
                id = parsed
            case ("name", .string(let text)):
                do { name = try NoticeName(validating: text) } catch { throw NoticeLineError("\(error)") }
            case ("sender", .string(let text)):
                do { sender = try Sender(validating: text) } catch { throw NoticeLineError("\(error)") }
            case ("sender", .null):
                sender = nil
            case ("kind", .string(let text)):
                guard let parsed = NoticeKind(rawValue: text) else {
                    throw NoticeLineError(
                        "kind \(IdentifierRules.quoted(text)) is not notice, request, reply or failure")
                }
                kind = parsed
            case ("conversation", .string(let text)):
                links.conversation = try linkedID(text, label: "conversation")
            case ("cause", .string(let text)):
                links.cause = try linkedID(text, label: "cause")
            case ("conversation", .null), ("cause", .null):
                break
            case ("version", .int(let number)):
                guard let stored = Int32(exactly: number), stored >= 1 else {
                    throw NoticeLineError("version \(number) is not one of 1...\(Int32.max)")
                }
                version = stored
            case ("metadata", .object):
                do { metadata = try NoticeMetadata(field) } catch { throw NoticeLineError("\(error)") }
            case ("metadata", .null):
                break
            case ("payload", _):
                payload = field.serialized()
            case ("postedAt", .string(let text)):
                guard let date = TimestampFormat.date(from: text) else {
                    throw NoticeLineError(
                        "postedAt \(IdentifierRules.quoted(text)) is not an ISO-8601 time of the years 0001-9999")
                }
                postedAt = TimestampFormat.milliseconds(of: date)
            case ("seq", _), ("id", _), ("name", _), ("sender", _), ("postedAt", _),
                ("kind", _), ("conversation", _), ("cause", _), ("version", _), ("metadata", _):
                throw NoticeLineError("field \(key) has the wrong type")
            default:
                throw NoticeLineError("unknown field \(IdentifierRules.quoted(key))")
            }
        }
        guard let name else { throw NoticeLineError("the name is missing") }
        if name.isPattern { throw NoticeLineError("\(NoticeHubError.patternNotPostable(name))") }
        return Notice(
            id: id ?? .next(), name: name, sender: sender,
            postedAtMilliseconds: postedAt ?? WallClock.nowMilliseconds(), payload: .json(payload),
            kind: kind, links: links, version: version, metadata: metadata)
    }

    private static func linkedID(_ text: String, label: String) throws(NoticeLineError) -> NoticeID {
        guard let id = NoticeID(text) else {
            throw NoticeLineError("\(label) \(IdentifierRules.quoted(text)) is not a UUID")
        }
        // The nil UUID stands for "none" inside a notice: no notice has it.
        guard NoticeLinks(conversation: id, cause: nil).conversation != nil else {
            throw NoticeLineError("\(label) \(IdentifierRules.quoted(text)) is the nil UUID, which names no notice")
        }
        return id
    }

    /// `2026-11-21T15:04:05.123Z` for a time in milliseconds since 1970; the
    /// plain number for a time outside the years 0001-9999.
    package static func timestamp(_ milliseconds: Int64) -> String {
        TimestampFormat.string(milliseconds: milliseconds) ?? "\(milliseconds)"
    }
}

/// Why a line is not a notice, in one line.
public struct NoticeLineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the line.
    public let reason: String

    /// An error for `reason`.
    package init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
