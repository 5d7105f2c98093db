import NoticeHubCore

/// What the SQLite backend adds to its migrations: its mark in the file's
/// header, and the version its embedded migrations reach.
extension Migration {
    /// NoticeHub's mark in the SQLite header (`PRAGMA application_id`): "NTCH".
    static let applicationID: Int64 = 0x4E54_4348

    /// The schema version this build brings a SQLite journal to.
    static var latestVersion: Int { embedded.last?.version ?? 0 }
}
