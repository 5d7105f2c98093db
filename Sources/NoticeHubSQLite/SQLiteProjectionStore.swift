import NoticeSQLite
import NoticeHubCore

/// A projection's window on the append transaction's connection.
final class SQLiteProjectionStore: ProjectionStore {
    private let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
    }

    var dialect: SQLDialect { .sqlite }

    func executeScript(_ sql: String) throws {
        try connection.execute(sql)
    }

    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        let statement = try prepared(sql, arguments)
        defer { statement.reset() }
        while try statement.step() {}
        return connection.changes
    }

    func integer(_ sql: String, _ arguments: [SQLValue]) throws -> Int64? {
        let statement = try prepared(sql, arguments)
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(at: 0) else { return nil }
        return statement.int64(at: 0)
    }

    func rows(_ sql: String, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        let statement = try prepared(sql, arguments)
        defer { statement.reset() }
        let columns = statement.columnCount
        while try statement.step() {
            var row: [SQLValue] = []
            row.reserveCapacity(Int(columns))
            for index in 0..<columns {
                row.append(statement.value(at: index))
            }
            try body(row)
        }
    }

    private func prepared(_ sql: String, _ arguments: [SQLValue]) throws -> SQLiteStatement {
        let statement = try connection.cachedStatement(sql)
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            switch argument {
            case .integer(let value): try statement.bind(value, at: index)
            case .real(let value): try statement.bind(value, at: index)
            case .text(let value): try statement.bind(value, at: index)
            case .null: try statement.bindNull(at: index)
            }
        }
        return statement
    }
}

extension SQLiteStatement {
    /// A column as a `SQLValue` (blobs read as text).
    func value(at index: Int32) -> SQLValue {
        switch storageClass(at: index) {
        case .null: .null
        case .integer: .integer(int64(at: index))
        case .real: .real(double(at: index))
        case .text, .blob: .text(string(at: index) ?? "")
        }
    }
}
