/// Which projections a notice passes through on its way into the journal:
/// those of the hub that handle its name and, for a name that a projection
/// installed in the journal handles but the hub does not carry, a guard
/// that refuses the notice (``JournalError/projectionMissing(name:projection:)``).
struct ProjectionRouting {
    /// What a notice of one name passes through: the projections and guards,
    /// and the identities of the carried projections among them, whose
    /// registry rows the commit marks current.
    struct Route {
        var projections: [any Projection] = []
        var carriedIdentities: [String] = []
    }

    private let byName: [NoticeName: Route]
    /// Every projection and guard, in order, with its identity when carried,
    /// when one of them names a pattern: a notice's route is then made by
    /// matching.
    private let matched: [(projection: any Projection, carriedIdentity: String?)]?
    private static let none = Route()

    /// Routing for a hub carrying `carried`, on a journal whose registry
    /// holds `installed`.
    init(carried: [any Projection], installed: [String: InstalledProjection]) {
        let carriedIdentities = Set(carried.map(\.schema.identity))
        let guards: [(projection: any Projection, carriedIdentity: String?)] = installed.values
            .filter { !carriedIdentities.contains($0.identity) }
            .sorted { $0.identity < $1.identity }
            .map { (MissingProjectionGuard(identity: $0.identity, names: Set($0.names)), nil) }
        let all = carried.map { (projection: $0, carriedIdentity: Optional($0.schema.identity)) } + guards
        var byName: [NoticeName: Route] = [:]
        for entry in all {
            for name in entry.projection.names { byName[name, default: Route()].add(entry) }
        }
        self.byName = byName
        matched = all.contains { $0.projection.names.contains(where: \.isPattern) } ? all : nil
    }

    /// The route of a notice named `name`.
    func route(for name: NoticeName) -> Route {
        if let matched {
            var route = Route()
            for entry in matched where entry.projection.names.selects(name) { route.add(entry) }
            return route
        }
        return byName.isEmpty ? Self.none : byName[name] ?? Self.none
    }
}

extension ProjectionRouting.Route {
    fileprivate mutating func add(_ entry: (projection: any Projection, carriedIdentity: String?)) {
        projections.append(entry.projection)
        if let identity = entry.carriedIdentity { carriedIdentities.append(identity) }
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
