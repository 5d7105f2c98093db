import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// On SQLite, a trim computes the state its journal will start from in a
/// scratch journal, without the writer: a post made while a projection's
/// rebuild through the trimmed notice is under way is journaled at once.
struct TrimBesidePostsTests {
    /// Where a projection's `apply` waits, once armed, until the test opens
    /// it or ten seconds pass.
    final class Gate: Sendable {
        private let state = Mutex((armed: false, reached: false, passedOpen: false))
        /// Signalled when the waiting `apply` reaches the gate, and when the
        /// test opens it.
        private let reaching = DispatchSemaphore(value: 0)
        private let opening = DispatchSemaphore(value: 0)

        func arm() { state.withLock { $0.armed = true } }
        func open() { opening.signal() }
        var wasReached: Bool { state.withLock { $0.reached } }
        /// Whether the waiting `apply` went on because the gate opened, not
        /// because its ten seconds passed.
        var passedOpen: Bool { state.withLock { $0.passedOpen } }

        /// Waits until an `apply` is at the gate, for at most a minute;
        /// whether one is.
        func waitUntilReached() -> Bool {
            reaching.wait(timeout: .now() + 60) == .success
        }

        private let applied = Mutex<[String: Int]>([:])

        /// Counts an `apply` of `step`.
        func count(_ step: String) { applied.withLock { $0[step, default: 0] += 1 } }
        /// How many times `step` was applied, live, in rebuilds and aside.
        func applications(of step: String) -> Int { applied.withLock { $0[step] ?? 0 } }

        /// The first call after ``arm()`` waits until the gate is opened or
        /// ten seconds pass; the others go on.
        func pass() {
            let waits = state.withLock { state in
                guard state.armed else { return false }
                state.armed = false
                state.reached = true
                return true
            }
            guard waits else { return }
            reaching.signal()
            let opened = opening.wait(timeout: .now() + 10) == .success
            state.withLock { $0.passedOpen = opened }
        }
    }

    /// Counts steps; the step "gate" waits at the gate.
    struct Steps: Projection {
        let gate: Gate
        let schema = ProjectionSchema(
            identity: "test.steps", tables: ["steps"],
            migrations: [ProjectionMigration(1, "steps", sql: "CREATE TABLE steps (step TEXT PRIMARY KEY)")])
        let names: Set<NoticeName> = ["step"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            let step = try notice.decode(String.self)
            gate.count(step)
            if step == "gate" { gate.pass() }
            try store.execute("INSERT INTO steps (step) VALUES (?)", [.text(step)])
        }
    }

    /// A journal of the steps one, gate, three and four, whose gate is armed.
    static func fourSteps(in directory: TemporaryDirectory, gate: Gate) throws -> NoticeHub {
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: directory.path("steps.sqlite")), projections: [Steps(gate: gate)])
        for step in ["one", "gate", "three", "four"] { try hub.post("step", payload: step) }
        gate.arm()
        return hub
    }

    /// The journal starts from the steps through #3, which agree with a replay.
    static func expectStartAsOfThree(_ hub: NoticeHub) throws {
        let start = try #require(hub.journal.startingState().first)
        #expect(start.through == 3)
        #expect(start.tables[0].rows == [[.text("gate")], [.text("one")], [.text("three")]])
        #expect(try hub.journal.projectionDifferences(Steps(gate: Gate())) == [])
    }

    @Test func aPostWhileTheTrimRebuildsAProjectionIsJournaledAtOnce() throws {
        let directory = TemporaryDirectory()
        let gate = Gate()
        let hub = try Self.fourSteps(in: directory, gate: gate)

        let posted = Mutex<Int64?>(nil)
        let poster = Thread {
            guard gate.waitUntilReached() else { return }
            let notice = try? hub.post("unrelated")
            posted.withLock { $0 = notice?.sequence }
            gate.open()
        }
        poster.start()
        let summary = try hub.journal.trim(through: 3)

        #expect(gate.wasReached, "the state as of #3 was rebuilt, through the gate")
        #expect(gate.passedOpen, "the post went through while the rebuild waited at the gate")
        #expect(posted.withLock { $0 } == 5)
        #expect(summary.firstRetained == 4)
        try Self.expectStartAsOfThree(hub)
    }

    /// A trim that moved the journal's start while another trim's state was
    /// computed aside makes that state stale: the other trim computes it
    /// again inside its transaction, from the new start.
    @Test func aStateComputedAsideFromAStartThatMovedIsComputedAgain() throws {
        let directory = TemporaryDirectory()
        let gate = Gate()
        let hub = try Self.fourSteps(in: directory, gate: gate)

        let earlier = Mutex<Int64?>(nil)
        let trimmer = Thread {
            guard gate.waitUntilReached() else { return }
            let summary = try? hub.journal.trim(through: 2)
            earlier.withLock { $0 = summary?.firstRetained }
            gate.open()
        }
        trimmer.start()
        let summary = try hub.journal.trim(through: 3)

        #expect(
            gate.passedOpen && earlier.withLock { $0 } == 3, "the trim through #2 ran while #3's state was computed")
        #expect(summary.firstRetained == 4)
        // Posted, replayed aside from the journal's first notice, then again
        // inside the transaction from the state as of #2.
        #expect(gate.applications(of: "three") == 3)
        try Self.expectStartAsOfThree(hub)
        #expect(try hub.journal.rebuildProjection("test.steps").replayed == 1)
    }
}
