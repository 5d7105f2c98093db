import Foundation
import NoticeSQLite
import NoticeHubCore

/// What an existing file turned out to be, found without writing a byte:
/// the checks run on a read-only connection before anything is changed.
enum DatabaseInspection {
    /// SQLite's file header, "SQLite format 3" and a NUL.
    private static let header = Array("SQLite format 3\u{0}".utf8)

    enum Finding: Equatable {
        /// No file yet, or an empty one: a new journal.
        case fresh
        /// A NoticeHub journal at this schema version (0: an empty SQLite database).
        case noticeHub(version: Int)
        /// A database of another application.
        case foreign(tables: [String])
    }

    static func inspect(path: String) throws(JournalError) -> Finding {
        // One stat, following links as opening does: nothing there (or
        // nothing this process may look at) is a new journal.
        var status = stat()
        guard stat(path, &status) == 0 else { return .fresh }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .isADirectory(path: path)
        // A pipe or a device would block the header's read or take writes.
        default: throw .cannotOpen(path: path, detail: "not a regular file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, detail: "permission denied")
        }
        let start = (try? handle.read(upToCount: header.count)) ?? nil
        try? handle.close()
        guard let start, !start.isEmpty else { return .fresh }
        guard Array(start) == header else { throw .notADatabase(path: path) }

        do {
            // Without a -wal file everything is in the main file: look at it
            // immutably, so not even a -shm file appears beside a refused one.
            let hasLog = FileManager.default.fileExists(atPath: path + "-wal")
            let connection = try SQLiteConnection(path: path, mode: hasLog ? .readOnly : .immutable)
            // Another process may be checkpointing or recovering the log:
            // wait as appenders do, rather than report SQLITE_BUSY.
            connection.setBusyTimeout(milliseconds: SQLiteJournal.busyTimeoutMilliseconds)
            // One read transaction, so the id, the version and the tables
            // come from one snapshot even while another process migrates.
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            let applicationID = try connection.pragmaInt("application_id")
            let version = Int(try connection.pragmaInt("user_version"))
            var tables: [String] = []
            let statement = try connection.prepare(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            while try statement.step() {
                if let name = statement.string(at: 0) { tables.append(name) }
            }
            if applicationID == Migration.applicationID || tables.isEmpty {
                return .noticeHub(version: applicationID == Migration.applicationID ? version : 0)
            }
            return .foreign(tables: tables)
        } catch let error as SQLiteError {
            throw error.journalError(path: path)
        } catch {
            throw .cannotOpen(path: path, detail: "\(error)")
        }
    }
}

extension SQLiteError {
    /// The journal's view of a SQLite error met while opening `path`.
    func journalError(path: String) -> JournalError {
        // Primary patterns match their family, extended ones only themselves.
        switch code {
        case .notADB: .notADatabase(path: path)
        case .corrupt: .corrupt(path: path, detail: message)
        case .cantOpen: .cannotOpen(path: path, detail: message)
        case .readonlyDirectory:
            .cannotOpen(
                path: path, detail: "its directory is read-only, and SQLite keeps the -wal and -shm files beside it")
        case .readonly: .cannotOpen(path: path, detail: "the file is read-only")
        default: .storage(StorageFailure(description, underlying: self))
        }
    }
}
