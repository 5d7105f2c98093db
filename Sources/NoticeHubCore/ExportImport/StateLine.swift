import NoticeJSON

/// A projection's state as JSON lines, the form exports and archives carry
/// it in beside ``NoticeLine``s: for each table, a line naming the
/// projection, its versions, the sequence the state is as of, the table and
/// its columns, then one line per row with its values in the columns' order.
///
/// `{"state":"clicks","version":1,"schemaVersion":1,"through":1000,"table":"clicks","columns":["page","count"]}`
/// `{"row":["/home",42]}`
///
/// Values are JSON numbers (integers, or reals written with a fraction or an
/// exponent), strings and `null`.
public enum StateLine {
    /// The lines of `snapshot`, one table after another.
    public static func encode(_ snapshot: ProjectionSnapshot) -> [String] {
        var lines: [String] = []
        for table in snapshot.tables {
            let header: JSONValue = .object([
                ("state", .string(snapshot.identity)), ("version", .int(Int64(snapshot.version))),
                ("schemaVersion", .int(Int64(snapshot.schemaVersion))), ("through", .int(snapshot.through)),
                ("table", .string(table.name)), ("columns", .array(table.columns.map { .string($0) })),
            ])
            lines.append(header.serialized())
            for row in table.rows { lines.append("{\"row\":" + ProjectionSnapshots.cells(row) + "}") }
        }
        return lines
    }

    /// What a line of an export or archive holds.
    enum Kind: Equatable {
        /// A notice: ``NoticeLine``.
        case notice
        /// The start of a table's state.
        case table(identity: String, version: Int, schemaVersion: Int, through: Int64, table: String, columns: [String])
        /// A row of the table before.
        case row([SQLValue])
        /// An archive's first line: the sequence numbers it holds, and the
        /// projections whose state it carries.
        case archive(from: Int64, through: Int64, projections: [String])
        /// An archive's last line: how many notices it holds.
        case end(notices: Int)
    }

    /// The kind of `line`, read from its first key; a notice's line is left
    /// for ``NoticeLine/decode(_:)``.
    static func kind(of line: String) throws(NoticeLineError) -> Kind {
        guard let key = firstKey(of: line), ["state", "row", "archive", "end"].contains(key) else { return .notice }
        let fields: [String: JSONValue]
        do {
            guard case .object(let members) = try JSONParser.parse(line) else { return .notice }
            fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        } catch {
            throw NoticeLineError("not valid JSON (\(error))")
        }
        switch key {
        case "row":
            guard case .array(let cells) = fields["row"] else { throw NoticeLineError("a row is not a JSON array") }
            return .row(try ProjectionSnapshots.decodeCells(cells))
        case "state":
            guard case .string(let identity) = fields["state"], case .string(let table) = fields["table"],
                case .int(let version) = fields["version"], case .int(let schemaVersion) = fields["schemaVersion"],
                case .int(let through) = fields["through"], through >= 0, case .array(let columns) = fields["columns"]
            else {
                throw NoticeLineError(
                    "a state line needs state, version, schemaVersion, through, table and columns")
            }
            let names = columns.compactMap { if case .string(let name) = $0 { name } else { nil } }
            guard names.count == columns.count, !names.isEmpty else {
                throw NoticeLineError("a state line's columns are not a list of names")
            }
            return .table(
                identity: identity, version: Int(version), schemaVersion: Int(schemaVersion), through: through,
                table: table, columns: names)
        case "archive":
            guard case .int(1) = fields["archive"], case .int(let from) = fields["from"],
                case .int(let through) = fields["through"], case .array(let listed) = fields["projections"]
            else { throw NoticeLineError("an archive's first line needs archive (1), from, through and projections") }
            return .archive(
                from: from, through: through,
                projections: listed.compactMap { if case .string(let name) = $0 { name } else { nil } })
        default:
            guard case .int(let count) = fields["end"], count >= 0 else {
                throw NoticeLineError("an archive's end line needs end, its count of notices")
            }
            return .end(notices: Int(count))
        }
    }

    /// The projections a line of state names: the state line's projection,
    /// the projections an archive's first line lists, none for a row; nil
    /// for any other line (a notice, an archive's end, a malformed line). A
    /// tool reads the lines before an input's first notice with it, to open
    /// a hub that carries what the import will need.
    package static func projections(namedBy line: String) -> [String]? {
        switch try? kind(of: line) {
        case .table(let identity, _, _, _, _, _): [identity]
        case .archive(_, _, let projections): projections
        case .row: []
        default: nil
        }
    }

    /// An archive's first line.
    package static func archiveHeader(from: Int64, through: Int64, projections: [String]) -> String {
        JSONValue.object([
            ("archive", .int(1)), ("from", .int(from)), ("through", .int(through)),
            ("projections", .array(projections.map { .string($0) })),
        ]).serialized()
    }

    /// An archive's last line, which tells a reader it has it all.
    package static func archiveEnd(notices: Int) -> String {
        "{\"end\":\(notices)}"
    }

    /// The first key of a JSON object's text, without parsing the rest: the
    /// text between the first pair of quotes after the opening brace.
    private static func firstKey(of line: String) -> String? {
        var utf8 = line.utf8[...]
        while let first = utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            utf8 = utf8.dropFirst()
        }
        guard utf8.first == UInt8(ascii: "{") else { return nil }
        utf8 = utf8.dropFirst()
        while let first = utf8.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            utf8 = utf8.dropFirst()
        }
        guard utf8.first == UInt8(ascii: "\""), let close = utf8.dropFirst().firstIndex(of: UInt8(ascii: "\"")) else {
            return nil
        }
        return String(Substring(utf8[utf8.index(after: utf8.startIndex)..<close]))
    }
}
