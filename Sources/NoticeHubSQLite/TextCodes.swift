import NoticeSQLite
import NoticeHubCore

/// The codes a SQLite journal's rows hold for their names or their senders
/// (schema 12): `notice_names` and `notice_senders` give each text a code
/// once, and a committed code never changes or goes away. So a code this
/// connection saw committed is kept and used without SQL, in both
/// directions.
///
/// A code met inside a transaction is not yet known to be committed: the
/// transaction may roll back, or a savepoint within it, and the code be
/// given to another text. It is looked up again at each use, and kept
/// only once `confirmingCommit(_:)` saw it survive to the commit.
final class TextCodes<Kind: IdentifierKind> {
    private let table: String
    private let column: String
    private var codes: [Identifier<Kind>: Int64] = [:]
    private var texts: [Int64: Identifier<Kind>] = [:]
    /// Met inside the open transaction, not yet kept.
    private var unconfirmed: [Identifier<Kind>: Int64] = [:]

    /// `table` and its text `column`: `notice_names` and `name`, or
    /// `notice_senders` and `sender`.
    init(table: String, column: String) {
        self.table = table
        self.column = column
    }

    /// `text`'s code, given it now if the table does not hold it yet.
    func code(for text: Identifier<Kind>, on connection: SQLiteConnection) throws -> Int64 {
        if let code = codes[text] { return code }
        let select = try connection.cachedStatement("SELECT code FROM \(table) WHERE \(column) = ?")
        try select.bind(text.rawValue, at: 1)
        let code: Int64
        if try select.step() {
            code = select.int64(at: 0)
            select.reset()
        } else {
            select.reset()
            let insert = try connection.cachedStatement("INSERT INTO \(table) (\(column)) VALUES (?)")
            try insert.bind(text.rawValue, at: 1)
            defer { insert.reset() }
            _ = try insert.step()
            code = connection.lastInsertRowID
        }
        if connection.isAutocommit {
            keep(text, code)
        } else {
            unconfirmed[text] = code
        }
        return code
    }

    /// The text `code` stands for, or nil when the table holds no such code
    /// (a row edited behind the journal's back).
    func text(for code: Int64, on connection: SQLiteConnection) throws -> Identifier<Kind>? {
        if let text = texts[code] { return text }
        let select = try connection.cachedStatement("SELECT \(column) FROM \(table) WHERE code = ?")
        try select.bind(code, at: 1)
        defer { select.reset() }
        guard try select.step() else { return nil }
        let text = Identifier<Kind>(trusted: select.string(at: 0) ?? "")
        if connection.isAutocommit { keep(text, code) }
        return text
    }

    /// Runs `commit`, the open transaction's COMMIT, and keeps the codes met
    /// inside it that still stand for their texts just before it.
    func confirmingCommit(_ commit: () throws -> Void, on connection: SQLiteConnection) throws {
        guard !unconfirmed.isEmpty else { return try commit() }
        var standing: [(Identifier<Kind>, Int64)] = []
        let select = try connection.cachedStatement("SELECT code FROM \(table) WHERE \(column) = ?")
        for (text, code) in unconfirmed {
            try select.bind(text.rawValue, at: 1)
            if try select.step(), select.int64(at: 0) == code { standing.append((text, code)) }
            select.reset()
        }
        unconfirmed.removeAll()
        try commit()
        for (text, code) in standing { keep(text, code) }
    }

    /// Forgets the codes met inside a transaction that rolled back.
    func forgetUnconfirmed() {
        unconfirmed.removeAll()
    }

    private func keep(_ text: Identifier<Kind>, _ code: Int64) {
        codes[text] = code
        texts[code] = text
    }
}
