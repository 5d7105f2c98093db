#if Postgres
    import NoticeHub
    import PostgresNIO

    /// The conditions of a ``JournalQuery`` beyond its range, as SQL on
    /// `notices` and the values it binds, numbered from a first parameter: the
    /// same selection as the SQLite journal's.
    struct NoticeFilter {
        /// ` AND …` for each condition the query sets; empty for none.
        private(set) var sql = ""
        /// How many parameters ``sql`` takes.
        private(set) var count = 0
        private let names: [String]?
        /// Name patterns' literal names and prefixes, narrowing in SQL what the
        /// reader then matches against the patterns.
        private let patterns: (literals: [String], prefixes: [String])?
        private let sender: String?
        private let conversation: NoticeID?
        private let cause: NoticeID?
        private let kinds: [String]?

        init(_ query: JournalQuery, firstParameter: Int) {
            let patternFilter = query.patternFilter
            names = patternFilter == nil ? query.names?.map(\.rawValue).sorted() : nil
            patterns = patternFilter.flatMap { $0.narrowsInSQL ? ($0.literals, $0.prefixes) : nil }
            sender = query.sender?.rawValue
            conversation = query.conversation
            cause = query.cause
            let stored = query.storedKinds
            kinds = query.kinds == nil || stored.isEmpty ? nil : stored
            var next = firstParameter
            func parameter() -> String {
                defer { next += 1 }
                return "$\(next)"
            }
            if names != nil { sql += " AND name = ANY(\(parameter()))" }
            if patterns != nil { sql += " AND (name = ANY(\(parameter())) OR name ^@ ANY(\(parameter())))" }
            if sender != nil { sql += " AND sender = \(parameter())" }
            if conversation != nil {
                let id = parameter()
                sql += " AND (conversation = \(id) OR id = \(id))"
            }
            if cause != nil { sql += " AND cause = \(parameter())" }
            if query.kinds != nil {
                switch (query.takesOrdinaryNotices, kinds == nil) {
                case (true, true): sql += " AND kind IS NULL"
                case (true, false): sql += " AND (kind IS NULL OR kind = ANY(\(parameter())))"
                case (false, false): sql += " AND kind = ANY(\(parameter()))"
                case (false, true): sql += " AND false"
                }
            }
            count = next - firstParameter
        }

        /// Appends the values of ``sql``'s parameters, in order.
        func bind(to binds: inout PostgresBindings) {
            if let names { binds.append(names) }
            if let patterns {
                binds.append(patterns.literals)
                binds.append(patterns.prefixes)
            }
            if let sender { binds.append(sender) }
            if let conversation { binds.append(conversation.uuid) }
            if let cause { binds.append(cause.uuid) }
            if let kinds { binds.append(kinds) }
        }
    }
#endif
