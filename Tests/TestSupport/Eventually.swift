import Foundation

/// Waits until `condition` holds, looking at it again every millisecond, for
/// at most `timeout`; returns whether it held. The one polled wait of the
/// tests, for a condition that no signal announces: state another thread
/// changes, a file another process writes.
///
/// Callers check the answer (`#expect(eventually { ... })`, or
/// `try #require(...)` when what follows needs it). The default timeout is
/// ``SharedPool/patience``: a wait lasts only as long as the condition takes,
/// so a long one costs nothing in a passing run, and a condition that never
/// holds still fails the test.
public func eventually(
    timeout: Duration = .seconds(SharedPool.patience), _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        guard ContinuousClock.now < deadline else { return false }
        // The pause between two looks at the condition.
        Thread.sleep(forTimeInterval: 0.001)
    }
    return true
}

/// ``eventually(timeout:_:)`` for async code: it suspends between looks
/// instead of blocking a thread, on the caller's actor, so the condition may
/// read the caller's isolated state (a main-actor test's variables). A
/// cancelled task stops waiting: false, unless the condition holds.
public func eventually(
    timeout: Duration = .seconds(SharedPool.patience), isolation: isolated (any Actor)? = #isolation,
    _ condition: () throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
        // The pause between two looks at the condition.
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
