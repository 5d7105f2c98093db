#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the current thread is doing for NoticeHub: how deep it is in nested
/// deliveries, and whether it is replaying a journal.
///
/// Kept in one thread-specific word because it is read on every post and every
/// cancel; a thread that never posts pays nothing.
enum DeliveryContext {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    private static let replayingBit = 1
    private static let depthUnit = 2

    private static var word: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// True while this thread is inside at least one handler call.
    static var isDelivering: Bool { word >= depthUnit }

    /// True while this thread is delivering a replay.
    static var isReplaying: Bool { word & replayingBit != 0 }

    /// Runs `body` counted as a delivery on this thread.
    @inline(__always)
    static func delivering<T>(_ body: () throws -> T) rethrows -> T {
        word += depthUnit
        defer { word -= depthUnit }
        return try body()
    }

    /// Runs `body` marked as replaying on this thread.
    static func replaying<T>(_ body: () throws -> T) rethrows -> T {
        let saved = word
        word = saved | replayingBit
        defer { word = saved }
        return try body()
    }
}
