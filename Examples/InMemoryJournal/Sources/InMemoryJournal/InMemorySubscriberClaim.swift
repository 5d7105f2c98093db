import NoticeHub
import Synchronization

/// A durable subscriber's hold on its name in an ``InMemoryStorage``, from
/// ``InMemoryJournal/claimSubscriber(_:)`` until ``release()`` or until the
/// claim is dropped (as a process's death drops a file lock).
final class InMemorySubscriberClaim: SubscriberClaim {
    private let storage: InMemoryStorage
    private let subscriber: String
    private let isHeld = Atomic<Bool>(true)

    /// Holds `subscriber`, which the caller has claimed in `storage`.
    init(_ subscriber: String, in storage: InMemoryStorage) {
        self.storage = storage
        self.subscriber = subscriber
    }

    deinit { release() }

    func release() {
        guard isHeld.exchange(false, ordering: .acquiringAndReleasing) else { return }
        storage.releaseSubscriber(subscriber)
    }
}
