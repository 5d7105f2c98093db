import NoticeJSON

/// Projection state taken from and put into a projection's tables, and the
/// journal's `projection_snapshots` table, which holds the state the journal
/// starts from: the same SQL on every backend, through a ``ProjectionStore``.
enum ProjectionSnapshots {
    /// The rows of `schema`'s tables as they stand, recorded as of `through`.
    static func capture(_ schema: ProjectionSchema, through: Int64, from store: any ProjectionStore) throws
        -> ProjectionSnapshot
    {
        var tables: [ProjectionTableState] = []
        for table in schema.tables {
            let columns = try columns(of: table, in: store)
            guard !columns.isEmpty else {
                throw JournalError.projectionUnusable(
                    projection: schema.identity, problem: "its table \(IdentifierRules.quoted(table)) does not exist")
            }
            var rows: [[SQLValue]] = []
            let list = columns.map { SQLQuoting.quoted($0, by: "\"") }.joined(separator: ", ")
            try store.rows("SELECT \(list) FROM \(SQLQuoting.quoted(table, by: "\""))", []) { rows.append($0) }
            tables.append(ProjectionTableState(name: table, columns: columns, rows: rows))
        }
        return ProjectionSnapshot(
            identity: schema.identity, version: schema.version, schemaVersion: schema.schemaVersion,
            through: through, tables: tables)
    }

    /// Puts `snapshot`'s rows into its tables, which the caller has emptied,
    /// in the order of the table names in `order` (the projection's own, so
    /// that a table's references are loaded before it). Columns the snapshot
    /// lacks take their defaults.
    static func load(_ snapshot: ProjectionSnapshot, into store: any ProjectionStore, order: [String]) throws {
        let rank = { (table: ProjectionTableState) in order.firstIndex(of: table.name) ?? order.count }
        for table in snapshot.tables.sorted(by: { rank($0) < rank($1) }) where !table.rows.isEmpty {
            let name = SQLQuoting.quoted(table.name, by: "\"")
            let list = table.columns.map { SQLQuoting.quoted($0, by: "\"") }.joined(separator: ", ")
            if store.dialect == .postgresql {
                // PostgreSQL converts each JSON value by its column's type.
                let insert =
                    "INSERT INTO \(name) (\(list)) SELECT \(list) FROM json_populate_record(NULL::\(name), ?::json)"
                for row in table.rows { try store.execute(insert, [.text(object(table.columns, row))]) }
            } else {
                let marks = Array(repeating: "?", count: table.columns.count).joined(separator: ", ")
                let insert = "INSERT INTO \(name) (\(list)) VALUES (\(marks))"
                for row in table.rows { try store.execute(insert, row) }
            }
        }
    }

    /// Empties `schema`'s tables, last declared first.
    static func empty(_ schema: ProjectionSchema, in store: any ProjectionStore) throws {
        for table in schema.tables.reversed() {
            try store.execute("DELETE FROM \(SQLQuoting.quoted(table, by: "\""))", [])
        }
    }

    /// The state the journal starts from for the projection `identity`.
    static func starting(in store: any ProjectionStore, identity: String) throws -> ProjectionSnapshot? {
        try starting(in: store, where: "WHERE identity = ? ", [.text(identity)])[identity]
    }

    /// The state the journal starts from, by projection identity.
    static func starting(in store: any ProjectionStore) throws -> [String: ProjectionSnapshot] {
        try starting(in: store, where: "", [])
    }

    private static func starting(
        in store: any ProjectionStore, where condition: String, _ arguments: [SQLValue]
    ) throws -> [String: ProjectionSnapshot] {
        var snapshots: [String: ProjectionSnapshot] = [:]
        var columns: [String: [String]] = [:]
        var rows: [String: [[SQLValue]]] = [:]
        var tableOrder: [String: [String]] = [:]
        try store.rows(
            "SELECT identity, version, schema_version, through, table_name, position, cells FROM projection_snapshots "
                + condition + "ORDER BY identity, table_name, position", arguments
        ) { row in
            let identity = row[0].text ?? "", table = row[4].text ?? ""
            let key = identity + "\n" + table
            let cells = try decodeCells(row[6].text ?? "")
            if row[5].integer == 0 {
                columns[key] = cells.map { $0.text ?? "" }
                tableOrder[identity, default: []].append(table)
                snapshots[identity] = ProjectionSnapshot(
                    identity: identity, version: Int(row[1].integer ?? 0), schemaVersion: Int(row[2].integer ?? 0),
                    through: row[3].integer ?? 0, tables: [])
            } else {
                rows[key, default: []].append(cells)
            }
        }
        for (identity, tables) in tableOrder {
            snapshots[identity]?.tables = tables.map {
                ProjectionTableState(
                    name: $0, columns: columns[identity + "\n" + $0] ?? [], rows: rows[identity + "\n" + $0] ?? [])
            }
        }
        return snapshots
    }

    /// Makes `snapshots` the state the journal starts from, replacing what
    /// it held.
    static func replaceStarting(with snapshots: [ProjectionSnapshot], in store: any ProjectionStore) throws {
        try store.execute("DELETE FROM projection_snapshots", [])
        for snapshot in snapshots { try save(snapshot, in: store) }
    }

    /// Adds `snapshot` to the state the journal starts from.
    static func save(_ snapshot: ProjectionSnapshot, in store: any ProjectionStore) throws {
        let insert =
            "INSERT INTO projection_snapshots (identity, version, schema_version, through, table_name, position, cells) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?)"
        for table in snapshot.tables {
            let fixed: [SQLValue] = [
                .text(snapshot.identity), .integer(Int64(snapshot.version)),
                .integer(Int64(snapshot.schemaVersion)), .integer(snapshot.through), .text(table.name),
            ]
            try store.execute(insert, fixed + [.integer(0), .text(cells(table.columns.map { .text($0) }))])
            for (offset, row) in table.rows.enumerated() {
                try store.execute(insert, fixed + [.integer(Int64(offset + 1)), .text(cells(row))])
            }
        }
    }

    /// A row's values as a JSON array.
    static func cells(_ row: [SQLValue]) -> String {
        JSONValue.array(row.map(json)).serialized()
    }

    /// A JSON array's elements as values; an error names what is not one.
    static func decodeCells(_ text: String) throws(NoticeLineError) -> [SQLValue] {
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(text) } catch { throw NoticeLineError("not valid JSON (\(error))") }
        guard case .array(let elements) = parsed else { throw NoticeLineError("a row is not a JSON array") }
        return try decodeCells(elements)
    }

    /// A JSON array's elements as values; an error names what is not one.
    static func decodeCells(_ elements: [JSONValue]) throws(NoticeLineError) -> [SQLValue] {
        try elements.map { element throws(NoticeLineError) in
            switch element {
            case .null: .null
            case .int(let value): .integer(value)
            case .double(let value): .real(value)
            case .string(let value): .text(value)
            case .number(let text): .text(text)
            case .bool, .array, .object:
                throw NoticeLineError("a row's value \(element.serialized()) is not a number, text or null")
            }
        }
    }

    private static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: .null
        case .integer(let value): .int(value)
        case .real(let value): .double(value)
        case .text(let value): .string(value)
        }
    }

    private static func object(_ columns: [String], _ row: [SQLValue]) -> String {
        JSONValue.object(zip(columns, row).map { (key: $0, value: json($1)) }).serialized()
    }

    /// The names of `table`'s columns, in order; empty when there is no such table.
    private static func columns(of table: String, in store: any ProjectionStore) throws -> [String] {
        var columns: [String] = []
        if store.dialect == .postgresql {
            try store.rows(
                "SELECT attname::text FROM pg_attribute WHERE attrelid = to_regclass(?) AND attnum > 0 "
                    + "AND NOT attisdropped ORDER BY attnum", [.text(SQLQuoting.quoted(table, by: "\""))]
            ) { columns.append($0[0].text ?? "") }
        } else {
            try store.rows("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]) {
                columns.append($0[0].text ?? "")
            }
        }
        return columns
    }
}

extension ProjectionSnapshots {
    /// Empties `projection`'s tables and loads `start`, the state the journal
    /// starts from, into them. A state another version of the projection's
    /// logic made is upcast (``Projection/upcastStartingState(madeBy:in:)``)
    /// and read back. Returns the state the tables then hold, made by the
    /// projection's version; a state it cannot start from throws
    /// ``JournalError/projectionUnusable(projection:problem:)``.
    static func start(
        _ projection: any Projection, from start: ProjectionSnapshot, in store: any ProjectionStore
    ) throws -> ProjectionSnapshot {
        let schema = projection.schema
        try empty(schema, in: store)
        guard start.version != schema.version else {
            try load(start, into: store, order: schema.tables)
            return start
        }
        let problem =
            "version \(schema.version) cannot start from the state version \(start.version) made as of "
            + "#\(start.through), the notices before which are gone"
        guard start.version < schema.version else {
            throw JournalError.projectionUnusable(projection: schema.identity, problem: problem)
        }
        do {
            try load(start, into: store, order: schema.tables)
            try projection.upcastStartingState(madeBy: start.version, in: store)
        } catch {
            throw JournalError.projectionUnusable(projection: schema.identity, problem: "\(problem): \(error)")
        }
        return try capture(schema, through: start.through, from: store)
    }

    /// Makes `snapshot` the state the journal starts from for its
    /// projection, in place of what it held for it.
    static func replaceStarting(_ snapshot: ProjectionSnapshot, in store: any ProjectionStore) throws {
        try forget(snapshot.identity, in: store)
        try save(snapshot, in: store)
    }

    /// Drops the state the journal starts from for the projection `identity`.
    static func forget(_ identity: String, in store: any ProjectionStore) throws {
        try store.execute("DELETE FROM projection_snapshots WHERE identity = ?", [.text(identity)])
    }
}
