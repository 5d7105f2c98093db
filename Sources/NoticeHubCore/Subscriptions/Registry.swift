import Synchronization

/// The handlers of one hub, indexed by name, behind a `Mutex`.
///
/// Posting asks for the handlers of one (name, sender) pair. The answer is
/// computed once — the name's own registrations merged with the any-name ones
/// and the patterns that match the name, in registration order, filtered by
/// sender — and cached until a registration for that name (or for any name,
/// or a pattern) changes. A post therefore costs one lock,
/// one probe of a table keyed by the name's precomputed fingerprint and an
/// array retain, whatever the number of subscribers to other names; handlers
/// are called after the lock is released. Observers' answers are also kept
/// per thread (``TargetCache``), which spares most posts the lock and the
/// retain.
final class Registry: Sendable {
    /// Unique in the process, unlike an address: names this registry in the
    /// per-thread caches, which may outlive it.
    let identity = registryIdentities.add(1, ordering: .relaxed).newValue
    /// Whether lists of these registrations may be kept in per-thread
    /// caches, so that a cancel must release the handler itself.
    let cachedPerThread: Bool
    private let state = Mutex(State())
    /// Bumped by every change to the registrations, so a caller that keeps
    /// an answer (a replay, whose notices mostly repeat a name and sender)
    /// can tell without the lock that it still holds.
    private let changes = Atomic<UInt64>(0)

    /// Registrations whose owners may vanish are swept once this many more
    /// have been added since the last sweep.
    private static var sweepInterval: Int { 64 }
    /// A cache starts over beyond this many entries.
    private static var cacheLimit: Int { 4096 }

    typealias Targets = [Registration]

    init(cachedPerThread: Bool) {
        self.cachedPerThread = cachedPerThread
    }

    /// The cache key of a sender-filtered lookup.
    private struct NameAndSender: Fingerprinted {
        let name: NoticeName
        let sender: Sender
        var fingerprint: Int { name.fingerprint &* 31 &+ sender.fingerprint }
    }

    private struct State {
        var nextNumber: UInt64 = 0
        var byName = FingerprintTable<NoticeName, Targets>()
        var anyName: Targets = []
        /// Registrations for patterns (`news.*`), in registration order:
        /// matched against a name when its answer is computed, which is
        /// then cached like any other; adding or removing one forgets every
        /// cached answer.
        var patterns: Targets = []
        /// Answers for notices without a sender, by name.
        var cache = FingerprintTable<NoticeName, Targets>()
        /// Answers for notices with a sender.
        var senderCache = FingerprintTable<NameAndSender, Targets>()
        var ownedAddedSinceSweep = 0
    }

    /// Adds a handler; it receives notices posted after this returns.
    func add<Handler: Sendable>(
        name: NoticeName?, sender: Sender?, excludedSender: Sender?,
        owner: OwnerReference?, handler: Handler
    ) -> Registration {
        state.locked { state in
            let registration = Registration(
                number: state.nextNumber, name: name, sender: sender,
                excludedSender: excludedSender, owner: owner, registry: self,
                releasesHandler: cachedPerThread, handler: handler)
            state.nextNumber += 1
            if let name, name.isPattern {
                state.patterns.append(registration)
                Self.invalidateAll(&state)
            } else if let name {
                state.byName.update(name, default: [], removingWhen: { $0.isEmpty }) { $0.append(registration) }
                Self.invalidate(name, &state)
            } else {
                state.anyName.append(registration)
                Self.invalidateAll(&state)
            }
            if owner != nil {
                state.ownedAddedSinceSweep += 1
                if state.ownedAddedSinceSweep >= Self.sweepInterval {
                    Self.sweepOrphans(&state)
                }
            }
            changes.add(1, ordering: .releasing)
            return registration
        }
    }

    func remove(_ registration: Registration) {
        state.locked { state in
            Self.remove(registration, from: &state)
            changes.add(1, ordering: .releasing)
        }
    }

    /// How many changes the registrations have seen. Read it before asking
    /// for `targets`: an answer is current while this has not moved since.
    var changeCount: UInt64 {
        changes.load(ordering: .acquiring)
    }

    /// The handlers for a notice, in registration order.
    func targets(name: NoticeName, sender: Sender?) -> Targets {
        state.locked { state in
            if let sender {
                let key = NameAndSender(name: name, sender: sender)
                if let cached = state.senderCache[key] { return cached }
                let computed = Self.compute(name: name, sender: sender, in: state)
                if state.senderCache.count >= Self.cacheLimit { state.senderCache.removeAll() }
                state.senderCache[key] = computed
                return computed
            }
            if let cached = state.cache[name] { return cached }
            let computed = Self.compute(name: name, sender: nil, in: state)
            if state.cache.count >= Self.cacheLimit { state.cache.removeAll() }
            state.cache[name] = computed
            return computed
        }
    }

    /// How many registrations are live.
    var count: Int {
        state.locked { state in
            state.byName.allValues.reduce(state.anyName.count + state.patterns.count) { $0 + $1.count }
        }
    }

    /// Removes registrations whose owners are gone, now.
    func sweepOrphans() {
        state.locked { state in
            Self.sweepOrphans(&state)
            changes.add(1, ordering: .releasing)
        }
    }

    private static func sweepOrphans(_ state: inout State) {
        state.ownedAddedSinceSweep = 0
        let orphans =
            state.byName.allValues.joined().filter(\.isOrphaned)
            + state.anyName.filter(\.isOrphaned) + state.patterns.filter(\.isOrphaned)
        for orphan in orphans {
            remove(orphan, from: &state)
        }
    }

    private static func remove(_ registration: Registration, from state: inout State) {
        if let name = registration.name, name.isPattern {
            guard let index = position(of: registration, in: state.patterns) else { return }
            state.patterns.remove(at: index)
            invalidateAll(&state)
        } else if let name = registration.name {
            guard let index = state.byName[name].flatMap({ position(of: registration, in: $0) }) else { return }
            // In place: a copy of the list would cost an allocation per cancel.
            state.byName.update(name, default: [], removingWhen: { $0.isEmpty }) { _ = $0.remove(at: index) }
            invalidate(name, &state)
        } else {
            guard let index = position(of: registration, in: state.anyName) else { return }
            state.anyName.remove(at: index)
            invalidateAll(&state)
        }
    }

    /// Forgets cached answers involving `name`; sender-filtered answers are
    /// all forgotten (they are rebuilt on demand), which keeps lookups keyed
    /// by one fingerprint.
    private static func invalidate(_ name: NoticeName, _ state: inout State) {
        state.cache[name] = nil
        if state.senderCache.count > 0 { state.senderCache.removeAll() }
    }

    private static func invalidateAll(_ state: inout State) {
        state.cache.removeAll()
        state.senderCache.removeAll()
    }

    /// Lists are sorted by registration number: binary search.
    private static func position(of registration: Registration, in list: Targets) -> Int? {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].number < registration.number { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] === registration ? low : nil
    }

    /// The answer for a lookup that missed the caches. With no pattern
    /// registered, it is the merge it always was.
    private static func compute(name: NoticeName, sender: Sender?, in state: State) -> Targets {
        let named = state.byName[name] ?? []
        guard !state.patterns.isEmpty else { return merge(named, state.anyName, for: sender) }
        let matching = state.patterns.filter { $0.name?.matches(name) ?? false }
        guard !matching.isEmpty else { return merge(named, state.anyName, for: sender) }
        // Each registration sits in one list, so none is delivered twice.
        return merge(merge(named, matching, for: sender), state.anyName, for: sender)
    }

    private static func merge(_ named: Targets, _ unnamed: Targets, for sender: Sender?) -> Targets {
        var result = Targets()
        result.reserveCapacity(named.count + unnamed.count)
        var i = 0, j = 0
        while i < named.count || j < unnamed.count {
            let next: Registration
            if j == unnamed.count || (i < named.count && named[i].number < unnamed[j].number) {
                next = named[i]
                i += 1
            } else {
                next = unnamed[j]
                j += 1
            }
            if next.accepts(sender) { result.append(next) }
        }
        return result
    }
}

/// The last ``Registry/identity`` handed out.
private let registryIdentities = Atomic<UInt64>(0)
