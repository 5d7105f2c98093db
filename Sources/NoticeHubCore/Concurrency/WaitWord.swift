internal import CSystemShims

/// A word that threads sleep on until another thread advances it, waking
/// them all with one system call (a futex on Linux, `os_sync_wait_on_address`
/// on macOS).
///
/// It carries no data: a waiter reads the word, checks its own condition
/// (published with release/acquire ordering elsewhere), and sleeps only if
/// the condition is unmet and the word has not moved since it was read:
///
/// ```swift
/// while true {
///     let seen = word.value
///     if isDone() { break }
///     word.wait(whileEqualTo: seen)
/// }
/// ```
package final class WaitWord: @unchecked Sendable {
    // Heap-allocated so its address is stable; only touched through the C
    // functions, which use atomic operations. Hence `@unchecked Sendable`.
    private let word: UnsafeMutablePointer<UInt32>

    package init() {
        word = .allocate(capacity: 1)
        word.initialize(to: 0)
    }

    deinit {
        word.deallocate()
    }

    /// The word now (acquire ordering).
    package var value: UInt32 { noticehub_wait_word_load(word) }

    /// Sleeps while the word still equals `seen`; may return spuriously.
    package func wait(whileEqualTo seen: UInt32) {
        noticehub_wait_word_wait(word, seen)
    }

    /// Sleeps while the word still equals `seen`, for at most about
    /// `timeout`; may return spuriously.
    package func wait(whileEqualTo seen: UInt32, atMost timeout: Duration) {
        let nanoseconds = max(0, timeout / .nanoseconds(1))
        noticehub_wait_word_wait_for(word, seen, UInt64(nanoseconds.rounded()))
    }

    /// Advances the word and wakes every thread sleeping on it.
    package func wakeAll() {
        noticehub_wait_word_advance(word)
    }
}
