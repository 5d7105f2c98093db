import NoticeHubCore

/// The notices an open append transaction has added, per name: what it adds
/// to the `journal_counts` table just before it commits, one statement per
/// name rather than one per notice.
///
/// A short array searched from its end, not a dictionary: a transaction
/// appends few names, the last one most often again, and comparing a name
/// with the last one costs less than hashing it.
struct PendingCounts {
    struct Count {
        let name: String
        var notices: Int64
        var payloadBytes: Int64
    }

    private(set) var counts: [Count] = []

    var isEmpty: Bool { counts.isEmpty }

    /// Counts one notice named `name` whose payload is `payloadBytes` long.
    mutating func add(_ name: String, payloadBytes: Int) {
        var index = counts.endIndex
        while index > counts.startIndex {
            index -= 1
            if counts[index].name == name {
                counts[index].notices += 1
                counts[index].payloadBytes += Int64(payloadBytes)
                return
            }
        }
        counts.append(Count(name: name, notices: 1, payloadBytes: Int64(payloadBytes)))
    }

    /// Forgets every count, keeping the storage for the next transaction.
    mutating func removeAll() {
        counts.removeAll(keepingCapacity: true)
    }
}
