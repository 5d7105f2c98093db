import NoticeJSON
import NoticeSQLite

/// What the library would refuse in a stored row: the rules its own writes
/// and imports follow, checked again for rows edited behind its back, so an
/// export prints only lines that import takes back unchanged.
///
/// Names and senders repeat, so each distinct one is judged once while it is
/// among the last few met; a valid row costs a few comparisons and a scan of
/// its payload, without allocating for a small payload.
struct RowCheck {
    private var names = RecentIdentifiers<String?>()
    private var senders = RecentIdentifiers<String?>()

    /// Columns: seq, id, name, sender, payload, posted_at. The first problem
    /// of the row in one line, or nil when the row is sound. Must run before
    /// anything else reads the row: reading converts values.
    mutating func problem(in row: SQLiteStatement) -> String? {
        guard row.storageClass(at: 5) == .integer else {
            return "posted_at \(RowValue.quoted(row, at: 5)) is not an integer"
        }
        guard row.storageClass(at: 1) == .text else { return Self.notText("id", in: row, at: 1) }
        guard row.storageClass(at: 2) == .text else { return Self.notText("name", in: row, at: 2) }
        guard row.storageClass(at: 4) == .text else { return Self.notText("payload", in: row, at: 4) }
        let senderClass = row.storageClass(at: 3)
        guard senderClass == .text || senderClass == .null else { return Self.notText("sender", in: row, at: 3) }

        guard row.withTextBytes(at: 1, { NoticeID(utf8: $0) }) != nil else {
            return RowDecoder.idProblem(in: row)
        }
        if let problem = row.withTextBytes(at: 2, { bytes in
            names.lookup(bytes) { Self.identifierProblem($0, label: "name") { _ = try NoticeName(validating: $0) } }
        }) {
            return problem
        }
        if senderClass == .text, let problem = row.withTextBytes(at: 3, { bytes in
            senders.lookup(bytes) { Self.identifierProblem($0, label: "sender") { _ = try Sender(validating: $0) } }
        }) {
            return problem
        }
        if let problem = row.withTextBytes(at: 4, Self.payloadProblem) { return problem }
        let postedAt = row.int64(at: 5)
        // The times an export line can spell, so that every exported line imports.
        guard TimestampFormat.millisecondRange.contains(postedAt) else {
            return "posted_at \(postedAt) is not a time of the years 0001-9999"
        }
        return nil
    }

    private static func notText(_ label: String, in row: SQLiteStatement, at column: Int32) -> String {
        let kind = switch row.storageClass(at: column) {
        case .integer: "an integer"
        case .real: "a real number"
        case .blob: "a blob"
        case .text: "text"
        case .null: "null"
        }
        return "\(label) is \(kind), not text"
    }

    /// Why the bytes of a name or sender are refused, or nil.
    private static func identifierProblem(
        _ bytes: UnsafeRawBufferPointer, label: String, validate: (String) throws -> Void
    ) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return "\(label) is not valid UTF-8" }
        do {
            try validate(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Why a stored payload could not be an export's payload, or nil: it
    /// must be JSON that import parses, on one line (the library stores
    /// compact JSON, so a line break is never part of a payload it wrote).
    private static func payloadProblem(_ bytes: UnsafeRawBufferPointer) -> String? {
        do {
            try JSONParser.validate(bytes)
        } catch {
            return "payload is not valid JSON (\(error))"
        }
        return bytes.contains(UInt8(ascii: "\n")) ? "payload is not on one line" : nil
    }
}
