/// Keys that carry a precomputed hash (``Identifier``).
protocol Fingerprinted: Equatable {
    var fingerprint: Int { get }
}

extension Identifier: Fingerprinted {}

/// A small open-addressing map for the registry: its lists by name and its
/// delivery caches.
///
/// `Dictionary` hashes every lookup with SipHash, a large share of a post's
/// cost, and of a subscribe and cancel; here a lookup is a mask of the key's
/// precomputed fingerprint and a short linear probe. Setting a key to nil
/// removes it (shifting the entries of its probe run back, so no tombstones
/// are left); ``removeAll()`` starts over.
struct FingerprintTable<Key: Fingerprinted, Value> {
    private var keys: [Key?] = Array(repeating: nil, count: 16)
    private var values: [Value?] = Array(repeating: nil, count: 16)
    private(set) var count = 0

    subscript(key: Key) -> Value? {
        get {
            let mask = keys.count - 1
            var index = key.fingerprint & mask
            while let candidate = keys[index] {
                if candidate == key { return values[index] }
                index = (index + 1) & mask
            }
            return nil
        }
        set {
            if let index = slot(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    remove(at: index)
                }
                return
            }
            guard let newValue else { return }
            if (count + 1) * 2 > keys.count { grow() }
            insertNew(key, newValue)
        }
    }

    /// Changes the value for `key` in place (no copy of a collection value),
    /// starting from `defaultValue` when the key is absent; removes the key
    /// when `body` leaves `isEmpty` true.
    mutating func update<Result>(
        _ key: Key, default defaultValue: @autoclosure () -> Value,
        removingWhen isEmpty: (Value) -> Bool, _ body: (inout Value) -> Result
    ) -> Result {
        let index: Int
        if let found = slot(of: key) {
            index = found
        } else {
            if (count + 1) * 2 > keys.count { grow() }
            index = insertNew(key, defaultValue())
        }
        let result = body(&values[index]!)
        if isEmpty(values[index]!) { remove(at: index) }
        return result
    }

    /// Every value, in no particular order.
    var allValues: some Sequence<Value> {
        values.lazy.compactMap { $0 }
    }

    mutating func removeAll() {
        keys = Array(repeating: nil, count: 16)
        values = Array(repeating: nil, count: 16)
        count = 0
    }

    private func slot(of key: Key) -> Int? {
        let mask = keys.count - 1
        var index = key.fingerprint & mask
        while let candidate = keys[index] {
            if candidate == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    @discardableResult
    private mutating func insertNew(_ key: Key, _ value: Value) -> Int {
        let mask = keys.count - 1
        var index = key.fingerprint & mask
        while keys[index] != nil { index = (index + 1) & mask }
        keys[index] = key
        values[index] = value
        count += 1
        return index
    }

    /// Empties slot `hole`, then moves back each later entry of its probe run
    /// that a lookup could no longer reach past the hole.
    private mutating func remove(at hole: Int) {
        let mask = keys.count - 1
        var hole = hole
        keys[hole] = nil
        values[hole] = nil
        count -= 1
        var index = (hole + 1) & mask
        while let candidate = keys[index] {
            let home = candidate.fingerprint & mask
            // The candidate may fill the hole unless its home lies cyclically
            // in (hole, index]: then a probe from home never meets the hole.
            let homeAfterHole = (home &- hole) & mask
            let indexAfterHole = (index &- hole) & mask
            if homeAfterHole == 0 || homeAfterHole > indexAfterHole {
                keys[hole] = candidate
                values[hole] = values[index]
                keys[index] = nil
                values[index] = nil
                hole = index
            }
            index = (index + 1) & mask
        }
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: nil, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        count = 0
        for (key, value) in zip(oldKeys, oldValues) {
            if let key, let value { insertNew(key, value) }
        }
    }
}
