/// The journal's `projections` table, read and written through a
/// ``ProjectionStore``: the same SQL on every backend.
package enum ProjectionRegistry {
    /// The registry's generation: raised by every install and rebuild.
    package static let generationSQL = "SELECT coalesce(max(generation), 0) FROM projections"

    /// Every installed projection, by identity (``InstalledProjection/isStale`` false).
    /// A removed projection's row (version 0) is not one.
    package static func all(in store: any ProjectionStore) throws -> [String: InstalledProjection] {
        var installed: [String: InstalledProjection] = [:]
        try store.rows(
            "SELECT identity, version, schema_version, names, current_through FROM projections "
                + "WHERE version > 0 ORDER BY identity", []
        ) { row in
            let identity = row[0].text ?? ""
            let names = (row[3].text ?? "").split(separator: "\n").compactMap {
                try? NoticeName(validating: String($0))
            }
            installed[identity] = InstalledProjection(
                identity: identity, version: Int(row[1].integer ?? 0), schemaVersion: Int(row[2].integer ?? 0),
                names: names, currentThrough: row[4].integer ?? 0)
        }
        return installed
    }

    /// Records `schema`'s projection as installed at its version, with its
    /// state current through `currentThrough`, raising the generation.
    static func record(
        _ schema: ProjectionSchema, names: Set<NoticeName>, currentThrough: Int64, in store: any ProjectionStore
    ) throws {
        let generation = (try store.integer(generationSQL, []) ?? 0) + 1
        try store.upsert(
            into: "projections",
            values: [
                "identity": .text(schema.identity), "version": .integer(Int64(schema.version)),
                "schema_version": .integer(Int64(schema.schemaVersion)),
                "names": .text(names.map(\.rawValue).sorted().joined(separator: "\n")),
                "current_through": .integer(currentThrough), "generation": .integer(generation),
                "updated_at": .integer(WallClock.nowMilliseconds()),
            ],
            conflictKey: ["identity"])
    }

    /// Records the projection `identity` as removed: version 0, no names,
    /// no migrations applied. The row stays, so that the generation keeps
    /// rising (a writer that read the registry before sees the change) and
    /// installing the projection again starts from its first migration.
    static func recordRemoved(_ identity: String, in store: any ProjectionStore) throws {
        let generation = (try store.integer(generationSQL, []) ?? 0) + 1
        try store.execute(
            "UPDATE projections SET version = 0, schema_version = 0, names = '', current_through = 0, "
                + "generation = ?, updated_at = ? WHERE identity = ?",
            [.integer(generation), .integer(WallClock.nowMilliseconds()), .text(identity)])
    }

    /// Marks these projections' state current through the journal's last
    /// notice: run by a writer before it commits notices they applied.
    static func markCurrent(_ identities: [String], in store: any ProjectionStore) throws {
        let placeholders = Array(repeating: "?", count: identities.count).joined(separator: ", ")
        try store.execute(
            "UPDATE projections SET current_through = (SELECT coalesce(max(seq), 0) FROM notices) "
                + "WHERE identity IN (\(placeholders))",
            identities.map { .text($0) })
    }
}
