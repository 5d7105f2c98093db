/// What an import did.
public struct ImportSummary: Sendable, Equatable, Codable {
    /// Notices read (blank lines are skipped, not counted).
    public var notices: Int = 0
    /// Notices appended now.
    public var imported: Int = 0
    /// Notices the journal already held (same id): skipped, which makes an
    /// import safe to run again after an interruption.
    public var alreadyPresent: Int = 0

    public init(notices: Int = 0, imported: Int = 0, alreadyPresent: Int = 0) {
        self.notices = notices
        self.imported = imported
        self.alreadyPresent = alreadyPresent
    }
}

/// Why an import stopped, naming the line. Nothing was imported.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line's number in the input, from 1 (blank lines count).
    public let line: Int
    /// What is wrong with it, in one line.
    public let reason: String

    public var description: String { "line \(line): \(reason)" }
}

extension NoticeHub {
    /// Appends notices given as JSON lines (the ``NoticeLine`` format), all or
    /// nothing, in one transaction, under the same rules as ``post(_:sender:json:version:)``:
    /// projections, the payload limit. Notices already in the journal (by
    /// id) are skipped, so running an interrupted import again completes it
    /// with every notice exactly once. A malformed line, a refused notice or
    /// a notice repeated within the input stops the import: nothing is
    /// appended and the error names the line.
    ///
    /// Imported notices are journaled, not delivered to this hub's observers;
    /// followers see them like any other commit.
    ///
    /// - Parameters:
    ///   - lines: export lines (``NoticeLine``), one notice each; blank lines
    ///     are skipped.
    ///   - progress: called every 10,000 notices with the count read
    ///   so far, on this thread, inside the import's transaction while this
    ///   hub's writer holds it (so that no post lands inside the import and
    ///   shares its fate). It must not post, import, flush or close through
    ///   this hub: such a call throws ``JournalError/reentrant``, which the
    ///   callback may catch; posts from other threads wait for the import.
    public func importNotices(
        _ lines: some Sequence<String>, progress: ((Int) -> Void)? = nil
    ) throws -> ImportSummary {
        guard let writer else { throw JournalError.noJournal }
        return try writer.exclusively { connection in
            let head = try connection.lastSequence()
            var summary = ImportSummary()
            for (offset, line) in lines.enumerated() {
                let number = offset + 1
                guard line.contains(where: { !$0.isWhitespace }) else { continue }
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
                summary.notices += 1
                switch outcome {
                case .appended:
                    summary.imported += 1
                case .duplicate(let sequence) where sequence > head:
                    throw ImportError(line: number, reason: "notice \(notice.id) appears earlier in this input")
                case .duplicate:
                    summary.alreadyPresent += 1
                }
                if summary.notices % 10_000 == 0 { progress?(summary.notices) }
            }
            return summary
        }
    }
}
