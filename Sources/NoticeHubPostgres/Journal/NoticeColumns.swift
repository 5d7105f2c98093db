#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// A batch of notices as one array per column, for the statements that
    /// insert a batch from arrays (`unnest`).
    struct NoticeColumns {
        var ids: [UUID] = []
        var names: [String] = []
        var senders = NullableArray<String>()
        var payloads: [String] = []
        var postedAt: [Int64] = []
        /// NULL for an ordinary notice, as the `kind` column holds it.
        var kinds = NullableArray<String>()
        var conversations = NullableArray<UUID>()
        var causes = NullableArray<UUID>()
        /// Each payload's version (``Notice/version``), as the `version` column holds it.
        var versions: [Int32] = []
        /// NULL for a notice without metadata, else ``NoticeMetadata/json``.
        var metadata = NullableArray<String>()

        /// How many parameters ``bindings`` holds.
        static let count = 10

        init(_ records: [JournalRecord]) {
            for record in records {
                let notice = record.notice
                ids.append(notice.id.uuid)
                names.append(notice.name.rawValue)
                senders.elements.append(notice.sender?.rawValue)
                payloads.append(record.payloadJSON)
                postedAt.append(notice.postedAtMilliseconds)
                kinds.elements.append(notice.kind.storedValue)
                conversations.elements.append(notice.conversation?.uuid)
                causes.elements.append(notice.cause?.uuid)
                versions.append(Int32(notice.version))
                metadata.elements.append(notice.metadata.json)
            }
        }

        /// The arrays as `$1` to `$10`: ids, names, senders, payloads, posting
        /// times, kinds, conversations, causes, versions, metadata.
        var bindings: PostgresBindings {
            var binds = PostgresBindings(capacity: Self.count + 1)
            binds.append(ids)
            binds.append(names)
            binds.append(senders)
            binds.append(payloads)
            binds.append(postedAt)
            binds.append(kinds)
            binds.append(conversations)
            binds.append(causes)
            binds.append(versions)
            binds.append(metadata)
            return binds
        }
    }
#endif
