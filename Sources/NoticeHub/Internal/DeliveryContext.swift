#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the current thread is doing for NoticeHub: how deep it is in nested
/// deliveries, and which hub (if any) it is replaying.
///
/// Thread-specific, because it is read on every post and every cancel, and a
/// handler's nested posts run on the same thread as the delivery.
enum DeliveryContext {
    private static let depthKey = makeKey()
    private static let replayKey = makeKey()

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }

    private static var depth: Int {
        get { Int(bitPattern: pthread_getspecific(depthKey)) }
        set { pthread_setspecific(depthKey, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// True while this thread is inside at least one handler call.
    static var isDelivering: Bool { depth > 0 }

    /// Runs `body` counted as a delivery on this thread.
    @inline(__always)
    static func delivering<T>(_ body: () throws -> T) rethrows -> T {
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    /// True while this thread is delivering a replay of the hub `hub`.
    static func isReplaying(_ hub: ObjectIdentifier) -> Bool {
        guard let marker = pthread_getspecific(replayKey) else { return false }
        return UInt(bitPattern: marker) == UInt(bitPattern: hub)
    }

    /// Runs `body` marked as replaying `hub` on this thread.
    static func replaying<T>(_ hub: ObjectIdentifier, _ body: () throws -> T) rethrows -> T {
        let saved = pthread_getspecific(replayKey)
        pthread_setspecific(replayKey, UnsafeRawPointer(bitPattern: UInt(bitPattern: hub)))
        defer { pthread_setspecific(replayKey, saved) }
        return try body()
    }
}
