import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing
import TestSupport

/// The one shape of the package's background loops: steps that rest as they
/// ask, woken early by `wake()`, ended by `stop()` or by a step.
struct BackgroundWorkerTests {
    /// Held by the step alone: it goes when the loop ends and lets go of
    /// its step.
    final class Held: Sendable {}

    @Test func aWakeEndsARestAndAStepCanStopTheLoop() throws {
        let steps = Atomic<Int>(0)
        // The wakes sent so far, and as each step saw them: a step that
        // came without a wake would see as many as the one before it.
        let wakes = Atomic<Int>(0)
        let wakesBeforeStep = Seen<Int>()
        weak var loop: Held?
        let worker: BackgroundWorker
        do {
            let held = Held()
            loop = held
            let step: @Sendable () -> BackgroundWorker.Next = { [held] in
                withExtendedLifetime(held) {}
                wakesBeforeStep.append(wakes.load(ordering: .acquiring))
                return steps.add(1, ordering: .relaxed).newValue == 3 ? .stop : .whenWoken
            }
            worker = try #require(BackgroundWorker(name: "test worker", step))
        }
        #expect(eventually { steps.load(ordering: .relaxed) == 1 })
        wakes.add(1, ordering: .releasing)
        worker.wake()
        #expect(eventually { steps.load(ordering: .relaxed) == 2 })
        wakes.add(1, ordering: .releasing)
        worker.wake()
        #expect(eventually { worker.isStopped })
        #expect(wakesBeforeStep.all == [0, 1, 2], "it rests until woken")
        #expect(eventually { loop == nil }, "the loop ended once a step stopped it")
        worker.wake()
        #expect(steps.load(ordering: .relaxed) == 3, "no step after the one that stopped")
    }

    @Test func aWakeDuringAStepIsNotLost() throws {
        let steps = Atomic<Int>(0)
        let inStep = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let worker = try #require(
            BackgroundWorker(name: "test worker") {
                inStep.signal()
                // The first step waits for the test; the others go on.
                if steps.load(ordering: .relaxed) == 0 { release.wait() }
                steps.add(1, ordering: .relaxed)
                return .after(.seconds(3600))
            })
        try #require(inStep.wait(timeout: .now() + 60) == .success)
        worker.wake()
        release.signal()
        #expect(eventually { steps.load(ordering: .relaxed) >= 2 }, "the hour's rest ended at once")
        worker.stop()
    }

    /// When each step ran. A class, so that the closures share one
    /// reference: a noncopyable `Mutex` captured by two escaping closures is
    /// accessed as a variable, which ThreadSanitizer reports as a race.
    final class StepTimes: Sendable {
        let times = Mutex<[ContinuousClock.Instant]>([])
    }

    @Test func restsLastAsLongAsAsked() throws {
        let stepped = StepTimes()
        let worker = try #require(
            BackgroundWorker(name: "test worker", firstRest: .milliseconds(50)) {
                stepped.times.withLock { $0.append(.now) }
                return .after(.milliseconds(50))
            })
        let started = ContinuousClock.now
        #expect(eventually { stepped.times.withLock { $0.count } >= 2 })
        worker.stop()
        let times = stepped.times.withLock { $0 }
        #expect(started.duration(to: times[0]) >= .milliseconds(40), "the first rest")
        #expect(times[0].duration(to: times[1]) >= .milliseconds(40), "a rest between steps")
    }
}
