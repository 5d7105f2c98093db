import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing

/// The one shape of the package's background loops: steps that rest as they
/// ask, woken early by `wake()`, ended by `stop()` or by a step.
struct BackgroundWorkerTests {
    /// Waits up to 5 s for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    @Test func aWakeEndsARestAndAStepCanStopTheLoop() throws {
        let steps = Atomic<Int>(0)
        let worker = try #require(
            BackgroundWorker(name: "test worker") {
                steps.add(1, ordering: .relaxed).newValue == 3 ? .stop : .whenWoken
            })
        #expect(Self.eventually { steps.load(ordering: .relaxed) == 1 })
        Thread.sleep(forTimeInterval: 0.05)
        #expect(steps.load(ordering: .relaxed) == 1, "it rests until woken")
        worker.wake()
        #expect(Self.eventually { steps.load(ordering: .relaxed) == 2 })
        worker.wake()
        #expect(Self.eventually { worker.isStopped })
        worker.wake()
        Thread.sleep(forTimeInterval: 0.05)
        #expect(steps.load(ordering: .relaxed) == 3, "no step after the one that stopped")
    }

    @Test func aWakeDuringAStepIsNotLost() throws {
        let steps = Atomic<Int>(0)
        let inStep = Atomic<Bool>(false)
        let release = Atomic<Bool>(false)
        let worker = try #require(
            BackgroundWorker(name: "test worker") {
                inStep.store(true, ordering: .sequentiallyConsistent)
                while !release.load(ordering: .sequentiallyConsistent) { Thread.sleep(forTimeInterval: 0.001) }
                steps.add(1, ordering: .relaxed)
                return .after(.seconds(3600))
            })
        #expect(Self.eventually { inStep.load(ordering: .sequentiallyConsistent) })
        worker.wake()
        release.store(true, ordering: .sequentiallyConsistent)
        #expect(Self.eventually { steps.load(ordering: .relaxed) >= 2 }, "the hour's rest ended at once")
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
        #expect(Self.eventually { stepped.times.withLock { $0.count } >= 2 })
        worker.stop()
        let times = stepped.times.withLock { $0 }
        #expect(started.duration(to: times[0]) >= .milliseconds(40), "the first rest")
        #expect(times[0].duration(to: times[1]) >= .milliseconds(40), "a rest between steps")
    }
}
