/// Which projections a notice passes through on its way into the journal:
/// those of the hub that handle its name and, for a name that a projection
/// installed in the journal handles but the hub does not carry, a guard
/// that refuses the notice (``JournalError/projectionMissing(name:projection:)``).
struct ProjectionRouting {
    private let byName: [NoticeName: [any Projection]]
    /// Every projection and guard, in order, when one of them names a
    /// pattern: a notice's projections are then picked by matching.
    private let matched: [any Projection]?

    /// Routing for a hub carrying `carried`, on a journal whose registry
    /// holds `installed`.
    init(carried: [any Projection], installed: [String: InstalledProjection]) {
        let carriedIdentities = Set(carried.map(\.schema.identity))
        let guards: [any Projection] = installed.values
            .filter { !carriedIdentities.contains($0.identity) }
            .sorted { $0.identity < $1.identity }
            .map { MissingProjectionGuard(identity: $0.identity, names: Set($0.names)) }
        let all = carried + guards
        var byName: [NoticeName: [any Projection]] = [:]
        for projection in all {
            for name in projection.names { byName[name, default: []].append(projection) }
        }
        self.byName = byName
        matched = all.contains { $0.names.contains(where: \.isPattern) } ? all : nil
    }

    /// The projections (and guards) a notice named `name` passes through.
    func projections(for name: NoticeName) -> [any Projection] {
        if let matched { return matched.filter { $0.names.selects(name) } }
        return byName.isEmpty ? [] : byName[name] ?? []
    }
}

/// Stands in for a projection the journal has installed and the hub lacks:
/// refuses every notice the projection handles, so its state never falls
/// silently behind the journal.
struct MissingProjectionGuard: Projection {
    let identity: String
    let names: Set<NoticeName>

    var schema: ProjectionSchema { ProjectionSchema(identity: identity, tables: [], migrations: []) }

    func apply(_ notice: Notice, to store: any ProjectionStore) throws {
        throw JournalError.projectionMissing(name: notice.name, projection: identity)
    }
}
