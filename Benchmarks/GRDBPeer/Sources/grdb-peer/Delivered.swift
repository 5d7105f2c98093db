import Foundation

/// The last value an observer's handler was given and when, by ``now()``;
/// a writer waits here until the value it made arrives.
final class Delivered: @unchecked Sendable {
    // `@unchecked Sendable`: the fields are used under `condition`.
    private let condition = NSCondition()
    private var value: Int64 = -1
    private var at: UInt64 = 0
    private var failure: (any Error)?

    func record(_ value: Int64, at: UInt64) {
        condition.withLock {
            self.value = value
            self.at = at
            condition.broadcast()
        }
    }

    func fail(_ error: any Error) {
        condition.withLock {
            failure = error
            condition.broadcast()
        }
    }

    /// When `expected` (or a later value) was handed over; waits up to five
    /// seconds for it.
    func wait(for expected: Int64) throws -> UInt64 {
        try condition.withLock {
            let deadline = Date(timeIntervalSinceNow: 5)
            while value < expected && failure == nil {
                guard condition.wait(until: deadline) else { break }
            }
            if let failure { throw failure }
            guard value >= expected else { throw PeerFailure("the observer never held \(expected); it holds \(value)") }
            return at
        }
    }
}

/// A measurement that did not check out: the run stops.
struct PeerFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Nanoseconds on the monotonic clock.
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
