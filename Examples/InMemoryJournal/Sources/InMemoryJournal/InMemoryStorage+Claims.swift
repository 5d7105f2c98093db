import NoticeHub
import Synchronization

extension InMemoryStorage {
    /// Claims `subscriber`'s name, or throws ``JournalError/subscriberBusy(_:)``
    /// at once when a claim holds it.
    func claimSubscriber(_ subscriber: String) throws(JournalError) {
        let claimed = state.withLock { $0.claimedSubscribers.insert(subscriber).inserted }
        guard claimed else { throw .subscriberBusy(subscriber) }
    }

    /// Frees `subscriber`'s name.
    func releaseSubscriber(_ subscriber: String) {
        _ = state.withLock { $0.claimedSubscribers.remove(subscriber) }
    }

    /// Writes a live announcement under a fresh key: random, positive and
    /// below 2⁶², as the built-in backends make theirs, and unused.
    func claimResponder(_ responder: Sender, answering name: NoticeName) -> Int64 {
        state.withLock { state in
            var key = Int64.random(in: 1..<(1 << 62))
            while state.responders[key] != nil { key = Int64.random(in: 1..<(1 << 62)) }
            state.responders[key] = ResponderRow(responder: responder, name: name, isAlive: true)
            return key
        }
    }

    /// Whether the claim of `key` still holds.
    func isResponderAlive(_ key: Int64) -> Bool {
        state.withLock { $0.responders[key]?.isAlive ?? false }
    }

    /// A release: deletes the announcement of a claim that holds. A dead
    /// claim's announcement stays for the next listing to delete.
    func releaseResponder(_ key: Int64) {
        state.withLock { state in
            if state.responders[key]?.isAlive == true { state.responders[key] = nil }
        }
    }

    /// A holder's death: the claim stops holding, its announcement stays.
    func abandonResponder(_ key: Int64) {
        state.withLock { $0.responders[key]?.isAlive = false }
    }

    /// The live announcements in key order; the dead ones are deleted.
    func liveResponders() -> [LiveResponder] {
        state.withLock { state in
            state.responders = state.responders.filter(\.value.isAlive)
            return state.responders
                .map { LiveResponder(responder: $0.value.responder, name: $0.value.name, key: $0.key) }
                .sorted { $0.key < $1.key }
        }
    }

    /// The subset of `keys` whose claims hold.
    func liveResponderKeys(among keys: Set<Int64>) -> Set<Int64> {
        state.withLock { state in keys.filter { state.responders[$0]?.isAlive == true } }
    }
}
