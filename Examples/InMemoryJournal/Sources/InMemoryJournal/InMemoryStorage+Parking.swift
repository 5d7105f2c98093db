import NoticeHub
import Synchronization

/// Durable subscribers' parked notices, each change a commit of its own.
extension InMemoryStorage {
    /// Runs `body` on the parked notices and cursors, as one commit.
    func changingParked<T>(_ body: (inout StorageState) -> T) -> T {
        state.withLock { state in
            state.version += 1
            return body(&state)
        }
    }

    /// `subscriber`'s parked notices in sequence order.
    func parkedNotices(of subscriber: String) -> [ParkedNotice] {
        state.withLock { state in
            (state.parked[subscriber] ?? [:]).values.sorted { $0.sequence < $1.sequence }
        }
    }

    /// How many notices each subscriber that has any has parked.
    func parkedCounts() -> [String: Int] {
        state.withLock { state in state.parked.filter { !$0.value.isEmpty }.mapValues(\.count) }
    }
}

extension InMemoryJournalConnection: ParkingJournalConnection {
    func park(_ parked: ParkedNotice) throws {
        storage.changingParked { $0.parked[parked.subscriber, default: [:]][parked.sequence] = parked }
    }

    func parkedNotices(of subscriber: String, replayRequestedOnly: Bool) throws -> [ParkedNotice] {
        storage.parkedNotices(of: subscriber).filter { $0.replayRequested || !replayRequestedOnly }
    }

    func requestReplay(of subscriber: String) throws -> Int {
        storage.changingParked { state in
            let sequences = Array((state.parked[subscriber] ?? [:]).keys)
            for sequence in sequences { state.parked[subscriber]?[sequence]?.replayRequested = true }
            return sequences.count
        }
    }

    func removeParked(of subscriber: String, sequences: [Int64]?) throws -> Int {
        storage.changingParked { state in
            let before = state.parked[subscriber]?.count ?? 0
            if let sequences {
                for sequence in sequences { state.parked[subscriber]?[sequence] = nil }
            } else {
                state.parked[subscriber] = nil
            }
            return before - (state.parked[subscriber]?.count ?? 0)
        }
    }

    func parkedCounts() throws -> [String: Int] {
        storage.parkedCounts()
    }

    func deleteSubscriber(_ subscriber: String) throws -> Bool {
        storage.changingParked { state in
            let had = state.cursors[subscriber] != nil || !(state.parked[subscriber] ?? [:]).isEmpty
            state.cursors[subscriber] = nil
            state.parked[subscriber] = nil
            return had
        }
    }
}
