#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tape entries reused by every payload parsed on a thread, so a small
/// payload's tape costs no allocation.
///
/// Lent for one top-level parse and decode at a time: a decode nested in
/// another on the same thread (an `init(from:)` that decodes a second payload)
/// finds the buffer taken and gets an empty one, so its parser allocates.
/// A thread's buffer is freed when the thread ends.
///
/// Not `withUnsafeTemporaryAllocation`: it returns through a `Result<R, E>`,
/// whose metadata a generic decoder would look up on every call.
enum TapeScratch {
    /// Entries per thread: 4 KiB, the tape of a payload of about a kilobyte.
    static let capacity = 256

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { block in block?.deallocate() }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// A thread's block: an in-use flag in the first entry's place, then the entries.
    private static func block() -> UnsafeMutableRawPointer {
        if let block = pthread_getspecific(key) { return block }
        let stride = MemoryLayout<JSONTape.Entry>.stride
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: stride * (capacity + 1), alignment: MemoryLayout<JSONTape.Entry>.alignment)
        block.initializeMemory(as: Bool.self, repeating: false, count: 1)
        (block + stride).bindMemory(to: JSONTape.Entry.self, capacity: capacity)
        pthread_setspecific(key, block)
        return block
    }

    /// Runs `body` with this thread's buffer, or with an empty one while it is lent.
    @inline(__always)
    static func withBuffer<R, E: Error>(
        _ body: (UnsafeMutableBufferPointer<JSONTape.Entry>) throws(E) -> R
    ) throws(E) -> R {
        let block = block()
        let inUse = block.assumingMemoryBound(to: Bool.self)
        if inUse.pointee { return try body(UnsafeMutableBufferPointer(start: nil, count: 0)) }
        inUse.pointee = true
        defer { inUse.pointee = false }
        let entries = (block + MemoryLayout<JSONTape.Entry>.stride).assumingMemoryBound(to: JSONTape.Entry.self)
        return try body(UnsafeMutableBufferPointer(start: entries, count: capacity))
    }
}
