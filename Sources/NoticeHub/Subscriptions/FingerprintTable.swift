/// Keys that carry a precomputed hash (``Identifier``).
protocol Fingerprinted: Equatable {
    var fingerprint: Int { get }
}

extension Identifier: Fingerprinted {}

/// A small open-addressing map for the registry's delivery cache.
///
/// `Dictionary` hashes every lookup with SipHash, a large share of a post's
/// cost; here a lookup is a mask of the key's precomputed fingerprint and a
/// short linear probe. Keys are never removed, only their values (the cache
/// is invalidated, not shrunk); ``removeAll()`` starts over.
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
                values[index] = newValue
                return
            }
            guard let newValue else { return }
            if (count + 1) * 2 > keys.count { grow() }
            insertNew(key, newValue)
        }
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

    private mutating func insertNew(_ key: Key, _ value: Value) {
        let mask = keys.count - 1
        var index = key.fingerprint & mask
        while keys[index] != nil { index = (index + 1) & mask }
        keys[index] = key
        values[index] = value
        count += 1
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
