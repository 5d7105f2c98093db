import NoticeHub
import Synchronization

/// A registration for an ``InMemoryStorage``'s commit wake-ups, made by
/// ``InMemoryJournal/watchCommits(_:)``.
final class InMemoryCommitWatch: CommitWatch {
    private let storage: InMemoryStorage
    private let number: Int
    private let isWatching = Atomic<Bool>(true)

    init(_ wake: @escaping @Sendable () -> Void, on storage: InMemoryStorage) {
        self.storage = storage
        number = storage.watch(wake)
    }

    deinit { cancel() }

    func cancel() {
        guard isWatching.exchange(false, ordering: .acquiringAndReleasing) else { return }
        storage.unwatch(number)
    }
}
