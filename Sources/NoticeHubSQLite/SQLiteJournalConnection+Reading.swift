import Foundation
import NoticeSQLite
import NoticeHubCore

/// Reads: the statement a query becomes, and the rows it steps through.
extension SQLiteJournalConnection {
    func read(_ query: JournalQuery, _ body: (Notice) throws -> Bool) throws {
        let sql = Self.readSQL(for: query)
        let patterns = query.patternFilter
        let statement = try storage { try connection.cachedStatement(sql) }
        defer { statement.reset() }
        var index: Int32 = 1
        func bind(_ value: (any SQLiteBindable)?) throws {
            try statement.bind(value, at: index)
            index += 1
        }
        try storage {
            try bind(query.from)
            if let through = query.through { try bind(through) }
            if let patterns {
                if patterns.narrowsInSQL { for value in patterns.sqliteValues { try bind(value) } }
            } else {
                for name in query.names?.sorted(by: { $0.rawValue < $1.rawValue }) ?? [] { try bind(name.rawValue) }
            }
            if let sender = query.sender { try bind(sender.rawValue) }
            if let conversation = query.conversation {
                try statement.bindID(conversation, at: index)
                try statement.bindID(conversation, at: index + 1)
                index += 2
            }
            if let cause = query.cause { try bind(cause.description) }
            for kind in query.kinds == nil ? [] : query.storedKinds { try bind(kind) }
            // SQLite reads a negative LIMIT as none at all.
            if let limit = query.limit, patterns == nil { try bind(Int64(max(0, limit))) }
        }
        var left = patterns == nil ? Int.max : query.limit.map { max(0, $0) } ?? Int.max
        guard left > 0 else { return }
        var rows = RowDecoder(journal: self)
        var check = query.checksRows ? RowCheck(journal: self) : nil
        // Looked up once the read's first step has taken its snapshot, in
        // the same one: a trim committed before it shows, one after it
        // removed nothing this read could have returned.
        var startChecked = query.includesTrimmed
        while try storage({ try statement.step() }) {
            if !startChecked {
                try refuseTrimmedStart(query.from)
                startChecked = true
            }
            // Before the decoder reads the row: its accessors convert values.
            if check != nil, let problem = try storage({ try check!.problem(in: statement) }) {
                throw JournalError.malformedRow(sequence: statement.int64(at: 0), problem: problem)
            }
            let notice = try rows.notice(from: statement, isReplay: query.markedAsReplay)
            if let patterns, !patterns.admits(notice.name) { continue }
            guard try body(notice) else { return }
            left -= 1
            if left == 0 { return }
        }
        if !startChecked { try refuseTrimmedStart(query.from) }
    }

    /// Throws `JournalError/trimmed(from:firstRetained:)` when `from` lies
    /// below the journal's first retained sequence.
    private func refuseTrimmedStart(_ from: Int64) throws {
        if let first = try mark(.firstRetained), from < first {
            throw JournalError.trimmed(from: from, firstRetained: first)
        }
    }

    /// The statement that reads `query`, with its values to bind in the
    /// order `read(_:_:)` binds them. Names and senders are matched in
    /// `notice_names` and `notice_senders`, whose codes the rows hold.
    ///
    /// A condition that can match several names (a list, a pattern) is
    /// written `+name_code`, which keeps SQLite off the index on names:
    /// through it, rows of several names come out of sequence order, and
    /// SQLite sorts them all before the first one is delivered (two seconds
    /// of a replay of 10^7 notices). Read in sequence order and filtered, the
    /// first notice comes at once. A single name keeps the index, which
    /// yields its rows in sequence order.
    package static func readSQL(for query: JournalQuery) -> String {
        var sql = "SELECT \(RowDecoder.columns) FROM notices WHERE seq >= ?"
        if query.through != nil { sql += " AND seq <= ?" }
        // Patterns are narrowed here and matched below, where the limit counts.
        let patterns = query.patternFilter
        if let patterns {
            if patterns.narrowsInSQL {
                sql +=
                    patterns.isSingleName
                    ? " AND name_code = (SELECT code FROM notice_names WHERE name = ?)"
                    : " AND +name_code IN (SELECT code FROM notice_names WHERE \(patterns.sqliteCondition()))"
            }
        } else if let names = query.names {
            sql +=
                names.count == 1
                ? " AND name_code = (SELECT code FROM notice_names WHERE name = ?)"
                : " AND +name_code IN (SELECT code FROM notice_names WHERE name IN (\(Self.placeholders(names.count))))"
        }
        if query.sender != nil { sql += " AND sender_code = (SELECT code FROM notice_senders WHERE sender = ?)" }
        if query.conversation != nil { sql += " AND (conversation = ? OR id = ?)" }
        // Kind and cause are fields of extra (`RowExtra`), NULL for an
        // ordinary notice, whose row these conditions then pass over
        // without reading JSON.
        if query.cause != nil { sql += " AND extra IS NOT NULL AND cause = ?" }
        if query.kinds != nil {
            let stored = query.storedKinds
            let inList = stored.isEmpty ? nil : "kind IN (\(Self.placeholders(stored.count)))"
            switch (query.takesOrdinaryNotices, inList) {
            case (true, nil): sql += " AND (extra IS NULL OR kind IS NULL)"
            case (true, let inList?): sql += " AND (extra IS NULL OR kind IS NULL OR \(inList))"
            case (false, let inList?): sql += " AND extra IS NOT NULL AND \(inList)"
            case (false, nil): sql += " AND 0"
            }
        }
        sql += " ORDER BY seq"
        if query.limit != nil, patterns == nil { sql += " LIMIT ?" }
        return sql
    }

    /// `?, ?, ?` for `count` parameters.
    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
