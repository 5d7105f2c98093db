/// One import inside the writer's transactions: the lines read so far, the
/// state lines gathered into a projection's snapshot, and what an archive's
/// first line promised.
struct ImportRun {
    let writer: JournalWriter
    /// The writer's connection, in the transaction under way.
    var connection: any JournalConnection
    /// The journal's last sequence when the import began.
    let head: Int64
    var summary = ImportSummary()
    /// The state lines read since the last notice, one projection at a time.
    private var pending: (line: Int, snapshot: ProjectionSnapshot)?
    /// What the archive's first line said, when the input is an archive.
    private var archive: (line: Int, notices: Int)?
    private var ended = false
    /// Whether any line before this one was a notice.
    private var sawNotice = false

    init(writer: JournalWriter, connection: any JournalConnection) throws {
        self.writer = writer
        self.connection = connection
        head = try connection.lastSequence()
    }

    /// Takes in line `number`; blank lines are skipped.
    mutating func take(_ line: String, number: Int) throws {
        guard line.contains(where: { !$0.isWhitespace }) else { return }
        if ended { throw ImportError(line: number, reason: "a line follows the archive's end line") }
        let kind: StateLine.Kind
        do throws(NoticeLineError) {
            kind = try StateLine.kind(of: line)
        } catch {
            throw ImportError(line: number, reason: error.reason)
        }
        switch kind {
        case .notice:
            try settle()
            try append(line, number: number)
        case .table(let identity, let version, let schemaVersion, let through, let table, let columns):
            let state = ProjectionTableState(name: table, columns: columns, rows: [])
            if let pending, pending.snapshot.identity == identity {
                self.pending?.snapshot.tables.append(state)
            } else {
                try settle()
                pending = (
                    number,
                    ProjectionSnapshot(
                        identity: identity, version: version, schemaVersion: schemaVersion, through: through,
                        tables: [state])
                )
            }
        case .row(let cells):
            guard let count = pending?.snapshot.tables.last?.columns.count else {
                throw ImportError(line: number, reason: "a row comes before any state line")
            }
            guard cells.count == count else {
                throw ImportError(line: number, reason: "the row has \(cells.count) values for \(count) columns")
            }
            let last = pending!.snapshot.tables.count - 1
            pending!.snapshot.tables[last].rows.append(cells)
        case .archive:
            guard archive == nil, !sawNotice, pending == nil else {
                throw ImportError(line: number, reason: "an archive's first line comes after other lines")
            }
            archive = (number, 0)
        case .end(let notices):
            try settle()
            guard let archive else {
                throw ImportError(line: number, reason: "an archive's end line with no first line")
            }
            guard notices == archive.notices else {
                throw ImportError(
                    line: number,
                    reason: "the archive says it holds \(notices) notices, and \(archive.notices) were read")
            }
            ended = true
        }
    }

    /// Ends the input: the last state is settled, and an archive must have
    /// had its end line.
    mutating func finish() throws -> ImportSummary {
        try settle()
        if let archive, !ended {
            throw ImportError(
                line: archive.line, reason: "the archive that starts here ends early: its end line is missing")
        }
        return summary
    }

    private mutating func append(_ line: String, number: Int) throws {
        let notice: Notice
        do throws(NoticeLineError) {
            notice = try NoticeLine.decode(line)
        } catch {
            throw ImportError(line: number, reason: error.reason)
        }
        let record = JournalRecord(notice: notice, payloadJSON: try notice.payloadJSON())
        let outcome: AppendOutcome
        do {
            outcome = try writer.appendInside(connection, record)
        } catch let error as JournalError {
            throw ImportError(line: number, reason: error.description)
        }
        sawNotice = true
        summary.notices += 1
        archive?.notices += 1
        switch outcome {
        case .appended:
            summary.imported += 1
        case .duplicate(let sequence) where sequence > head:
            throw ImportError(line: number, reason: "notice \(notice.id) appears earlier in this input")
        case .duplicate:
            summary.alreadyPresent += 1
        }
    }

    /// Settles the projection state read last. Before any notice, into an
    /// empty journal, it becomes the journal's starting state, loaded into
    /// the projection's tables. Anywhere else it must agree with the state
    /// the journal holds at that point (or, before any notice, with its
    /// starting state: an import run again), and is checked, not loaded.
    private mutating func settle() throws {
        guard let (line, snapshot) = pending else { return }
        pending = nil
        guard let projection = writer.projections.first(where: { $0.schema.identity == snapshot.identity }) else {
            throw ImportError(
                line: line,
                reason: "the input holds the state of projection \(IdentifierRules.quoted(snapshot.identity)), "
                    + "which this hub does not carry")
        }
        let schema = projection.schema
        if let unknown = snapshot.tables.first(where: { !schema.tables.contains($0.name) }) {
            throw ImportError(
                line: line,
                reason: "projection \(IdentifierRules.quoted(schema.identity)) has no table "
                    + IdentifierRules.quoted(unknown.name))
        }
        let store = try connection.requireProjectionState(at: writer.location).transactionStore()
        let starting = try ProjectionSnapshots.starting(in: store, identity: schema.identity)
        if !sawNotice, head == 0, starting == nil {
            var start: ProjectionSnapshot
            do {
                start = try ProjectionSnapshots.start(projection, from: snapshot, in: store)
            } catch let error as JournalError {
                guard case .projectionUnusable(_, let problem) = error.kind else { throw error }
                throw ImportError(
                    line: line,
                    reason: "the input's state of projection \(IdentifierRules.quoted(schema.identity)): \(problem)")
            }
            start.through = 0
            try ProjectionSnapshots.save(start, in: store)
            summary.statesLoaded += 1
            return
        }
        // Checked against what the notices before it left, unless they were
        // all present already (an archive imported again).
        if sawNotice, summary.imported == 0 { return }
        let current = try ProjectionSnapshots.capture(schema, through: 0, from: store)
        if snapshot.firstDifferingTable(from: current) == nil { return summary.statesChecked += 1 }
        if !sawNotice, let starting, snapshot.firstDifferingTable(from: starting) == nil {
            return summary.statesChecked += 1
        }
        let table = snapshot.firstDifferingTable(from: current) ?? ""
        throw ImportError(
            line: line,
            reason: "the input's state of projection \(IdentifierRules.quoted(schema.identity)) (as of its "
                + "#\(snapshot.through)) differs from this journal's in table \(IdentifierRules.quoted(table)); "
                + "a journal's tail imports into an empty journal, or after the notices before it")
    }
}
