import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport

/// A claim's lock is let go of when the claim is released, even while a copy
/// of its descriptor lives on: a child process forked at that moment and not
/// yet past its `exec` holds one, and the parallel tests spawn processes all
/// the time.
struct KeyedLockFileTests {
    @Test func aCopyOfTheDescriptorDoesNotKeepTheLock() throws {
        let directory = TemporaryDirectory()
        let file = KeyedLockFile(journalPath: directory.path("j.sqlite"), family: "subscriber")
        let held = try #require(try file.lock(42))
        let copy = dup(held)
        defer { close(copy) }
        #expect(try file.lock(42) == nil, "held")
        file.unlock(held, key: 42, removingFile: false)
        let again = try #require(try file.lock(42), "free once unlocked, though a copy of the descriptor lives")
        file.unlock(again, key: 42, removingFile: false)
    }

    @Test func aReleasedSubscriberClaimIsFreeWhileACopyOfItsDescriptorLives() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        _ = try SQLiteJournal(path: path)
        let claim = try SubscriberLock.claim("indexer", journalPath: path)
        // What a forked child would hold: every open descriptor of the process.
        let copies = (0..<256).compactMap { fd -> Int32? in
            fcntl(Int32(fd), F_GETFD) >= 0 ? dup(Int32(fd)) : nil
        }
        defer { copies.forEach { close($0) } }
        claim.release()
        let again = try SubscriberLock.claim("indexer", journalPath: path)
        again.release()
    }
}
