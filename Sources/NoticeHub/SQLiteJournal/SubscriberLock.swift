import Foundation
import Synchronization

/// A durable subscriber's claim on an SQLite journal: an exclusive lock on
/// one byte of the file beside the journal named `<journal>-subscribers`, at
/// an offset given by a hash of the subscriber's name.
///
/// On Linux the lock belongs to the open file (`F_OFD_SETLK`), not to the
/// process, so two claims in one process conflict as claims in two processes
/// do, and closing the descriptor, or the process's death, drops it. The
/// file stays, empty, like a lock file should: removing it could let two
/// processes lock two different files of the same name.
final class SubscriberLock: SubscriberClaim {
    /// The open lock file, -1 once released.
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) {
        self.descriptor = Mutex(descriptor)
    }

    deinit { release() }

    /// Locks `subscriber`'s byte, or throws ``JournalError/subscriberBusy(_:)``
    /// when another claim holds it.
    static func claim(_ subscriber: String, journalPath: String) throws(JournalError) -> SubscriberLock {
        let path = lockPath(for: subscriber, journalPath: journalPath)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
        let failure = lock(descriptor, at: offset(of: subscriber))
        guard failure == 0 else {
            close(descriptor)
            if failure == EAGAIN || failure == EACCES { throw .subscriberBusy(subscriber) }
            throw .storage("cannot lock \(path): \(String(cString: strerror(failure)))")
        }
        return SubscriberLock(descriptor: descriptor)
    }

    func release() {
        descriptor.locked { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }

    /// The name's FNV-1a fingerprint, kept positive for a file offset: the
    /// same in every process, unlike Swift's seeded `Hasher`.
    static func offset(of subscriber: String) -> Int64 {
        Int64(IdentifierRules.fingerprint(subscriber)) & ((1 << 62) - 1)
    }

    #if os(Linux)
    private static func lockPath(for subscriber: String, journalPath: String) -> String {
        journalPath + "-subscribers"
    }

    /// `F_OFD_SETLK` from `<fcntl.h>`, which the Glibc module leaves out
    /// (it needs `_GNU_SOURCE`); the value is Linux's ABI on every architecture.
    private static var setOpenFileLock: Int32 { 37 }

    /// 0, or the `errno` of the failed attempt.
    private static func lock(_ descriptor: Int32, at offset: Int64) -> Int32 {
        var request = flock()
        request.l_type = Int16(F_WRLCK)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = off_t(offset)
        request.l_len = 1
        return fcntl(descriptor, setOpenFileLock, &request) == 0 ? 0 : errno
    }
    #else
    /// Without open file description locks, one lock file per name, locked whole.
    private static func lockPath(for subscriber: String, journalPath: String) -> String {
        journalPath + "-subscriber-" + String(UInt64(offset(of: subscriber)), radix: 16)
    }

    private static func lock(_ descriptor: Int32, at offset: Int64) -> Int32 {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0 ? 0 : errno
    }
    #endif
}
