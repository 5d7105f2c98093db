#if Postgres
import Foundation
import NoticeHub
import PostgresNIO

/// A batch of notices as one array per column, for the statements that
/// insert a batch from arrays (`unnest`).
struct NoticeColumns {
    var ids: [UUID] = []
    var names: [String] = []
    /// ``missingSender`` where a notice has none: postgres-nio's text arrays
    /// hold no NULL.
    var senders: [String] = []
    var payloads: [String] = []
    var postedAt: [Int64] = []

    /// Stands for a missing sender: a control character, which no sender
    /// may contain (the SQL turns it back into NULL).
    static let missingSender = "\u{1}"

    init(_ records: [JournalRecord]) {
        for record in records {
            let notice = record.notice
            ids.append(notice.id.uuid)
            names.append(notice.name.rawValue)
            senders.append(notice.sender?.rawValue ?? Self.missingSender)
            payloads.append(record.payloadJSON)
            postedAt.append(notice.postedAtMilliseconds)
        }
    }

    /// The five arrays as `$1` to `$5`: ids, names, senders, payloads, posting times.
    var bindings: PostgresBindings {
        var binds = PostgresBindings(capacity: 7)
        binds.append(ids)
        binds.append(names)
        binds.append(senders)
        binds.append(payloads)
        binds.append(postedAt)
        return binds
    }
}
#endif
