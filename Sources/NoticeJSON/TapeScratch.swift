#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What each top-level decode on a thread reuses: storage for the tape's entries
/// and the `TapeDecoder` object, so decoding a small payload allocates neither.
///
/// Lent to one top-level decode at a time: a decode nested in another on the same
/// thread (an `init(from:)` that decodes a second payload) finds the scratch taken
/// and gets an empty lease, so it allocates its own. A thread's scratch is freed
/// when the thread ends.
///
/// Not `withUnsafeTemporaryAllocation`: it returns through a `Result<R, E>`, whose
/// metadata a generic decoder would look up on every call.
enum TapeScratch {
    /// Entries per thread: 4 KiB, the tape of a payload of about a kilobyte.
    static let capacity = 256

    /// The start of a thread's block, in the place of one entry; the entries follow.
    fileprivate struct Header {
        var inUse: Bool
        var decoder: Unmanaged<TapeDecoder>?
    }

    /// One decode's use of the scratch.
    struct Lease {
        /// Where the parser records the tape while it fits; empty for a nested decode.
        let entries: UnsafeMutableBufferPointer<JSONTape.Entry>
        fileprivate let header: UnsafeMutablePointer<Header>?

        /// The thread's decoder pointed at `tape`, or a new one for a nested decode.
        func decoder(tape: JSONTape, base: UnsafePointer<UInt8>) -> TapeDecoder {
            guard let header else { return TapeDecoder(tape: tape, base: base, path: [], current: 0) }
            if let kept = header.pointee.decoder?.takeUnretainedValue() {
                kept.reuse(tape: tape, base: base)
                return kept
            }
            let decoder = TapeDecoder(tape: tape, base: base, path: [], current: 0)
            header.pointee.decoder = Unmanaged.passRetained(decoder)
            return decoder
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { block in
            guard let block else { return }
            block.assumingMemoryBound(to: Header.self).pointee.decoder?.release()
            block.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    private static var entryOffset: Int {
        max(MemoryLayout<Header>.stride, MemoryLayout<JSONTape.Entry>.stride)
    }

    /// This thread's block, made on first use.
    private static func block() -> UnsafeMutableRawPointer {
        if let block = pthread_getspecific(key) { return block }
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: entryOffset + MemoryLayout<JSONTape.Entry>.stride * capacity,
            alignment: max(MemoryLayout<Header>.alignment, MemoryLayout<JSONTape.Entry>.alignment))
        block.initializeMemory(as: Header.self, repeating: Header(inUse: false, decoder: nil), count: 1)
        (block + entryOffset).bindMemory(to: JSONTape.Entry.self, capacity: capacity)
        pthread_setspecific(key, block)
        return block
    }

    /// Runs `body` with this thread's scratch, or with an empty lease while it is lent.
    @inline(__always)
    static func withLease<R, E: Error>(_ body: (Lease) throws(E) -> R) throws(E) -> R {
        let block = block()
        let header = block.assumingMemoryBound(to: Header.self)
        if header.pointee.inUse {
            return try body(Lease(entries: UnsafeMutableBufferPointer(start: nil, count: 0), header: nil))
        }
        header.pointee.inUse = true
        defer { header.pointee.inUse = false }
        let entries = (block + entryOffset).assumingMemoryBound(to: JSONTape.Entry.self)
        return try body(Lease(entries: UnsafeMutableBufferPointer(start: entries, count: capacity), header: header))
    }
}
