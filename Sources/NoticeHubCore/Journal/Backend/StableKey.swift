/// Keys that every process of a journal, of every release, must compute
/// alike: a durable subscriber's lock (a PostgreSQL advisory-lock key, a
/// byte offset in a SQLite journal's lock file), the lock that serializes a
/// schema's migrations, and a schema's `NOTIFY` channel.
///
/// The hash is 64-bit FNV-1a over the text's UTF-8 bytes (offset basis
/// `0xcbf29ce484222325`, prime `0x100000001b3`), ``version`` 1. It never
/// changes within a version: if two releases derived a key differently, a
/// process of each could hold the same durable subscriber at once, run
/// migrations side by side, or miss each other's commit announcements. A new
/// hash would need a new ``version``, and a journal whose processes all
/// moved to it. Swift's `Hasher` is seeded per process and so is never used
/// for these keys; the hub's own in-memory tables may change their hash
/// freely.
///
/// A backend of another package derives its shared keys here too.
///
/// ```swift
/// let key = StableKey.lockKey("noticehub subscriber news\u{0}indexer")
/// ```
public enum StableKey {
    /// The version of the hash below.
    public static let version = 1

    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// ``hash(_:)`` as a signed 64-bit key, bit for bit: the type of a
    /// PostgreSQL advisory-lock key.
    public static func lockKey(_ text: String) -> Int64 {
        Int64(bitPattern: hash(text))
    }
}
