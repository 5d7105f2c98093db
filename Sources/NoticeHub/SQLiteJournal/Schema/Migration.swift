/// One numbered schema change from `Migrations/SQLite/NNNN_name.sql`, carried in the
/// binary (see `scripts/embed-migrations`); a shipped migration is never edited.
struct Migration: Sendable, Equatable {
    let version: Int
    let name: String
    let sql: String

    /// NoticeHub's mark in the SQLite header (`PRAGMA application_id`): "NTCH".
    static let applicationID: Int64 = 0x4E54_4348

    /// The schema version this build brings a journal to.
    static var latestVersion: Int { embedded.last?.version ?? 0 }
}
