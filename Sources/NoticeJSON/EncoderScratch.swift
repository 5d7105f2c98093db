#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `StreamingEncoder` each thread reuses for its top-level encodes, so encoding a
/// payload allocates no encoder, no buffer and no frame stack, only its result.
///
/// Lent to one top-level encode at a time: an `encode(to:)` that encodes a second payload
/// on the same thread finds it taken and gets an encoder of its own. A thread's encoder is
/// released when the thread ends.
enum EncoderScratch {
    /// The thread's encoder and whether it is lent, in one allocation per thread.
    private final class Slot {
        let encoder = StreamingEncoder()
        var inUse = false
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { slot in
            guard let slot else { return }
            Unmanaged<Slot>.fromOpaque(slot).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// This thread's slot, made on first use.
    @inline(__always)
    private static func slot() -> Slot {
        if let slot = pthread_getspecific(key) { return Unmanaged<Slot>.fromOpaque(slot).takeUnretainedValue() }
        let slot = Slot()
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }

    /// Runs `body` with this thread's encoder, emptied afterwards, or with a new one while
    /// it is lent.
    @inline(__always)
    static func withEncoder<R, E: Error>(_ body: (StreamingEncoder) throws(E) -> R) throws(E) -> R {
        let slot = slot()
        if slot.inUse { return try body(StreamingEncoder()) }
        slot.inUse = true
        defer {
            slot.encoder.reset()
            slot.inUse = false
        }
        return try body(slot.encoder)
    }
}
