import Foundation

/// The last few identifiers met, matched by their UTF-8 bytes: a journal
/// holds a few names and senders millions of times.
package struct RecentIdentifiers<Identifier> {
    private var entries: [(bytes: [UInt8], identifier: Identifier)] = []
    private var next = 0
    /// The entry that matched last: a journal's rows mostly repeat it.
    private var lastHit = 0
    private static var capacity: Int { 16 }

    package init() {}

    package mutating func lookup(_ bytes: UnsafeRawBufferPointer, make: (UnsafeRawBufferPointer) -> Identifier)
        -> Identifier
    {
        if lastHit < entries.count && Self.matches(entries[lastHit].bytes, bytes) {
            return entries[lastHit].identifier
        }
        for index in entries.indices where Self.matches(entries[index].bytes, bytes) {
            lastHit = index
            return entries[index].identifier
        }
        let identifier = make(bytes)
        let entry = (Array(bytes), identifier)
        if entries.count < Self.capacity {
            lastHit = entries.count
            entries.append(entry)
        } else {
            lastHit = next
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
        return identifier
    }

    private static func matches(_ known: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        known.count == bytes.count
            && known.withUnsafeBytes { known in
                known.count == 0 || memcmp(known.baseAddress!, bytes.baseAddress!, known.count) == 0
            }
    }
}
