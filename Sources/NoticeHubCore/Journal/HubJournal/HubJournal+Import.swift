/// What an import did.
public struct ImportSummary: Sendable, Equatable, Codable {
    /// Notices read (blank lines are skipped, not counted).
    package var notices: Int = 0
    /// Notices appended now.
    public var imported: Int = 0
    /// Notices the journal already held (same id): skipped, which makes an
    /// import safe to run again after an interruption.
    package var alreadyPresent: Int = 0
    /// Projection states the journal now starts from, loaded from the
    /// input's state lines (``StateLine``): an import of a journal's tail
    /// into an empty journal.
    public var statesLoaded: Int = 0
    /// Projection states in the input found to agree with the journal's at
    /// their point: an archive's state after its notices, or the state a
    /// journal's tail starts from, imported after the notices before it.
    package var statesChecked: Int = 0

    package init(
        notices: Int = 0, imported: Int = 0, alreadyPresent: Int = 0, statesLoaded: Int = 0, statesChecked: Int = 0
    ) {
        self.notices = notices
        self.imported = imported
        self.alreadyPresent = alreadyPresent
        self.statesLoaded = statesLoaded
        self.statesChecked = statesChecked
    }
}

/// Why an import stopped, naming the line. An import in one transaction
/// appended nothing; one in several kept the transactions it had committed.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line's number in the input, from 1 (blank lines count).
    public let line: Int
    /// What is wrong with it, in one line.
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}

extension HubJournal {
    /// Appends notices given as JSON lines (the ``NoticeLine`` format), all or
    /// nothing, in one transaction, under the same rules as ``NoticeHub/post(_:sender:json:version:metadata:)``:
    /// projections, the payload limit. Notices already in the journal (by
    /// id) are skipped, so running an interrupted import again completes it
    /// with every notice exactly once. A malformed line, a refused notice or
    /// a notice repeated within the input stops the import: nothing is
    /// appended and the error names the line.
    ///
    /// Imported notices are journaled, not delivered to this hub's observers;
    /// followers see them like any other commit.
    ///
    /// The input may carry projection states (``StateLine``), as the export
    /// of a trimmed journal starts with the state it starts from, and an
    /// archive ends with the state as of its last notice. A state before the
    /// first notice, imported into an empty journal, becomes the journal's
    /// starting state (``HubJournal/startingState()``): it is loaded into
    /// the projection's tables, so that a journal's tail imports with the
    /// state its first notice expects. Any other state is checked against
    /// the journal's at that point, and a difference stops the import. This
    /// hub must carry each projection whose state the input holds. An
    /// archive (its first line says so) must end with its end line, holding
    /// as many notices as it says.
    ///
    /// - Parameters:
    ///   - lines: export lines (``NoticeLine``, ``StateLine``), one each;
    ///     blank lines are skipped.
    ///   - transactionSize: the most notices one transaction appends; nil
    ///     (the default) for one transaction, all or nothing. With a size, an
    ///     import that stops keeps the transactions it committed, and running
    ///     it again completes it, each notice exactly once; the journal's
    ///     write-ahead log then stays within one transaction's size, where one
    ///     transaction holds the whole input (`noticectl import` builds a new
    ///     journal this way in a file of its own, and renames it into place
    ///     once whole). Posts from other threads may land between transactions.
    ///   - progress: called every 10,000 notices with the count read
    ///   so far, on this thread, inside the import's transaction while this
    ///   hub's writer holds it (so that no post lands inside the import and
    ///   shares its fate). It must not post, import, flush or close through
    ///   this hub: such a call throws ``JournalError/reentrant``, which the
    ///   callback may catch; posts from other threads wait for the import.
    public func importNotices(
        _ lines: some Sequence<String>, transactionSize: Int? = nil, progress: ((Int) -> Void)? = nil
    ) throws -> ImportSummary {
        guard let writer else { throw JournalError.noJournal }
        precondition((transactionSize ?? 1) >= 1, "an import's transactions hold at least 1 notice")
        var numbered = lines.enumerated().makeIterator()
        var run: ImportRun?
        while true {
            let summary = try writer.exclusively { connection -> ImportSummary? in
                if run == nil { run = try ImportRun(writer: writer, connection: connection) }
                run!.connection = connection
                let firstInTransaction = run!.summary.notices
                while let (offset, line) = numbered.next() {
                    let before = run!.summary.notices
                    try run!.take(line, number: offset + 1)
                    let read = run!.summary.notices
                    guard read != before else { continue }
                    if read % 10_000 == 0 { progress?(read) }
                    if let transactionSize, read - firstInTransaction >= transactionSize { return nil }
                }
                return try run!.finish()
            }
            if let summary { return summary }
        }
    }
}
