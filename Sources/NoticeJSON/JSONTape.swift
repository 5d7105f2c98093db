import Foundation

/// A flat, validated index of a JSON document: one entry per value (and per object key)
/// in document order, each pointing back into the source bytes.
///
/// Decoding walks this array instead of a tree of enums and dictionaries, which keeps a
/// replay to a single allocation for the tape plus whatever the decoded type itself needs.
/// The tape never owns the bytes; it is only meaningful next to the buffer it was built
/// from, and everything in it was validated when it was built (UTF-8, escapes, number
/// syntax, structure), so readers may index it without further checks.
///
/// A view over manually managed memory rather than an `Array`, so reads on the decode
/// hot path need neither bounds checks nor retains. Small documents' entries live in a
/// thread's scratch buffer (see `TapeScratch`); larger ones spill to
/// the heap, and `release()` frees that when the caller is done.
struct JSONTape {
    /// The shape of one tape entry.
    enum Kind: UInt8, Sendable {
        case null
        case bool
        /// A number without fraction or exponent, so integer readers can take a fast path.
        case integer
        /// A number with a fraction and/or an exponent.
        case decimal
        case string
        case array
        case object
    }

    /// One value. Scalars reference a byte range (strings exclude their quotes);
    /// containers store their element count and where their subtree ends.
    struct Entry: Sendable {
        var kind: Kind
        /// For `.bool`: the value. For `.string`: the range contains backslash escapes.
        var flag: Bool
        /// Byte offset of the value (of its first content byte for strings).
        var start: UInt32
        /// Byte length for scalars, member or element count for containers.
        var length: UInt32
        /// Index of the first entry after this value's subtree (`index + 1` for scalars).
        var end: UInt32
    }

    /// The entries; valid until `release()`, and no longer than the scratch buffer they
    /// were parsed into.
    let storage: UnsafeMutablePointer<Entry>
    /// Number of entries of the document; the root is entry 0.
    let count: Int
    /// True when `storage` was allocated on the heap rather than taken from scratch.
    private let ownsStorage: Bool

    /// `storage` must hold `count + 1` initialised entries: the document followed by a
    /// `null` entry (see `nullIndex`).
    init(storage: UnsafeMutablePointer<Entry>, count: Int, ownsStorage: Bool) {
        self.storage = storage
        self.count = count
        self.ownsStorage = ownsStorage
    }

    /// Frees the entries if they were spilled to the heap; the tape is unusable after.
    func release() {
        if ownsStorage { storage.deallocate() }
    }

    /// A synthetic `null` after the document, standing in for absent values (the value of
    /// `superDecoder(forKey:)` for a missing key).
    var nullIndex: Int { count }

    @inline(__always)
    subscript(index: Int) -> Entry {
        storage[index]
    }

    /// Index of the first entry after the value at `index` and its subtree.
    @inline(__always)
    func next(after index: Int) -> Int {
        Int(storage[index].end)
    }
}
