import Synchronization

/// The sequence numbers a hub appended itself and has not yet seen come back
/// through its follower; empty (and free) while nothing follows.
final class OwnSequences: Sendable {
    private struct State {
        /// How many followers are running.
        var followers = 0
        var sequences: Set<Int64> = []
    }

    private let state = Mutex(State())

    func startTracking() {
        state.locked { $0.followers += 1 }
    }

    /// A follower stopped; with none left, nothing is kept.
    func stopTracking() {
        state.locked { state in
            state.followers -= 1
            if state.followers == 0 { state.sequences.removeAll() }
        }
    }

    func insert(_ sequence: Int64) {
        state.locked { state in
            if state.followers > 0 { state.sequences.insert(sequence) }
        }
    }

    /// How many sequences are kept now.
    var count: Int { state.locked { $0.sequences.count } }

    /// True (and forgotten) when the hub appended `sequence` itself.
    func claim(_ sequence: Int64) -> Bool {
        state.locked { $0.sequences.remove(sequence) != nil }
    }
}
