import Foundation

/// A SQLite journal that an import builds where none exists yet: in a file of
/// its own beside the target (`TARGET.importing`), in transactions of bounded
/// size, renamed into place once whole. The import is still all or nothing
/// (the target appears complete, or not at all), and the disk holds the
/// journal plus one transaction's log, where a single transaction's log
/// grows as large as the journal.
struct NewJournalFile {
    /// The most notices one of the import's transactions appends, unless
    /// told otherwise: about 35 MB of log at the journal's usual rows.
    static let transactionSize = 100_000

    let target: String

    var staging: String { target + ".importing" }

    /// Runs `body` on the staging path, then moves what it built to the
    /// target. A failure removes the staging files; so does the start, for
    /// the files an interrupted run left.
    func build<T>(_ body: (String) throws -> T) throws -> T {
        remove(staging)
        do {
            let result = try body(staging)
            try moveIntoPlace()
            return result
        } catch {
            remove(staging)
            throw error
        }
    }

    /// The log before the file it belongs to, so that no reader finds the
    /// target without its log; the shared-memory index is rebuilt on open.
    private func moveIntoPlace() throws {
        let files = FileManager.default
        try? files.removeItem(atPath: staging + "-shm")
        for suffix in ["-wal", "-shm"] { try? files.removeItem(atPath: target + suffix) }
        if files.fileExists(atPath: staging + "-wal") {
            try files.moveItem(atPath: staging + "-wal", toPath: target + "-wal")
        }
        do {
            try files.moveItem(atPath: staging, toPath: target)
        } catch {
            throw CommandFailure(
                "cannot move the imported journal into place at \(target): \(error.localizedDescription)")
        }
    }

    private func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
