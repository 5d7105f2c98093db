/// The wildcard syntax of notice names, NATS-style: a dot-separated segment
/// that is exactly `*` stands for one non-empty segment, and a last segment
/// that is exactly `>` for one or more. `*` or `>` inside a longer segment
/// (`news*`) is an ordinary character.
///
/// Everything here works on UTF-8 bytes without allocating: names are
/// scanned whenever one is made (journal rows included), and matched on
/// every registry lookup that misses its cache.
package enum NamePattern {
    private static var dot: UInt8 { 0x2E }
    private static var star: UInt8 { 0x2A }
    private static var greater: UInt8 { 0x3E }

    /// What a scan of a name's text found.
    package enum Shape: Equatable {
        case literal
        case pattern
        /// A `>` segment before the last one.
        case misplacedRest
    }

    /// Whether `text` holds a `*` or `>` segment, and whether a `>` segment
    /// is misplaced. Costs one pass of byte compares, and a second pass only
    /// for the rare name holding `*` or `>` at all.
    package static func shape(of text: String) -> Shape {
        var holdsWildcardByte = false
        for byte in text.utf8 where byte == star || byte == greater {
            holdsWildcardByte = true
            break
        }
        guard holdsWildcardByte else { return .literal }
        return withBytes(of: text) { bytes in
            var shape = Shape.literal
            var start = 0
            while start <= bytes.count {
                let end = segmentEnd(bytes, from: start)
                if end - start == 1 {
                    if bytes[start] == star { shape = .pattern }
                    if bytes[start] == greater {
                        if end < bytes.count { return .misplacedRest }
                        shape = .pattern
                    }
                }
                start = end + 1
            }
            return shape
        }
    }

    /// The one-line reason for ``Shape/misplacedRest``.
    package static var misplacedRestReason: String { "'>' may only be the last segment of a pattern" }

    /// What a pattern's wildcards stand for, for messages: `'*' stands for one segment`.
    package static func wildcardMeaning(of pattern: String) -> String {
        var meanings: [String] = []
        withBytes(of: pattern) { bytes in
            var start = 0
            while start <= bytes.count {
                let end = segmentEnd(bytes, from: start)
                if end - start == 1, bytes[start] == star, !meanings.contains(starMeaning) {
                    meanings.append(starMeaning)
                }
                if end - start == 1, bytes[start] == greater, !meanings.contains(restMeaning) {
                    meanings.append(restMeaning)
                }
                start = end + 1
            }
        }
        return meanings.joined(separator: ", ")
    }

    private static var starMeaning: String { "'*' stands for one segment" }
    private static var restMeaning: String { "'>' for one or more" }

    /// Whether the literal name `name` matches `pattern`, segment by segment.
    package static func matches(pattern: String, name: String) -> Bool {
        withBytes(of: pattern) { pattern in
            withBytes(of: name) { name in matches(pattern, name) }
        }
    }

    /// The text before the first wildcard segment, ending with its dot
    /// (`"news."` for `news.*.liked`): every name the pattern matches starts
    /// with it. Empty when the pattern starts with a wildcard.
    package static func literalPrefix(of pattern: String) -> String {
        withBytes(of: pattern) { bytes in
            var start = 0
            while start < bytes.count {
                let end = segmentEnd(bytes, from: start)
                if end - start == 1, bytes[start] == star || bytes[start] == greater {
                    return String(decoding: bytes[..<start], as: UTF8.self)
                }
                start = end + 1
            }
            return pattern
        }
    }

    private static func matches(_ pattern: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var p = 0, n = 0
        while true {
            let patternEnd = segmentEnd(pattern, from: p)
            let nameEnd = segmentEnd(name, from: n)
            let isWildcard = patternEnd - p == 1 && (pattern[p] == star || pattern[p] == greater)
            if isWildcard, pattern[p] == greater, patternEnd == pattern.count {
                // The rest of the name: one or more segments, not nothing.
                return n < name.count
            }
            if isWildcard {
                guard nameEnd > n else { return false }
            } else {
                guard patternEnd - p == nameEnd - n, memcmp(pattern, p, name, n, count: nameEnd - n) else {
                    return false
                }
            }
            let patternDone = patternEnd == pattern.count, nameDone = nameEnd == name.count
            if patternDone || nameDone { return patternDone && nameDone }
            p = patternEnd + 1
            n = nameEnd + 1
        }
    }

    @inline(__always)
    private static func segmentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] != dot { end += 1 }
        return end
    }

    @inline(__always)
    private static func memcmp(
        _ a: UnsafeBufferPointer<UInt8>, _ i: Int, _ b: UnsafeBufferPointer<UInt8>, _ j: Int, count: Int
    ) -> Bool {
        for k in 0..<count where a[i + k] != b[j + k] { return false }
        return true
    }

    private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
