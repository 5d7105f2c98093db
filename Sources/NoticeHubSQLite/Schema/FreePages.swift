import NoticeSQLite
import NoticeHubCore

/// Gives back to the file system the pages a migration that builds a table
/// again left free: the old table's, about the size of the journal.
enum FreePages {
    /// On a journal with incremental auto-vacuum (those created since 0.2),
    /// moves the file's last pages into the free ones and cuts it short,
    /// as a trim does. One without keeps them for later notices: only a
    /// `VACUUM` could give them back, which may renumber the rows of tables
    /// without an `INTEGER PRIMARY KEY` (a projection's, an application's
    /// own in a database the journal shares). Best effort, since the journal
    /// is sound either way: a failure (a full disk, another process's write
    /// lock held past the busy timeout) leaves the pages free.
    static func releaseAfterRebuild(_ connection: SQLiteConnection) {
        guard (try? connection.pragmaInt("auto_vacuum")) == 2,
            let free = try? connection.pragmaInt("freelist_count"), free > 0
        else { return }
        _ = try? connection.execute("PRAGMA incremental_vacuum")
        // The cut reaches the file at a checkpoint.
        _ = try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
