import Foundation

/// A named thread that runs a step again and again until stopped, resting
/// between steps as each step asks. It is the one shape of the package's
/// background loops: the batched writer's flusher, followers and durable
/// subscribers, the responder-claim keeper and the reply liveness check.
///
/// ``wake()`` cuts a rest short, and a wake that arrives while a step runs
/// is not lost: the next rest ends at once. ``stop()`` ends the loop after
/// the step under way.
///
/// `@unchecked Sendable`: `woken` and `stopped` are used under `condition`
/// only.
package final class BackgroundWorker: @unchecked Sendable {
    /// What a step asks for next.
    package enum Next: Sendable, Equatable {
        /// Another step at once.
        case now
        /// Another step after this long, or sooner when woken.
        case after(Duration)
        /// Another step once woken.
        case whenWoken
        /// No more steps: the thread ends.
        case stop
    }

    private let condition = NSCondition()
    private var woken = false
    private var stopped = false

    /// Starts the thread, whose first step comes after `firstRest` (or
    /// sooner when woken); nil, without running anything, when the system
    /// could not start a thread, and the caller falls back.
    package init?(
        name: String, firstRest: Duration = .zero, _ step: @escaping @Sendable () -> Next
    ) {
        let started = SystemThread.start(name: name) { [self] in
            var next: Next = firstRest > .zero ? .after(firstRest) : .now
            while rest(next) {
                next = step()
            }
        }
        guard started else { return nil }
    }

    /// Ends a rest under way, or the next one.
    package func wake() {
        condition.withLock {
            woken = true
            condition.broadcast()
        }
    }

    /// Ends the loop after the step under way; does not wait for it.
    package func stop() {
        condition.withLock {
            stopped = true
            condition.broadcast()
        }
    }

    /// Whether ``stop()`` was called, or a step asked to stop.
    package var isStopped: Bool { condition.withLock { stopped } }

    /// Rests as `next` asks; false when the loop is to end.
    private func rest(_ next: Next) -> Bool {
        condition.withLock {
            switch next {
            case .stop:
                stopped = true
            case .now:
                break
            case .whenWoken:
                while !woken && !stopped { condition.wait() }
            case .after(let duration):
                // On the monotonic clock: each wait converts what is left, so
                // a step of the wall clock cannot stretch the rest.
                let deadline = ContinuousClock.now + duration.clampedForWaiting
                while !woken && !stopped {
                    let left = ContinuousClock.now.duration(to: deadline)
                    guard left > .zero else { break }
                    _ = condition.wait(until: Date().addingTimeInterval(left.seconds))
                }
            }
            woken = false
            return !stopped
        }
    }
}
