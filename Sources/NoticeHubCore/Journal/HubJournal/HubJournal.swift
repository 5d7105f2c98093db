import Logging

/// A hub's journal and its tools, as ``NoticeHub/journal`` gives them: the
/// one home of what an app does with its journal beside posting and
/// observing. It reads (notices by query, the projections' state,
/// statistics, checks), replays and follows what is journaled, keeps
/// durable subscribers, trims and applies retention, imports, and installs,
/// rebuilds, compares and removes projections.
///
/// ```swift
/// let statistics = try hub.journal.statistics()
/// print(statistics.notices, try hub.journal.lastSequence())
/// try hub.journal.trim(through: 1_000)
/// ```
///
/// A value that refers to its hub: it keeps the hub alive while it is held,
/// so a handler that keeps `hub.journal` keeps the hub (take it when it is
/// needed instead). On an in-memory hub its reads and tools throw
/// ``JournalError/noJournal``; ``flush()`` does nothing, and
/// ``carriedProjections`` and ``openingRebuilds`` are empty.
public struct HubJournal: Sendable {
    /// The hub whose journal this is.
    let hub: NoticeHub

    init(_ hub: NoticeHub) {
        self.hub = hub
    }

    /// The projections the hub carries, in the order given to its
    /// `init`: those its posts apply and its rebuilds run.
    public var carriedProjections: [any Projection] { hub.writer?.projections ?? [] }

    /// The projection rebuilds that opening the hub ran, in order.
    public var openingRebuilds: [ProjectionRebuild] { hub.rebuiltOnOpening }
}

/// What the journal's tools use of their hub.
extension HubJournal {
    var backend: (any NoticeJournal)? { hub.backend }
    var writer: JournalWriter? { hub.writer }
    var identity: ObjectIdentifier { hub.identity }
    var metrics: HubMetrics? { hub.metrics }
    var tracing: HubTracing? { hub.tracing }
    var logger: Logger? { hub.logger }
    /// The journal's location, for messages; empty on an in-memory hub.
    var location: String { hub.backend?.location ?? "" }

    func requireJournal() throws(JournalError) -> any NoticeJournal {
        try hub.requireJournal()
    }

    /// Runs `body` with one of the hub's read connections.
    func withConnection<T>(_ body: (any JournalConnection) throws -> T) throws -> T {
        guard let connections = hub.readConnections else { throw JournalError.noJournal }
        return try connections.with(body)
    }
}

/// The type's name before it gained the journal's writing tools.
@available(*, deprecated, renamed: "HubJournal")
public typealias JournalReader = HubJournal
