/// Where a state observation reads: one read transaction over the
/// projections' state, on a connection of the hub's pool or of the thread
/// watching other processes' commits.
protocol StateSource {
    func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T
}

extension ReadConnections: StateSource {
    func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T {
        try with { try $0.requireProjectionState(at: location).readState(body) }
    }
}

/// A connection the caller owns, read as a ``StateSource``.
struct ConnectionStateSource: StateSource {
    let connection: any ProjectionJournalConnection

    func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T {
        try connection.readState(body)
    }
}
