import NoticeJSON
import NoticeHubCore

/// What a SQLite row keeps in its `extra` column (schema 13): a notice's
/// kind, cause, payload version, posting time and metadata, whichever
/// differ from an ordinary notice's, as one JSON object:
///
/// ```json
/// {"kind":"reply","cause":"0192f0c4-5a3e-7b21-9c4d-2e8f6a1b3c5d","version":2,"posted_at":1764000000123,"metadata":{"tenant":"7"}}
/// ```
///
/// An ordinary notice (`NoticeKind/notice`, no cause, version 1, posted
/// at the time its version-7 id carries, no metadata) leaves the column
/// NULL: one byte of the row's header for all five fields, as SQLite spends
/// a byte on every column of a row, NULL or not. The table shows the fields
/// as virtual columns of the same names, which take no space.
struct RowExtra: Equatable {
    var kind = NoticeKind.notice
    var cause: NoticeID?
    var version: Int32 = 1
    /// The posting time, when the id does not carry it.
    var postedAt: Int64?
    var metadata = NoticeMetadata.empty

    /// An ordinary notice's.
    init() {}

    /// The fields of `notice` that an ordinary notice leaves out.
    init(of notice: Notice) {
        kind = notice.kind
        cause = notice.cause
        version = Int32(notice.version)
        postedAt = notice.id.carriesTime(notice.postedAtMilliseconds) ? nil : notice.postedAtMilliseconds
        metadata = notice.metadata
    }

    /// The JSON object the column holds, or nil for an ordinary notice.
    var json: String? {
        var members: [(key: String, value: JSONValue)] = []
        if let kind = kind.storedValue { members.append((Key.kind, .string(kind))) }
        if let cause { members.append((Key.cause, .string(cause.description))) }
        if version != 1 { members.append((Key.version, .int(Int64(version)))) }
        if let postedAt { members.append((Key.postedAt, .int(postedAt))) }
        if !metadata.isEmpty {
            members.append((Key.metadata, .object(metadata.map { (key: $0.key, value: JSONValue.string($0.value)) })))
        }
        return members.isEmpty ? nil : JSONValue.object(members).serialized()
    }

    /// The keys, as the virtual columns are named.
    enum Key {
        static let kind = "kind", cause = "cause", version = "version", postedAt = "posted_at"
        static let metadata = "metadata"
    }
}

extension RowExtra {
    /// Reads a stored `extra` column back, refusing what the library could
    /// not have written; the error is the problem in one line.
    init(stored bytes: UnsafeRawBufferPointer) throws(RowProblem) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw RowProblem("extra \(RowValue.quoted(String(decoding: bytes, as: UTF8.self))) is not JSON")
        }
        guard case .object(let members) = value, !members.isEmpty else {
            throw RowProblem("extra \(RowValue.shown(value)) is not a JSON object of the notice's fields")
        }
        var seen: Set<String> = []
        for (key, member) in members {
            guard seen.insert(key).inserted else { throw RowProblem("extra names \(RowValue.quoted(key)) twice") }
            try read(key, member)
        }
    }

    private mutating func read(_ key: String, _ member: JSONValue) throws(RowProblem) {
        switch (key, member) {
        case (Key.kind, .string(let text)):
            guard let stored = NoticeKind(stored: text) else {
                throw RowProblem("kind \(RowValue.shown(member)) is not request, reply or failure")
            }
            kind = stored
        case (Key.kind, _):
            throw RowProblem("kind \(RowValue.shown(member)) is not request, reply or failure")
        case (Key.cause, .string(let text)):
            guard let id = NoticeID(text) else { throw RowProblem("cause \(RowValue.shown(member)) is not a UUID") }
            cause = id
        case (Key.cause, _):
            throw RowProblem("cause \(RowValue.shown(member)) is not a UUID")
        case (Key.version, .int(let stored)):
            guard let version = Int32(exactly: stored), version >= 1 else {
                throw RowProblem(StoredRowRules.versionProblem(stored) ?? "version \(stored) is out of range")
            }
            self.version = version
        case (Key.version, _):
            throw RowProblem("version \(RowValue.shown(member)) is not an integer")
        case (Key.postedAt, .int(let stored)):
            postedAt = stored
        case (Key.postedAt, _):
            throw RowProblem("posted_at \(RowValue.shown(member)) is not an integer")
        case (Key.metadata, _):
            do {
                metadata = try NoticeMetadata(member)
            } catch {
                throw RowProblem("\(error)")
            }
        default:
            throw RowProblem("extra holds \(RowValue.quoted(key)), which is none of the notice's fields")
        }
    }
}

/// What is wrong with a stored row, in one line.
struct RowProblem: Error {
    let description: String
    init(_ description: String) { self.description = description }
}
