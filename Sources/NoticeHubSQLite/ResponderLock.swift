import Foundation
import Synchronization
import NoticeHubCore

/// A responder's claim on an SQLite journal: the lock of a random key in
/// the lock file `<journal>-responders` (see `KeyedLockFile`), held
/// through a descriptor of its own, and the claim's row in `responders`,
/// written once the lock is held. The kernel drops the lock when the
/// process dies, which is how requesters tell a dead responder's row.
final class ResponderLock: ResponderClaim {
    /// The claim's key: its row's, and its lock's offset.
    let key: Int64
    private let journal: SQLiteJournal
    /// The open lock file, -1 once released.
    private let descriptor: Mutex<Int32>

    private init(key: Int64, descriptor: Int32, journal: SQLiteJournal) {
        self.key = key
        self.journal = journal
        self.descriptor = Mutex(descriptor)
    }

    deinit { release() }

    /// Locks a random key, then writes the claim's row.
    static func claim(_ responder: Sender, answering name: NoticeName, in journal: SQLiteJournal) throws
        -> ResponderLock
    {
        let file = journal.responderLocks
        var key = ResponderRows.randomKey()
        var locked = try file.lock(key)
        while locked == nil {
            key = ResponderRows.randomKey()
            locked = try file.lock(key)
        }
        let claim = ResponderLock(key: key, descriptor: locked!, journal: journal)
        do {
            try journal.withResponderTable {
                try ResponderRows.insert(key: key, responder: responder, name: name, into: $0)
            }
        } catch {
            claim.abandon()
            throw error
        }
        return claim
    }

    var isHeld: Bool { descriptor.locked { $0 >= 0 } }

    /// Deletes the row (best effort: a row left behind is found dead and
    /// deleted by the next ``SQLiteJournal/liveResponders()``), then lets go
    /// of the lock.
    func release() {
        guard let held = take() else { return }
        _ = try? journal.withResponderTable { try ResponderRows.delete([key], from: $0) }
        journal.responderLocks.unlock(held, key: key, removingFile: true)
    }

    /// Lets go of the lock and leaves the row, as the process's death would.
    func abandon() {
        guard let held = take() else { return }
        journal.responderLocks.unlock(held, key: key, removingFile: false)
    }

    /// The descriptor, once: nil after a release.
    private func take() -> Int32? {
        descriptor.locked { descriptor -> Int32? in
            guard descriptor >= 0 else { return nil }
            defer { descriptor = -1 }
            return descriptor
        }
    }
}
