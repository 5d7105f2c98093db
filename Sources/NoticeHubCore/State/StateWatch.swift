import Synchronization

/// A hub's state observations, and what tells them the state changed: its
/// own writer's commits, by the projections that applied notices in them,
/// and other processes' commits, through ``OtherProcessCommits`` while any
/// observation lives.
///
/// The writer reports a commit with ``committed(_:)`` while it may hold its
/// lock, which only records what to read again; the thread leaves the
/// writer and calls ``refreshPending()``, which reads. With no observation,
/// each costs one atomic load.
final class StateWatch: Sendable {
    private struct Watched {
        var byIdentity: [String: [ObjectIdentifier: any ObservedState]] = [:]
        var count = 0
        /// Identities whose observations are to be read again.
        var pending: Set<String> = []
        /// The sequences this hub's commits that applied each observed
        /// projection's notices marked its state current through, since the
        /// watch of other processes last looked at the registry.
        var ownCommits: [String: Set<Int64>] = [:]
        var otherProcesses: OtherProcessCommits?
    }

    private let journal: any NoticeJournal
    private let connections: ReadConnections
    private let watched = Mutex(Watched())
    private let observing = Atomic<Bool>(false)
    private let hasPending = Atomic<Bool>(false)

    init(journal: any NoticeJournal, connections: ReadConnections) {
        self.journal = journal
        self.connections = connections
    }

    /// Where observations read on the threads that commit.
    var source: any StateSource { connections }

    /// Keeps `observation`, and starts watching other processes' commits
    /// with the first one.
    func add(_ observation: any ObservedState) throws {
        var made: OtherProcessCommits?
        while true {
            let needsWatch = watched.locked { watched in
                if watched.otherProcesses == nil {
                    guard let ready = made else { return true }
                    watched.otherProcesses = ready
                    made = nil
                }
                watched.byIdentity[observation.identity, default: [:]][ObjectIdentifier(observation)] = observation
                watched.count += 1
                observing.store(true, ordering: .releasing)
                return false
            }
            guard needsWatch else { break }
            // Made outside the lock: it connects and reads the registry.
            made = try OtherProcessCommits(journal: journal, watch: self)
        }
        // Another thread's first observation started one meanwhile.
        made?.stop()
    }

    /// Drops `observation`; the last one stops the watch of other processes.
    func remove(_ observation: any ObservedState) {
        let stopping: OtherProcessCommits? = watched.locked { watched in
            guard watched.byIdentity[observation.identity]?.removeValue(forKey: ObjectIdentifier(observation)) != nil
            else { return nil }
            if watched.byIdentity[observation.identity]?.isEmpty == true {
                watched.byIdentity[observation.identity] = nil
                watched.ownCommits[observation.identity] = nil
            }
            watched.count -= 1
            guard watched.count == 0 else { return nil }
            observing.store(false, ordering: .releasing)
            defer { watched.otherProcesses = nil }
            return watched.otherProcesses
        }
        stopping?.stop()
    }

    /// Records, just before a commit, that it marks the projections
    /// `identities` current through `sequence`, so that ``isOwnCommit(_:after:)``
    /// knows the registry rows it leaves; `failed`, when the commit failed,
    /// forgets it.
    func committing(_ identities: [String], through sequence: Int64, failed: Bool = false) {
        guard observing.load(ordering: .acquiring) else { return }
        watched.locked { watched in
            for identity in identities where watched.byIdentity[identity] != nil {
                if failed {
                    watched.ownCommits[identity]?.remove(sequence)
                } else {
                    watched.ownCommits[identity, default: []].insert(sequence)
                }
            }
        }
    }

    /// Records that a commit applied notices to the projections
    /// `identities` (nil: it may have changed any state, as a rebuild, an
    /// import or a trim may); ``refreshPending()`` reads their observations
    /// again. Cheap enough to call under the writer's lock.
    func committed(_ identities: [String]?) {
        guard observing.load(ordering: .acquiring) else { return }
        watched.locked { watched in
            if let identities {
                for identity in identities where watched.byIdentity[identity] != nil {
                    watched.pending.insert(identity)
                }
            } else {
                watched.pending.formUnion(watched.byIdentity.keys)
            }
            if !watched.pending.isEmpty { hasPending.store(true, ordering: .releasing) }
        }
    }

    /// Whether the registry row `now` differs from `before` only by one of
    /// this hub's commits of the projection, whose observations the
    /// committing thread reads again itself. Forgets this hub's commits up
    /// to `now`'s: the registry is past them.
    func isOwnCommit(_ now: InstalledProjection?, after before: InstalledProjection?) -> Bool {
        guard let now else { return false }
        let own = watched.locked { watched in
            guard let commits = watched.ownCommits[now.identity] else { return false }
            watched.ownCommits[now.identity] = commits.filter { $0 > now.currentThrough }
            return commits.contains(now.currentThrough)
        }
        guard let before else { return false }
        return own && now.version == before.version && now.schemaVersion == before.schemaVersion
            && now.names == before.names
    }

    /// Reads again, on the calling thread, the observations that commits
    /// recorded by ``committed(_:)`` may have changed. Call outside the
    /// writer's lock: a handler may post.
    @inline(__always)
    func refreshPending() {
        guard hasPending.load(ordering: .acquiring) else { return }
        refreshTaken()
    }

    @inline(never)
    private func refreshTaken() {
        let identities = watched.locked { watched in
            hasPending.store(false, ordering: .releasing)
            defer { watched.pending.removeAll() }
            return watched.pending
        }
        refresh(identities, from: connections)
    }

    /// Reads again the observations of `identities` from `source`.
    func refresh(_ identities: Set<String>, from source: any StateSource) {
        let observations = watched.locked { watched in
            identities.flatMap { watched.byIdentity[$0]?.values.map { $0 } ?? [] }
        }
        for observation in observations { observation.refresh(from: source) }
    }

    /// Stops watching other processes: the hub is gone.
    func stop() {
        watched.locked { watched in
            defer { watched.otherProcesses = nil }
            return watched.otherProcesses
        }?.stop()
    }
}
