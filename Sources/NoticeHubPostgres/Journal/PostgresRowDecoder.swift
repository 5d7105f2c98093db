#if Postgres
import Foundation
import NIOCore
import NoticeHub
import PostgresNIO

/// Turns rows of `notices` into notices, reusing the names and senders seen
/// last (a journal repeats a few of them millions of times), and, for
/// exports, first checks each row against the rules the library writes by.
struct PostgresRowDecoder {
    private let checksRows: Bool
    private var names = RecentIdentifiers<NoticeName>()
    private var senders = RecentIdentifiers<Sender>()
    private var checkedNames = RecentIdentifiers<String?>()
    private var checkedSenders = RecentIdentifiers<String?>()

    init(checksRows: Bool) {
        self.checksRows = checksRows
    }

    /// Columns: seq, id, name, sender, payload, posted_at.
    mutating func notice(from row: PostgresRow, isReplay: Bool) throws -> Notice {
        let columns = row.makeRandomAccess()
        let sequence = try columns[0].decode(Int64.self)
        let id = try columns[1].decode(UUID.self)
        let postedAt = try columns[5].decode(Int64.self)
        let nameBytes = columns[2].bytes ?? ByteBuffer()
        let senderBytes = columns[3].bytes
        let payload = columns[4].bytes.map { Array($0.readableBytesView) } ?? []
        if checksRows, let problem = problem(name: nameBytes, sender: senderBytes, payload: payload, postedAt: postedAt) {
            throw JournalError.malformedRow(sequence: sequence, problem: problem)
        }
        let name = nameBytes.withUnsafeReadableBytes { bytes in
            names.lookup(bytes) { NoticeName(trusted: String(decoding: $0, as: UTF8.self)) }
        }
        let sender = senderBytes?.withUnsafeReadableBytes { bytes in
            senders.lookup(bytes) { Sender(trusted: String(decoding: $0, as: UTF8.self)) }
        }
        return Notice(
            stored: NoticeID(id), name: name, sender: sender, postedAtMilliseconds: postedAt,
            payloadUTF8: payload, sequence: sequence, isReplay: isReplay)
    }

    /// The first rule the row breaks, or nil. The columns' types (uuid,
    /// text, bigint) already keep out what SQLite's dynamic types let in.
    private mutating func problem(name: ByteBuffer, sender: ByteBuffer?, payload: [UInt8], postedAt: Int64) -> String? {
        if let problem = name.withUnsafeReadableBytes({ bytes in
            checkedNames.lookup(bytes) { StoredRowRules.identifierProblem($0, label: "name") { _ = try NoticeName(validating: $0) } }
        }) {
            return problem
        }
        if let sender, let problem = sender.withUnsafeReadableBytes({ bytes in
            checkedSenders.lookup(bytes) { StoredRowRules.identifierProblem($0, label: "sender") { _ = try Sender(validating: $0) } }
        }) {
            return problem
        }
        if let problem = payload.withUnsafeBytes(StoredRowRules.payloadProblem) { return problem }
        return StoredRowRules.postedAtProblem(postedAt)
    }
}
#endif
