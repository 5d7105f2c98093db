import NoticeHub
import Synchronization

extension InMemoryStorage {
    /// Counts and bounds of the committed journal; names and subscribers in
    /// byte order, as SQLite's `ORDER BY` gives them.
    func statistics() -> JournalStatistics {
        state.withLock { state in
            let byName = state.countByName
                .map { JournalStatistics.NameCount(name: $0.key.rawValue, count: $0.value) }
                .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            let last = state.lastSequence
            let subscribers = state.cursors
                .map { JournalStatistics.SubscriberLag(name: $0.key, cursor: $0.value, lag: max(0, last - $0.value)) }
                .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            return JournalStatistics(
                notices: state.notices.count, byName: byName,
                firstSequence: state.notices.first?.sequence, lastSequence: state.notices.last?.sequence,
                firstPostedAt: state.notices.first?.postedAtMilliseconds,
                lastPostedAt: state.notices.last?.postedAtMilliseconds,
                fileSize: nil, schemaVersion: Self.schemaVersion, subscribers: subscribers)
        }
    }

    /// What is inconsistent in the storage: a sequence number out of place,
    /// an id index or name count that disagrees with the notices. Empty when
    /// sound, as it always should be.
    func integrityProblems() -> [String] {
        state.withLock { state in
            var problems: [String] = []
            var counts: [NoticeName: Int] = [:]
            for (index, row) in state.notices.enumerated() {
                let expected = Int64(index + 1)
                if row.sequence != expected {
                    problems.append("notice \(row.id) has sequence #\(row.sequence) at position #\(expected)")
                }
                if state.sequenceByID[row.id] != row.sequence {
                    problems.append("the id index does not lead to notice #\(row.sequence)")
                }
                counts[row.name, default: 0] += 1
            }
            if state.sequenceByID.count != state.notices.count {
                problems.append(
                    "the id index holds \(state.sequenceByID.count) ids for \(state.notices.count) notices")
            }
            if counts != state.countByName { problems.append("the counts by name disagree with the notices") }
            return problems
        }
    }
}
