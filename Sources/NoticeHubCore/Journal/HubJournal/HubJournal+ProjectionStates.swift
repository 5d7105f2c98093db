extension HubJournal {
    /// The state of every projection the journal installs as of notice
    /// `sequence`: what its tables held just after that notice was
    /// journaled, in order of identity. Nothing changes.
    ///
    /// A projection no notice of whose names follows `sequence` is read as it
    /// stands. Another is rebuilt through `sequence`: on a SQLite journal in
    /// a scratch journal beside it, from the journal's notices as journaled,
    /// while posts go on; on another backend inside the writer's transaction,
    /// read and rolled back, so posts wait as they do for
    /// ``rebuildProjection(_:progress:)``. Each state is held in memory
    /// whole. This hub must carry every installed projection, whose code the
    /// rebuild runs: one it does not carry throws
    /// ``JournalError/projectionUnusable(projection:problem:)``. A sequence
    /// before the notice preceding the journal's first retained one throws
    /// ``JournalError/trimmed(from:firstRetained:)``, and one past its last
    /// notice ``JournalError/beyondLast(_:last:)``.
    ///
    /// ```swift
    /// let states = try hub.journal.projectionStates(asOf: 1_000)
    /// for state in states { print(state.identity, state.tables.map(\.rows.count)) }
    /// ```
    public func projectionStates(asOf sequence: Int64) throws -> [ProjectionSnapshot] {
        guard let writer else { throw JournalError.noJournal }
        let aside = try statesReplayedAside(asOf: sequence)
        return try writer.exclusively { connection in
            let last = try connection.lastSequence()
            guard sequence <= last else { throw JournalError.beyondLast(sequence, last: last) }
            return try ProjectionStates(carried: writer.projections, connection: connection, aside: aside)
                .all(asOf: sequence)
        }
    }

    /// The states as of `sequence` of the carried projections a SQLite
    /// journal installs that a rebuild would have to compute, each replayed
    /// in a scratch journal (``withScratchState(of:from:through:_:)``)
    /// without the writer: the notices through `sequence` never change, so
    /// only the projection's registry row and the state the journal starts
    /// from, checked again inside the writer's transaction, can make one
    /// stale. Empty on other backends, whose SQL a scratch SQLite journal
    /// might run differently.
    func statesReplayedAside(asOf sequence: Int64) throws -> [String: StateReplayedAside] {
        let carried = writer?.projections ?? []
        guard !carried.isEmpty, try self.readState({ $0.dialect }) == .sqlite else { return [:] }
        let installed = Dictionary(
            try self.installedProjections().map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        let starting = try self.startingState()
        var states: [String: StateReplayedAside] = [:]
        for projection in carried {
            let schema = projection.schema
            guard let record = installed[schema.identity], record.version == schema.version,
                Set(record.names) == projection.names, record.schemaVersion == schema.schemaVersion
            else { continue }
            var touched = false
            try self.read(
                JournalQuery(
                    from: min(sequence, record.currentThrough) + 1, names: projection.names, kinds: [.notice], limit: 1)
            ) { _ in
                touched = true
                return false
            }
            guard touched else { continue }
            let start = starting.first { $0.identity == schema.identity }
            guard (start?.through ?? 0) <= sequence else { continue }
            let snapshot = try hub.withScratchState(of: projection, from: start, through: sequence) { scratch, _ in
                try scratch.journal.readState { try ProjectionSnapshots.capture(schema, through: sequence, from: $0) }
            }
            states[schema.identity] = StateReplayedAside(
                snapshot: snapshot, installed: record, startedFrom: start.map { ($0.version, $0.through) })
        }
        return states
    }
}

/// A projection's state as of a sequence number, replayed in a scratch
/// journal, with what it was computed from: the projection's registry row
/// and the state the journal started from.
struct StateReplayedAside {
    let snapshot: ProjectionSnapshot
    let installed: InstalledProjection
    let startedFrom: (version: Int, through: Int64)?

    /// Whether the journal still records the projection and the state it
    /// starts from as they were when this state was computed.
    func isCurrent(installed now: InstalledProjection?, start: ProjectionSnapshot?) -> Bool {
        guard let now, now.version == installed.version, now.schemaVersion == installed.schemaVersion,
            Set(now.names) == Set(installed.names)
        else { return false }
        switch (startedFrom, start) {
        case (nil, nil): return true
        case let (was?, now?): return was.version == now.version && was.through == now.through
        default: return false
        }
    }
}

/// The states of a journal's installed projections as of a sequence number,
/// computed inside one of the writer's transactions.
struct ProjectionStates {
    let carried: [any Projection]
    let connection: any JournalConnection
    /// States computed beforehand, outside the transaction, by identity:
    /// each is used when it is still current.
    var aside: [String: StateReplayedAside] = [:]

    /// Each installed projection's state as of `sequence`, by identity, and
    /// the installed projections not carried, whose state cannot be computed.
    func asOf(_ sequence: Int64) throws -> (states: [ProjectionSnapshot], uncarried: [String]) {
        let firstRetained = try connection.keptMark(.firstRetained) ?? 1
        guard sequence >= firstRetained - 1 else {
            throw JournalError.trimmed(from: max(sequence, 0) + 1, firstRetained: firstRetained)
        }
        guard let projectionState = connection.projectionState else { return ([], []) }
        let registry = try projectionState.installedProjections()
        guard !registry.isEmpty else { return ([], []) }
        let installer = try ProjectionInstaller(projectionState)
        var states: [ProjectionSnapshot] = []
        var uncarried: [String] = []
        for identity in registry.keys.sorted() {
            guard let projection = carried.first(where: { $0.schema.identity == identity }) else {
                uncarried.append(identity)
                continue
            }
            if let computed = aside[identity],
                try computed.isCurrent(
                    installed: registry[identity],
                    start: ProjectionSnapshots.starting(in: installer.store, identity: identity))
            {
                states.append(computed.snapshot)
            } else {
                states.append(try installer.state(of: projection, asOf: sequence))
            }
        }
        return (states, uncarried)
    }

    /// Each installed projection's state as of `sequence`; one this hub does
    /// not carry throws, naming it.
    func all(asOf sequence: Int64) throws -> [ProjectionSnapshot] {
        let (states, uncarried) = try asOf(sequence)
        if let first = uncarried.first {
            throw JournalError.projectionUnusable(
                projection: first, problem: "this hub does not carry it, so its state as of #\(sequence) is unknown")
        }
        return states
    }
}
