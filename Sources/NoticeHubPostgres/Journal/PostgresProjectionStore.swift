#if Postgres
    import NoticeHub
    import PostgresNIO

    /// A projection's window on the append transaction's session. Projections
    /// write SQL with `?` placeholders, as for SQLite; each is numbered here
    /// (`$1`, `$2`, …) outside quoted text and identifiers, so the same
    /// projection runs on both backends.
    final class PostgresProjectionStore: ProjectionStore {
        private let session: PostgresSession
        /// Statements already renumbered, by their text.
        private var translated: [String: String] = [:]

        init(_ session: PostgresSession) {
            self.session = session
        }

        var dialect: SQLDialect { .postgresql }

        func executeScript(_ sql: String) throws {
            try session.script(sql)
        }

        func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
            try run(sql, arguments).metadata.rows ?? 0
        }

        func integer(_ sql: String, _ arguments: [SQLValue]) throws -> Int64? {
            guard let row = try run(sql, arguments).rows.first else { return nil }
            return Self.value(of: row.makeRandomAccess()[0]).integer
        }

        func rows(_ sql: String, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
            for row in try run(sql, arguments).rows {
                try body(row.map(Self.value(of:)))
            }
        }

        private func run(_ sql: String, _ arguments: [SQLValue]) throws -> PostgresQueryResult {
            var binds = PostgresBindings(capacity: arguments.count)
            for argument in arguments {
                switch argument {
                case .integer(let value): binds.append(value)
                case .real(let value): binds.append(value)
                case .text(let value): binds.append(value)
                case .null: binds.appendNull()
                }
            }
            return try session.query(numbered(sql), binds)
        }

        private func numbered(_ sql: String) -> String {
            if let known = translated[sql] { return known }
            let result = SQLScript.numberingPlaceholders(sql)
            translated[sql] = result
            return result
        }

        /// A column as a ``SQLValue``: integers, reals and booleans as numbers,
        /// everything else as text.
        static func value(of cell: PostgresCell) -> SQLValue {
            guard cell.bytes != nil else { return .null }
            switch cell.dataType {
            case .int2: return (try? cell.decode(Int16.self)).map { .integer(Int64($0)) } ?? .null
            case .int4: return (try? cell.decode(Int32.self)).map { .integer(Int64($0)) } ?? .null
            case .int8: return (try? cell.decode(Int64.self)).map { .integer($0) } ?? .null
            case .bool: return (try? cell.decode(Bool.self)).map { .integer($0 ? 1 : 0) } ?? .null
            case .float4, .float8: return (try? cell.decode(Double.self)).map { .real($0) } ?? .null
            default: return (try? cell.decode(String.self)).map { .text($0) } ?? .null
            }
        }
    }
#endif
