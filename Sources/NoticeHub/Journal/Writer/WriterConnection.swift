import Foundation

/// What a ``JournalWriter``'s two modes share: the connection, the lock that
/// serializes it, whether the writer is closed, and what every append needs
/// (the projections of a notice's name, the guard against re-entry).
///
/// Thread safety: `isClosed` is guarded by `condition`. The connection is
/// used by one thread at a time: the leader of a group commit, a poster or
/// the flusher under the lock (open transaction), or the body of
/// ``JournalWriter/exclusively(_:)``. That discipline, kept by the modes,
/// is why the class is `@unchecked Sendable`.
final class WriterConnection: @unchecked Sendable {
    let condition = NSCondition()
    let connection: any JournalConnection
    /// The thread running a projection or an import's body now, if any.
    let callingThread = CallingThread()
    /// Set once by `close()`; appending afterwards throws.
    var isClosed = false
    private let projections: [NoticeName: [any Projection]]
    /// Every projection, in order, when one of them names a pattern: a
    /// notice's projections are then picked by matching, not looked up.
    private let matchedProjections: [any Projection]?

    init(_ connection: any JournalConnection, projections: [any Projection]) {
        self.connection = connection
        var byName: [NoticeName: [any Projection]] = [:]
        for projection in projections {
            for name in projection.names { byName[name, default: []].append(projection) }
        }
        self.projections = byName
        let namesPattern = projections.contains { $0.names.contains(where: \.isPattern) }
        matchedProjections = namesPattern ? projections : nil
    }

    /// Appends `record` with its name's projections, marking this thread as
    /// the one running user code meanwhile.
    func append(_ record: JournalRecord) throws -> AppendOutcome {
        try callingThread.calling { try connection.append(record, projections: projectionsFor(record)) }
    }

    /// The projections a notice passes through: none for a request or a
    /// reply, which projections, like observers, never see.
    func projectionsFor(_ record: JournalRecord) -> [any Projection] {
        guard record.notice.kind == .notice else { return [] }
        if let matchedProjections {
            let name = record.notice.name
            return matchedProjections.filter { $0.names.selects(name) }
        }
        return projections.isEmpty ? [] : projections[record.notice.name] ?? []
    }
}
