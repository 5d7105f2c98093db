/// The observer lists one thread found for its latest posts, so that a post
/// repeating a recent (hub, name, sender) skips the registry's lock and the
/// list's retain and release: four atomic read-modify-writes, half of a post.
///
/// Direct-mapped: the name's and sender's fingerprints pick one entry. An
/// entry serves while its registry's change count has not moved since the
/// list was computed; it holds the list, and that strong reference is what
/// lets a post read the list without retaining it. Only the outermost post on
/// a thread reads or replaces entries (``DeliveryContext/usesTargetCache()``): a
/// handler's nested post could otherwise free the list its caller iterates.
///
/// A thread whose posts go round more keys than the cache holds (hundreds
/// of names) would only pay for the bookkeeping: after a run of evictions of
/// current entries with no hit between them, its next posts ask the registry
/// directly for a while, then it tries the cache again.
///
/// A list may stay here after its registrations were cancelled, until the
/// entry is replaced or the thread ends. The lists are few and small, and a
/// cancel releases the handler itself (``Registration``), so what a closure
/// captured does not live on in idle threads' caches.
struct TargetCache: ~Copyable {
    typealias Targets = Registry.Targets
    typealias Buffer = UnsafeBufferPointer<Registration>

    /// A power of two.
    static var size: Int { 64 }
    /// After this many entries in a row replaced a current one, with no hit
    /// in between, the thread's posts use more keys than the cache holds ...
    static var conflictLimit: Int { 16 }
    /// ... and its next this many posts skip it: where every lookup misses,
    /// keeping lists costs more than it saves.
    static var bypassLength: Int { 1024 }

    struct Entry {
        let registry: UInt64
        let changeCount: UInt64
        let name: NoticeName
        let sender: Sender?
        /// Never mutated, so its storage stays where `buffer` points.
        let targets: Targets
        let buffer: Buffer

        init(registry: UInt64, changeCount: UInt64, name: NoticeName, sender: Sender?, targets: Targets) {
            self.registry = registry
            self.changeCount = changeCount
            self.name = name
            self.sender = sender
            self.targets = targets
            buffer = targets.withUnsafeBufferPointer { $0 }
        }
    }

    /// In memory of its own: reached through the thread's state, an inline
    /// array was copied whole on every read.
    private let entries: UnsafeMutablePointer<Entry?>
    private var conflicts = 0
    private var bypassesLeft = 0

    init() {
        entries = .allocate(capacity: Self.size)
        entries.initialize(repeating: nil, count: Self.size)
    }

    deinit {
        entries.deinitialize(count: Self.size)
        entries.deallocate()
    }

    @inline(__always)
    static func index(name: NoticeName, sender: Sender?) -> Int {
        (name.fingerprint ^ ((sender?.fingerprint ?? 0) &* 31)) & (size - 1)
    }

    /// False while the thread's recent posts missed too often; counts this post.
    @inline(__always)
    mutating func isWorthAsking() -> Bool {
        guard bypassesLeft == 0 else {
            bypassesLeft -= 1
            return false
        }
        return true
    }

    /// The cached list for this lookup if it is still current, without retaining it.
    @inline(__always)
    mutating func buffer(
        at index: Int, registry: UInt64, changeCount: UInt64, name: NoticeName, sender: Sender?
    ) -> Buffer? {
        // Field by field, so that nothing is copied (and retained).
        guard entries[index]?.registry == registry, entries[index]?.changeCount == changeCount,
            entries[index]?.name == name, entries[index]?.sender == sender
        else { return nil }
        conflicts = 0
        return entries[index]?.buffer
    }

    /// Stores `entry` at `index` and returns the entry it replaces, for the
    /// caller to release once it no longer reads the cache: releasing a list
    /// can free registrations, and with them run user code.
    mutating func replace(at index: Int, with entry: Entry) -> Entry? {
        let replaced = entries[index].take()
        if replaced?.registry == entry.registry, replaced?.changeCount == entry.changeCount {
            conflicts += 1
            if conflicts == Self.conflictLimit {
                conflicts = 0
                bypassesLeft = Self.bypassLength
            }
        }
        entries[index] = entry
        return replaced
    }
}
