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

        /// The columns ``notice(from:isReplay:)`` reads, in order.
        static let columns = "seq, id, name, sender, payload, posted_at, kind, conversation, cause, version, metadata"
        /// How many ``columns`` there are: a query may select more after them.
        static let columnCount = 11

        /// Reads a row of ``columns``. A kind or a version the library could
        /// not have written is refused whether or not rows are checked; the
        /// uuid type already guards the conversation and the cause.
        mutating func notice(from row: PostgresRow, isReplay: Bool) throws -> Notice {
            let columns = row.makeRandomAccess()
            let sequence = try columns[0].decode(Int64.self)
            let id = try columns[1].decode(UUID.self)
            let postedAt = try columns[5].decode(Int64.self)
            let nameBytes = columns[2].bytes ?? ByteBuffer()
            let senderBytes = columns[3].bytes
            let payload = columns[4].bytes.map { Array($0.readableBytesView) } ?? []
            // Read as bigint: a column widened behind NoticeHub's back still
            // reads, and a value out of range is refused by name.
            let version = try columns[9].decode(Int64?.self)
            if checksRows,
                let problem = problem(
                    sequence: sequence, name: nameBytes, sender: senderBytes, payload: payload, postedAt: postedAt,
                    version: version)
            {
                throw JournalError.malformedRow(sequence: sequence, problem: problem)
            }
            let name = nameBytes.withUnsafeReadableBytes { bytes in
                names.lookup(bytes) { NoticeName(trusted: String(decoding: $0, as: UTF8.self)) }
            }
            let sender = senderBytes?.withUnsafeReadableBytes { bytes in
                senders.lookup(bytes) { Sender(trusted: String(decoding: $0, as: UTF8.self)) }
            }
            var kind = NoticeKind.notice
            var links = NoticeLinks.none
            // Three NULLs for an ordinary notice: one check each, nothing to decode.
            if columns[6].bytes != nil || columns[7].bytes != nil || columns[8].bytes != nil {
                let stored = try columns[6].decode(String?.self)
                guard let known = NoticeKind(stored: stored) else {
                    throw JournalError.malformedRow(sequence: sequence, problem: Self.kindProblem(stored ?? ""))
                }
                kind = known
                links = NoticeLinks(
                    conversation: try columns[7].decode(UUID?.self).map(NoticeID.init),
                    cause: try columns[8].decode(UUID?.self).map(NoticeID.init))
            }
            // The kind before the version, as the SQLite journal reads a row
            // (a checked row is judged by its version first, as there).
            guard let storedVersion = version.flatMap({ Int32(exactly: $0) }), storedVersion >= 1 else {
                throw JournalError.malformedRow(sequence: sequence, problem: Self.versionProblem(version) ?? "")
            }
            // NULL for nearly every notice: one check, nothing to parse.
            var metadata = NoticeMetadata.empty
            if let stored = columns[10].bytes {
                do {
                    metadata = try NoticeMetadata(json: String(buffer: stored))
                } catch {
                    throw JournalError.malformedRow(sequence: sequence, problem: "\(error)")
                }
            }
            return Notice(
                stored: NoticeID(id), name: name, sender: sender, postedAtMilliseconds: postedAt,
                payloadUTF8: payload, sequence: sequence, isReplay: isReplay, kind: kind, links: links,
                version: storedVersion, metadata: metadata)
        }

        /// What is wrong with a stored version, or nil: NULL (the column's NOT
        /// NULL keeps it out unless it was dropped), or a value outside
        /// 1...2147483647 (which its CHECK keeps out).
        private static func versionProblem(_ version: Int64?) -> String? {
            guard let version else { return "version NULL is not an integer" }
            return StoredRowRules.versionProblem(version)
        }

        /// What is wrong with a kind no notice has (the column's CHECK keeps
        /// them out unless it was dropped), quoted and cut short as the SQLite
        /// journal's messages show stored values.
        private static func kindProblem(_ stored: String) -> String {
            let shown =
                QuotedText.quoted(String(stored.prefix(40)), spelling: .controls) + (stored.count > 40 ? "…" : "")
            return "kind \(shown) is not request, reply or failure"
        }

        /// The first rule the row breaks, or nil. The columns' types (uuid,
        /// text, bigint) already keep out what SQLite's dynamic types let in.
        private mutating func problem(
            sequence: Int64, name: ByteBuffer, sender: ByteBuffer?, payload: [UInt8], postedAt: Int64, version: Int64?
        ) -> String? {
            if let problem = StoredRowRules.sequenceProblem(sequence) { return problem }
            if let problem = name.withUnsafeReadableBytes({ bytes in
                checkedNames.lookup(bytes) { StoredRowRules.nameProblem($0) }
            }) {
                return problem
            }
            if let sender,
                let problem = sender.withUnsafeReadableBytes({ bytes in
                    checkedSenders.lookup(bytes) {
                        StoredRowRules.identifierProblem($0, label: "sender") { _ = try Sender(validating: $0) }
                    }
                })
            {
                return problem
            }
            if let problem = payload.withUnsafeBytes(StoredRowRules.payloadProblem) { return problem }
            if let problem = StoredRowRules.postedAtProblem(postedAt) { return problem }
            return Self.versionProblem(version)
        }
    }
#endif
