public import NoticeHubCore

extension SQLiteJournal {
    /// The upgrade that opening the journal at `path` would run first; nil
    /// for a journal of this build's schema, a new file or a file that is
    /// no journal (opening says why). Found without writing a byte, so that
    /// an app can tell its user, or open the journal away from the main
    /// thread, before an upgrade that rewrites every notice keeps the open
    /// waiting.
    ///
    /// ```swift
    /// if let upgrade = try SQLiteJournal.pendingUpgrade(at: path), upgrade.rewritesNotices {
    ///     print("upgrading the journal from schema \(upgrade.from) to \(upgrade.to)")
    /// }
    /// ```
    public static func pendingUpgrade(at path: String) throws(JournalError) -> SchemaUpgrade? {
        guard case .noticeHub(let version) = try DatabaseInspection.inspect(path: path),
            version > 0, version < Migration.latestVersion
        else { return nil }
        return SchemaUpgrade(
            from: version, to: Migration.latestVersion,
            rewritesNotices: Migrator.freeingPages.contains { $0 > version })
    }
}
