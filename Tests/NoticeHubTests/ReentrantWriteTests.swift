import NoticeHub
import Synchronization
import Testing
import TestSupport

/// Code the journal's writer runs (projections, an import's progress
/// callback) cannot write back through the same hub: it used to deadlock,
/// and now gets ``JournalError/reentrant``.
struct ReentrantWriteTests {
    /// The hub a projection posts to, set once the hub exists.
    final class HubSlot: Sendable {
        let hub = Mutex<NoticeHub?>(nil)
    }

    /// Posts "echo" for every "ping" it applies, or records why it could not.
    struct Echo: Projection {
        let schema = ProjectionSchema(identity: "echo", tables: [], migrations: [])
        let names: Set<NoticeName> = ["ping"]
        let slot: HubSlot
        let passesOn: Bool
        let refusals: Recorder<String>

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            guard let hub = slot.hub.locked({ $0 }) else { return }
            do {
                try hub.post("echo")
            } catch {
                refusals.append("\(error)")
                if passesOn { throw error }
            }
        }
    }

    static let durabilities: [Durability] = [.always, .batched(maxDelay: .milliseconds(20)), .never]

    @Test(.timeLimit(.minutes(1)), arguments: durabilities, [false, true])
    func aProjectionThatPostsIsRefusedInsteadOfDeadlocking(durability: Durability, passesOn: Bool) throws {
        let directory = TemporaryDirectory()
        let slot = HubSlot()
        let refusals = Recorder<String>()
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: directory.path("j.sqlite")), durability: durability,
            projections: [Echo(slot: slot, passesOn: passesOn, refusals: refusals)])
        slot.hub.locked { $0 = hub }
        defer { slot.hub.locked { $0 = nil } }
        if passesOn {
            #expect(throws: JournalError.reentrant) { try hub.post("ping") }
        } else {
            try hub.post("ping")
        }
        try hub.post("after")
        try hub.journal.flush()
        #expect(refusals.elements == [JournalError.reentrant.description])
        var names: [NoticeName] = []
        try hub.journal.read(JournalQuery()) {
            names.append($0.name); return true
        }
        #expect(names == (passesOn ? ["after"] : ["ping", "after"]), "no echo; the refused ping is rolled back")
    }

    @Test(.timeLimit(.minutes(1)), arguments: durabilities)
    func anImportsProgressCallbackThatPostsIsRefusedInsteadOfDeadlocking(durability: Durability) throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")), durability: durability)
        let lines = Array(repeating: #"{"name":"imported"}"#, count: 10_000)
        let refusals = Recorder<String>()
        let summary = try hub.journal.importNotices(lines) { _ in
            do {
                try hub.post("during")
            } catch {
                refusals.append("\(error)")
            }
            #expect(throws: JournalError.reentrant) { try hub.journal.flush() }
        }
        #expect(summary.imported == 10_000)
        #expect(refusals.elements == [JournalError.reentrant.description])
        try hub.post("after")
        try hub.journal.flush()
        #expect(try hub.journal.statistics().notices == 10_001)
    }

    @Test func theRefusalSaysWhatIsNotAllowed() {
        #expect(
            JournalError.reentrant.description
                == "posting from inside a projection's apply or an import's progress callback is not allowed")
    }
}
