import Foundation
import Synchronization
import NoticeHubCore

/// A durable subscriber's claim on an SQLite journal: the lock of a key
/// hashed from the subscriber's name, in the lock file beside the journal
/// named `<journal>-subscribers` (see `KeyedLockFile`), so that the
/// kernel drops it when the holding process dies.
final class SubscriberLock: SubscriberClaim {
    /// The open lock file, -1 once released.
    private let descriptor: Mutex<Int32>
    /// The lock file and the key locked in it.
    private let file: KeyedLockFile
    private let key: Int64

    private init(descriptor: Int32, file: KeyedLockFile, key: Int64) {
        self.descriptor = Mutex(descriptor)
        self.file = file
        self.key = key
    }

    deinit { release() }

    /// Locks `subscriber`'s key, or throws `JournalError/subscriberBusy(_:)`
    /// when another claim holds it.
    static func claim(_ subscriber: String, journalPath: String) throws(JournalError) -> SubscriberLock {
        let file = KeyedLockFile(journalPath: journalPath, family: "subscriber")
        let key = offset(of: subscriber)
        guard let descriptor = try file.lock(key) else { throw .subscriberBusy(subscriber) }
        return SubscriberLock(descriptor: descriptor, file: file, key: key)
    }

    func release() {
        descriptor.locked { descriptor in
            guard descriptor >= 0 else { return }
            file.unlock(descriptor, key: key, removingFile: false)
            descriptor = -1
        }
    }

    /// The name's `StableKey`, kept positive for a file offset: the same
    /// in every process and release.
    static func offset(of subscriber: String) -> Int64 {
        StableKey.lockKey(subscriber) & ((1 << 62) - 1)
    }
}
