import Foundation
import NoticeSQLite
@testable import NoticeHubCore
@testable import NoticeHubSQLite

/// Opens `path` directly and runs SQLite's integrity check.
func integrityCheck(_ path: String) throws -> String {
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    // As the journal's own connections wait: the last connection of a closing
    // hub checkpoints the log under an exclusive lock, which a loaded machine
    // can stretch past the moment this opens.
    connection.setBusyTimeout(milliseconds: 10_000)
    let statement = try connection.prepare("PRAGMA integrity_check")
    _ = try statement.step()
    return statement.string(at: 0) ?? ""
}

/// Every stored notice id with its sequence number.
func storedIDs(_ hub: NoticeHub) throws -> [String: Int64] {
    var ids: [String: Int64] = [:]
    try hub.journal.read(JournalQuery()) { notice in
        ids[notice.id.description] = notice.sequence
        return true
    }
    return ids
}
