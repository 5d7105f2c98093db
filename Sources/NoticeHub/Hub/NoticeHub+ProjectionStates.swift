extension NoticeHub {
    /// The state of every projection the journal installs as of notice
    /// `sequence`: what its tables held just after that notice was
    /// journaled, in order of identity. Nothing changes.
    ///
    /// A projection no notice of whose names follows `sequence` is read as it
    /// stands; another is rebuilt through `sequence` inside the writer's
    /// transaction, read, and rolled back, so posts wait as they do for
    /// ``rebuildProjection(_:progress:)``. Each state is held in memory
    /// whole. This hub must carry every installed projection, whose code the
    /// rebuild runs: one it does not carry throws
    /// ``JournalError/projectionUnusable(projection:problem:)``. A sequence
    /// before the notice preceding the journal's first retained one throws
    /// ``JournalError/trimmed(from:firstRetained:)``, and one past its last
    /// notice ``JournalError/beyondLast(_:last:)``.
    ///
    /// ```swift
    /// let states = try hub.projectionStates(asOf: 1_000)
    /// for state in states { print(state.identity, state.tables.map(\.rows.count)) }
    /// ```
    public func projectionStates(asOf sequence: Int64) throws -> [ProjectionSnapshot] {
        guard let writer else { throw JournalError.noJournal }
        return try writer.exclusively { connection in
            let last = try connection.lastSequence()
            guard sequence <= last else { throw JournalError.beyondLast(sequence, last: last) }
            return try ProjectionStates(carried: writer.projections, connection: connection).all(asOf: sequence)
        }
    }
}

/// The states of a journal's installed projections as of a sequence number,
/// computed inside one of the writer's transactions.
struct ProjectionStates {
    let carried: [any Projection]
    let connection: any JournalConnection

    /// Each installed projection's state as of `sequence`, by identity, and
    /// the installed projections not carried, whose state cannot be computed.
    func asOf(_ sequence: Int64) throws -> (states: [ProjectionSnapshot], uncarried: [String]) {
        let firstRetained = try connection.mark(.firstRetained) ?? 1
        guard sequence >= firstRetained - 1 else {
            throw JournalError.trimmed(from: max(sequence, 0) + 1, firstRetained: firstRetained)
        }
        let installed = try connection.installedProjections().keys.sorted()
        guard !installed.isEmpty else { return ([], []) }
        let installer = try ProjectionInstaller(connection)
        var states: [ProjectionSnapshot] = []
        var uncarried: [String] = []
        for identity in installed {
            guard let projection = carried.first(where: { $0.schema.identity == identity }) else {
                uncarried.append(identity)
                continue
            }
            states.append(try installer.state(of: projection, asOf: sequence))
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
