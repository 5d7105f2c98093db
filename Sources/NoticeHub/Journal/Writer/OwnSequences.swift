import Synchronization

/// The sequence numbers a hub appended itself and has not yet seen come back
/// through its follower; empty (and free) while nothing follows.
final class OwnSequences: Sendable {
    private struct State {
        var tracking = false
        var sequences: Set<Int64> = []
    }

    private let state = Mutex(State())

    func startTracking() {
        state.locked { $0.tracking = true }
    }

    func insert(_ sequence: Int64) {
        state.locked { state in
            if state.tracking { state.sequences.insert(sequence) }
        }
    }

    /// True (and forgotten) when the hub appended `sequence` itself.
    func claim(_ sequence: Int64) -> Bool {
        state.locked { $0.sequences.remove(sequence) != nil }
    }
}
