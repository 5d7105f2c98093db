/// Erasure of one key: the notices whose payloads carry it are deleted, and
/// what projections derived from them is rebuilt without them.
extension HubJournal {
    /// Erases the notices whose payloads carry `key` (one person's,
    /// account's or device's), of every name or of those `names` matches,
    /// in one transaction: their rows are deleted, their sequence numbers
    /// recorded as erased, and each installed projection that handles one
    /// of their names rebuilt from the journal without them, before it
    /// commits. A crash leaves all of it done or none of it.
    ///
    /// The notices are removed, not made unreadable: their payloads are
    /// stored as posted, not encrypted with a key per person that could be
    /// thrown away, so deleting the rows is what erases them. On SQLite the
    /// bytes they and the projections' old rows held are overwritten in the
    /// file (`secure_delete`), and the write-ahead log is then emptied into
    /// it when no reader holds it.
    /// On PostgreSQL the server keeps the dead rows' bytes in the table's
    /// pages until vacuum reuses them, and in its write-ahead log and
    /// backups as long as it keeps those.
    ///
    /// The numbers they held are never used again, and a check of the
    /// journal (``verify(projections:messageTypes:sinceCheckpoint:listing:)``)
    /// counts them as erased (``MalformedRows/erased``), not as rows deleted
    /// behind its back. Exports and archives written afterwards read the
    /// journal, so they hold neither the notices nor state derived from them;
    /// those written before keep what they hold. Durable subscribers that
    /// had not handled an erased notice never see it.
    ///
    /// It refuses, erasing nothing, when the journal's last notice carries
    /// the key (the journal keeps its last notice so that its number is
    /// never used again: erase once another follows it), when an installed
    /// projection that handles an erased notice's name is one this hub does
    /// not carry, and when the key's field breaks ``ErasureKey/field``'s
    /// rules. The state a trimmed journal starts from for a projection
    /// (``projectionStates(asOf:)``) is kept as it is: the notices it was
    /// computed from are gone already.
    ///
    /// ```swift
    /// let outcome = try hub.journal.erase(ErasureKey(field: "user", value: "alice"))
    /// print(outcome.erased, outcome.rebuiltProjections)
    /// ```
    ///
    /// - Parameters:
    ///   - key: the payload field and the value that mark the notices.
    ///   - names: a name or pattern (`profile.*`) the notices must have; nil
    ///     (the default) looks at every name, reading every payload.
    /// - Returns: how many notices of each name it erased, and the
    ///   projections it rebuilt.
    @discardableResult
    public func erase(_ key: ErasureKey, names: NoticeName? = nil) throws -> ErasureOutcome {
        guard let writer else { throw JournalError.noJournal }
        if let problem = key.problem { throw JournalError.erasureRefused("the key \(key): \(problem)") }
        let carried = carriedProjections
        let outcome = try writer.exclusively { connection in
            guard let erasing = connection.erasing else {
                throw JournalError.erasureRefused(
                    "the journal at \(writer.location) keeps no erasures: its connection is not an "
                        + "ErasingJournalConnection")
            }
            let last = try connection.lastSequence()
            return try erasing.overwritingDeletedBytes {
                let gone = try erasing.eraseNotices(carrying: key, names: names)
                if let name = gone.first(where: { $0.value.last == last })?.key {
                    throw JournalError.erasureRefused(
                        "the journal's last notice, #\(last) \(name), carries \(key), and the journal keeps its "
                            + "last notice so that its number is never used again: erase once another notice follows it"
                    )
                }
                let erased = gone.mapValues(\.count).filter { $0.value > 0 }
                let rebuilt = try Self.rebuildProjections(
                    handling: Set(erased.keys), through: last, carried: carried, on: connection)
                return ErasureOutcome(erasedByName: erased, rebuiltProjections: rebuilt)
            }
        }
        if outcome.erased > 0, let backend {
            // Best effort: the erasure has committed whatever this finds.
            try? backend.connect(durability: .always).erasing?.scrubErasedBytes()
        }
        return outcome
    }

    /// Rebuilds, inside the erasure's transaction, each installed projection
    /// that handles one of `touched`; refuses when one is not `carried`.
    /// Returns their identities, in order.
    private static func rebuildProjections(
        handling touched: Set<NoticeName>, through last: Int64, carried: [any Projection],
        on connection: any JournalConnection
    ) throws -> [String] {
        guard !touched.isEmpty, let state = connection.projectionState else { return [] }
        let installed = try state.installedProjections()
        var rebuilt: [String] = []
        for identity in installed.keys.sorted() {
            guard let handled = installed[identity]?.names,
                let name = touched.sorted(by: { $0.rawValue < $1.rawValue }).first(where: { erased in
                    handled.contains { $0.matches(erased) }
                })
            else { continue }
            guard let projection = carried.first(where: { $0.schema.identity == identity }) else {
                throw JournalError.erasureRefused(
                    "projection \(IdentifierRules.quoted(identity)) handles notices named \(name) that carry the "
                        + "key, and this hub does not carry it, so its state could not be rebuilt without them: "
                        + "erase through a hub that carries it")
            }
            _ = try ProjectionInstaller(state).rebuild(projection, through: last, progress: nil)
            rebuilt.append(identity)
        }
        return rebuilt
    }
}
