extension JournalError {
    /// One line naming the file or the notice and what was wrong; never a
    /// payload value.
    public var description: String {
        switch kind {
        case let .isADirectory(path):
            "\(path) is a directory, not a journal file"
        case let .missing(path):
            "no journal at \(path)"
        case let .notADatabase(path):
            "\(path) is not a SQLite database"
        case let .foreignDatabase(path, tables):
            "\(path) is a SQLite database of another application (tables: \(tables.joined(separator: ", "))); run `noticectl init` to adopt it"
        case let .foreignSchema(location, tables):
            "\(location) holds tables of another application (\(tables.joined(separator: ", "))); run `noticectl init` to adopt it"
        case let .newerSchema(path, found, supported):
            "\(path) has schema version \(found), newer than this build's \(supported); upgrade NoticeHub"
        case let .corrupt(path, detail):
            "\(path) is damaged: \(detail)"
        case let .cannotOpen(path, detail):
            "cannot open \(path): \(detail)"
        case let .refused(name, reason):
            "\(name) refused: \(reason)"
        case let .projectionMissing(name, projection):
            "\(name) refused: the journal's projection \(IdentifierRules.quoted(projection)) handles it, "
                + "and this hub does not carry that projection"
        case .projectionsChanged:
            "the journal's projections changed while appending; nothing was appended"
        case let .projectionUnusable(projection, problem):
            "projection \(IdentifierRules.quoted(projection)): \(problem)"
        case let .payloadTooLarge(name, bytes, limit):
            "payload of \(name) is \(bytes) bytes, more than the \(limit) allowed"
        case let .malformedRow(sequence, problem):
            "journal row #\(sequence): \(problem)"
        case let .storage(failure):
            failure.message
        case let .subscriberBusy(subscriber):
            "durable subscriber \(IdentifierRules.quoted(subscriber)) is already running, in this process or another"
        case let .subscriberGrouped(subscriber):
            "durable subscriber \(IdentifierRules.quoted(subscriber)) is run by a group of processes: subscribe as a member of it (sharing: .group), or delete the subscriber first"
        case let .claimLost(subscriber):
            "durable subscriber \(IdentifierRules.quoted(subscriber)) lost its claim (its database session ended) and stopped"
        case let .rolledBack(handled, last):
            "the journal ends at #\(last), before #\(handled) which was already handled: it was rolled back"
        case let .requestsUnsupported(location):
            "the journal at \(location) cannot carry requests between processes"
        case let .trimmed(from, firstRetained):
            "the journal was trimmed: its notices start at #\(firstRetained), and a read from #\(from) would skip "
                + "those before; start at #\(firstRetained) or later"
        case let .trimRefused(reason):
            "cannot trim: \(reason)"
        case let .erasureRefused(reason):
            "cannot erase: \(reason)"
        case let .beyondLast(sequence, last):
            "#\(sequence) is past the journal's last notice, #\(last)"
        case .marksUnsupported:
            "this journal's backend keeps no marks: it cannot be trimmed or checked from a checkpoint"
        case .closed:
            "the journal is closed"
        case .noJournal:
            "this hub has no journal; create it with NoticeHub(journal:) to replay, import or follow"
        case .reentrant:
            "posting from inside a projection's apply or an import's progress callback is not allowed"
        case let .outcomeUnknown(uncertain):
            uncertain.description
        }
    }
}
