import Foundation
import NoticeHubCore

/// Exclusive locks, one per key, in lock files beside an SQLite journal:
/// what durable subscribers' and responders' claims are made of.
///
/// On Linux a key is one byte of the file `<journal>-<family>s`, at the
/// key's offset, locked with an open file description lock (`F_OFD_SETLK`):
/// it belongs to the open file, not to the process, so two claims in one
/// process conflict as claims in two processes do, and closing the
/// descriptor, or the process's death, drops it. Elsewhere a key is a file
/// of its own, `<journal>-<family>-<key in hex>`, locked whole with `flock`.
/// Lock files stay, empty, like lock files should: removing one could let
/// two processes lock two different files of the same name.
struct KeyedLockFile {
    let journalPath: String
    /// What the keys stand for, in the file's name: `subscriber`, `responder`.
    let family: String

    /// A descriptor of its own that holds `key`'s lock, or nil when another
    /// open file holds it. `key` must lie in 0..<2⁶².
    func lock(_ key: Int64) throws(JournalError) -> Int32? {
        let path = path(of: key)
        let mode = journalMode
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
        // As SQLite does for the journal's `-wal` and `-shm`: the umask must
        // not narrow it, so the group that shares a journal shares its
        // claims. Only the file's owner may change it; others leave it be.
        _ = fchmod(descriptor, mode)
        let failure = Self.lock(descriptor, at: key)
        guard failure == 0 else {
            close(descriptor)
            if failure == EAGAIN || failure == EACCES { return nil }
            throw .storage("cannot lock \(path): \(String(cString: strerror(failure)))")
        }
        return descriptor
    }

    /// The journal file's read and write permissions, which its lock files
    /// take; 0600 when it cannot be read.
    private var journalMode: mode_t {
        var status = stat()
        guard stat(journalPath, &status) == 0 else { return 0o600 }
        return status.st_mode & 0o666
    }

    /// Lets go of `key`, held by `descriptor`. With `removingFile`, for a key
    /// that no other claim will lock (a random one), a file of the key's own
    /// is removed first, so that such files do not pile up.
    ///
    /// The lock is let go of explicitly before the descriptor is closed: a
    /// child process forked meanwhile, and not yet past its `exec`, holds a
    /// copy of the descriptor, and closing ours alone would leave the lock
    /// held until the child's copy closed.
    func unlock(_ descriptor: Int32, key: Int64, removingFile: Bool) {
        #if !os(Linux)
            if removingFile { unlink(path(of: key)) }
        #endif
        Self.unlock(descriptor, at: key)
        close(descriptor)
    }

    #if os(Linux)
        private func path(of key: Int64) -> String {
            journalPath + "-" + family + "s"
        }

        /// The keys among `keys` whose lock an open file holds, in this process
        /// or another: tested through a descriptor of its own, since a lock held
        /// through the testing descriptor would not show as a conflict, and
        /// without taking any lock.
        func lockedKeys(among keys: some Sequence<Int64>) throws(JournalError) -> Set<Int64> {
            let path = path(of: 0)
            let descriptor = open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else {
                // No file, no lock.
                if errno == ENOENT { return [] }
                throw .cannotOpen(path: path, detail: String(cString: strerror(errno)))
            }
            defer { close(descriptor) }
            var locked: Set<Int64> = []
            for key in keys {
                var request = Self.request(at: key)
                guard fcntl(descriptor, Self.getOpenFileLock, &request) == 0 else {
                    throw .storage("cannot test the locks of \(path): \(String(cString: strerror(errno)))")
                }
                if request.l_type != Int16(F_UNLCK) { locked.insert(key) }
            }
            return locked
        }

        /// `F_OFD_GETLK` and `F_OFD_SETLK` from `<fcntl.h>`, which the Glibc
        /// module leaves out (they need `_GNU_SOURCE`); the values are Linux's
        /// ABI on every architecture.
        private static var getOpenFileLock: Int32 { 36 }
        private static var setOpenFileLock: Int32 { 37 }

        /// A write lock on the byte at `offset`; `l_pid` stays 0, as open file
        /// description locks require.
        private static func request(at offset: Int64) -> flock {
            var request = flock()
            request.l_type = Int16(F_WRLCK)
            request.l_whence = Int16(SEEK_SET)
            request.l_start = off_t(offset)
            request.l_len = 1
            return request
        }

        /// 0, or the `errno` of the failed attempt.
        private static func lock(_ descriptor: Int32, at offset: Int64) -> Int32 {
            var request = request(at: offset)
            return fcntl(descriptor, setOpenFileLock, &request) == 0 ? 0 : errno
        }

        private static func unlock(_ descriptor: Int32, at offset: Int64) {
            var request = request(at: offset)
            request.l_type = Int16(F_UNLCK)
            _ = fcntl(descriptor, setOpenFileLock, &request)
        }
    #else
        private func path(of key: Int64) -> String {
            journalPath + "-" + family + "-" + String(UInt64(key), radix: 16)
        }

        /// The keys among `keys` whose file another open file holds locked:
        /// each is tested by taking its lock, and letting go at once.
        func lockedKeys(among keys: some Sequence<Int64>) throws(JournalError) -> Set<Int64> {
            var locked: Set<Int64> = []
            for key in keys {
                let descriptor = open(path(of: key), O_RDWR | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                if Self.lock(descriptor, at: key) != 0 { locked.insert(key) }
                close(descriptor)
            }
            return locked
        }

        private static func lock(_ descriptor: Int32, at offset: Int64) -> Int32 {
            flock(descriptor, LOCK_EX | LOCK_NB) == 0 ? 0 : errno
        }

        private static func unlock(_ descriptor: Int32, at offset: Int64) {
            _ = flock(descriptor, LOCK_UN)
        }
    #endif
}
