import Foundation
import NoticeHub
import Testing
import TestSupport

/// A durable subscriber's name is held by one process at a time, and a
/// process killed while holding it leaves it free.
struct SubscriberClaimTests {
    @Test(.timeLimit(.minutes(1)))
    func aNameHeldByAnotherProcessIsBusyUntilThatProcessIsKilled() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        try hub.post("n")
        let (child, output) = try TortureChild.start(["subscribe", path, "indexer"])
        #expect(output.wait(seconds: 20) { $0.contains("ready") }, "\(output.errors)")

        #expect { try hub.journal.subscribe(as: "indexer") { _ in } } throws: {
            "\($0)" == #"durable subscriber "indexer" is already running, in this process or another"#
        }
        // Another name is not affected.
        let other = try hub.journal.subscribe(as: "mailer") { _ in }
        other.cancel()

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        // Not busy any more: the kernel dropped the dead process's lock.
        let token = try hub.journal.subscribe(as: "indexer") { _ in }
        token.cancel()
    }
}

/// A responder's claim lives as long as the process holding it.
struct ResponderClaimTests {
    @Test(.timeLimit(.minutes(1)))
    func aResponderKilledWithItsProcessIsNoLongerListed() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let journal = try SQLiteJournal(path: path)
        let mine = try journal.claimResponder("parent", answering: "price.ask")
        let (child, output) = try TortureChild.start(["respond", path, "price.ask"])
        #expect(output.wait(seconds: 20) { $0.contains("ready") }, "\(output.errors)")
        let live = try journal.liveResponders()
        #expect(Set(live.map(\.responder)) == ["parent", "child"])

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        // The kernel dropped the dead process's lock; its row goes too.
        #expect(try journal.liveResponders() == live.filter { $0.responder == "parent" })
        #expect(
            try journal.liveResponderKeys(among: Set(live.map(\.key)))
                == Set(live.filter { $0.responder == "parent" }.map(\.key)))
        withExtendedLifetime(mine) {}
    }
}
