import Foundation

/// The fast path of `PayloadEncoder`: an `Encoder` that writes JSON straight into one byte
/// buffer as the `encode` calls arrive, with no intermediate tree.
///
/// Containers cannot tell the encoder when they are finished, so each open object/array
/// is a frame on a stack and is closed lazily, when something is written to a container
/// further out (or eagerly, when a nested value's `encode(to:)` returns). One encoder
/// object serves every nested value: its "slot" (where the next value goes) and coding
/// path are swapped in and restored around each nested `encode(to:)`.
///
/// Call orders a stream cannot express (writing to a container after a sibling was
/// started, `superEncoder`, using a coder after its value finished, catching an error
/// and carrying on) set `needsFallback`; `PayloadEncoder` then re-encodes the value with
/// `TreeEncoder`, which handles everything Foundation does.
final class StreamingEncoder: Encoder {
    /// Aborts the stream once it has become unrepresentable.
    struct OrderConflict: Error {}

    /// An open object or array. It carries its coding path so containers can stay small
    /// enough (two words) to live inline in an existential instead of a heap box.
    struct Frame {
        var id: UInt32
        var isObject: Bool
        var count: Int
        var path: [any CodingKey]
    }

    enum SlotState: Equatable {
        case open
        case scalar
        case container(id: UInt32, isObject: Bool)
    }

    /// Where the value currently being encoded goes. `depth` is the frame-stack height
    /// when the slot opened; containers created for it become frame `depth`.
    struct Slot {
        var depth: Int
        var id: UInt32
        var state: SlotState
    }

    // Unchecked exclusivity: all access is single-threaded and non-overlapping by
    // construction, and the dynamic checks were a visible share of encode time.
    @exclusivity(unchecked) package var writer = ByteWriter()
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var path: [any CodingKey] = []
    @exclusivity(unchecked) private(set) var slot = Slot(depth: 0, id: 0, state: .open)
    @exclusivity(unchecked) private var nextID: UInt32 = 1
    @exclusivity(unchecked) private(set) var needsFallback = false

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes a complete document. Throws `OrderConflict` when the caller must fall back.
    func encodeRoot<T: Encodable>(_ value: T) throws {
        if try EncodingSpecialCases.write(value, into: &writer, codingPath: []) { return }
        slot = Slot(depth: 0, id: takeID(), state: .open)
        try value.encode(to: self)
        if needsFallback { throw OrderConflict() }
        if slot.state == .open {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        closeFrames(toCount: 0)
    }

    @inline(__always)
    private func takeID() -> UInt32 {
        let id = nextID
        // 0 stands for "no frame" in containers that can only fail; a thread's encoder,
        // reused for every payload, may wrap around.
        nextID = nextID == .max ? 1 : nextID &+ 1
        return id
    }

    /// Forgets the last document, keeping the buffer's and the frame stack's storage, so the
    /// thread's next top-level encode allocates neither (see `EncoderScratch`). Frame ids keep
    /// counting, so a container kept from an earlier document can never write into this one.
    func reset() {
        writer.removeAll()
        frames.removeAll(keepingCapacity: true)
        if !path.isEmpty { path = [] }
        slot = Slot(depth: 0, id: 0, state: .open)
        needsFallback = false
    }

    /// Marks the stream unusable and returns the error that unwinds it.
    func conflict() -> OrderConflict {
        needsFallback = true
        return OrderConflict()
    }

    // MARK: Frames

    private func closeFrames(toCount target: Int) {
        while frames.count > target {
            let frame = frames.removeLast()
            writer.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Starts a new element in the container at `depth`: validates that the container is
    /// still the innermost live one, closes anything nested after it, writes the comma.
    @inline(__always)
    func beginElement(depth: Int, id: UInt32) throws {
        if _slowPath(needsFallback || depth >= frames.count || frames[depth].id != id) {
            throw conflict()
        }
        if frames.count > depth + 1 { closeFrames(toCount: depth + 1) }
        if frames[depth].count > 0 { writer.append(UInt8(ascii: ",")) }
        frames[depth].count += 1
    }

    /// Opens an object or array as the value of the element just begun.
    func openFrame(isObject: Bool, path: [any CodingKey]) -> (depth: Int, id: UInt32) {
        let id = takeID()
        writer.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        frames.append(Frame(id: id, isObject: isObject, count: 0, path: path))
        return (frames.count - 1, id)
    }

    @inline(__always)
    private func isLive(depth: Int, id: UInt32) -> Bool {
        depth < frames.count && frames[depth].id == id
    }

    /// Coding path of a container; empty once its frame is gone (the stream is then
    /// being abandoned for the tree encoder anyway).
    func path(ofFrame depth: Int, id: UInt32) -> [any CodingKey] {
        isLive(depth: depth, id: id) ? frames[depth].path : []
    }

    /// Frame for a container requested directly from the encoder (not nested in another
    /// container). Returns id 0, which never matches a frame, when the stream can't comply.
    private func slotContainer(isObject: Bool) -> (depth: Int, id: UInt32) {
        switch slot.state {
        case .open where frames.count == slot.depth && !needsFallback:
            let frame = openFrame(isObject: isObject, path: path)
            slot.state = .container(id: frame.id, isObject: isObject)
            return frame
        case .container(let id, let wasObject)
        where wasObject == isObject && slot.depth < frames.count && frames[slot.depth].id == id:
            // A second request for the same container (a subclass and its superclass
            // sharing one encoder) keeps adding to the same object, as Foundation does.
            return (slot.depth, id)
        default:
            needsFallback = true
            return (slot.depth, 0)
        }
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let frame = slotContainer(isObject: true)
        return KeyedEncodingContainer(StreamingKeyedContainer<Key>(encoder: self, depth: frame.depth, id: frame.id))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let frame = slotContainer(isObject: false)
        return StreamingUnkeyedContainer(encoder: self, depth: frame.depth, id: frame.id)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamingSingleValueContainer(encoder: self, slotID: slot.id, codingPath: path)
    }

    // MARK: Values

    /// Claims the current slot for a single scalar.
    @inline(__always)
    func beginSingleValue(slotID: UInt32) throws {
        if _slowPath(needsFallback || slot.id != slotID || slot.state != .open || frames.count != slot.depth) {
            throw conflict()
        }
        slot.state = .scalar
    }

    /// Writes `value` directly when `T` is one of the common JSON primitives, skipping the
    /// `encode(to:)` round trip (arrays of strings or numbers arrive here one by one).
    @inline(__always)
    func writeIfPrimitive<T: Encodable>(_ value: T, path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        // Same-type bit casts: each branch runs only when T is exactly that type.
        if T.self == String.self {
            writer.writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            writer.writeInteger(Int64(unsafeBitCast(value, to: Int.self)))
        } else if T.self == Bool.self {
            writer.append(unsafeBitCast(value, to: Bool.self) ? "true" : "false")
        } else if T.self == Double.self {
            let number = unsafeBitCast(value, to: Double.self)
            do {
                try EncodingSpecialCases.checkFinite(number, codingPath: path())
            } catch {
                needsFallback = true // the element was already begun
                throw error
            }
            writer.writeDouble(number)
        } else if let kind = PrimitiveArrayKind(T.self) {
            try writePrimitiveArray(kind, value, path: path())
        } else {
            return false
        }
        return true
    }

    /// Arrays of the common primitives in one loop, skipping an unkeyed container and
    /// a generic call per element.
    private func writePrimitiveArray<T>(
        _ kind: PrimitiveArrayKind, _ value: T, path: @autoclosure () -> [any CodingKey]
    ) throws {
        writer.append(UInt8(ascii: "["))
        switch kind {
        case .string:
            for (i, element) in unsafeBitCast(value, to: [String].self).enumerated() {
                if i > 0 { writer.append(UInt8(ascii: ",")) }
                writer.writeString(element)
            }
        case .int:
            for (i, element) in unsafeBitCast(value, to: [Int].self).enumerated() {
                if i > 0 { writer.append(UInt8(ascii: ",")) }
                writer.writeInteger(Int64(element))
            }
        case .bool:
            for (i, element) in unsafeBitCast(value, to: [Bool].self).enumerated() {
                if i > 0 { writer.append(UInt8(ascii: ",")) }
                writer.append(element ? "true" : "false")
            }
        case .double:
            for (i, element) in unsafeBitCast(value, to: [Double].self).enumerated() {
                if i > 0 { writer.append(UInt8(ascii: ",")) }
                do {
                    try EncodingSpecialCases.checkFinite(element, codingPath: path() + [ArrayIndexKey(i)])
                } catch {
                    needsFallback = true // the array is half written
                    throw error
                }
                writer.writeDouble(element)
            }
        }
        writer.append(UInt8(ascii: "]"))
    }

    /// Encodes a nested value as the element just begun in the innermost container,
    /// under `key` in the coding path.
    func encodeNested<T: Encodable>(_ value: T, key: any CodingKey) throws {
        if try writeIfPrimitive(value, path: self.path + [key]) { return }
        if try EncodingSpecialCases.write(value, into: &writer, codingPath: self.path + [key]) { return }
        let saved = slot
        path.append(key)
        slot = Slot(depth: frames.count, id: takeID(), state: .open)
        defer {
            path.removeLast()
            slot = saved
        }
        try encodeIntoSlot(value)
    }

    /// Runs `value.encode(to:)` against the current slot and seals the slot afterwards.
    func encodeIntoSlot<T: Encodable>(_ value: T) throws {
        do {
            try value.encode(to: self)
        } catch {
            // If the error is caught further up and encoding continues, the stream holds
            // a half-written value; only the tree encoder can produce the right output.
            needsFallback = true
            throw error
        }
        if slot.state == .open {
            // Foundation writes an empty object for a value that encoded nothing.
            writer.append(UInt8(ascii: "{"), UInt8(ascii: "}"))
            slot.state = .scalar
        } else if frames.count > slot.depth {
            closeFrames(toCount: slot.depth)
        }
    }

    /// Encodes a generic value through a single value container, into the same slot.
    func encodeSingle<T: Encodable>(_ value: T, slotID: UInt32) throws {
        if _slowPath(needsFallback || slot.id != slotID || slot.state != .open || frames.count != slot.depth) {
            throw conflict()
        }
        if try EncodingSpecialCases.write(value, into: &writer, codingPath: path) {
            slot.state = .scalar
            return
        }
        try encodeIntoSlot(value)
    }
}
