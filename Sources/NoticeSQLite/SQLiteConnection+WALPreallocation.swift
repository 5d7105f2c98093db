internal import CSQLite

extension SQLiteConnection {
    /// Grows the write-ahead log to hold `frames` frames by writing zeros
    /// past its end, then syncs it once; returns the bytes written (0 when
    /// the log was already that long, or the database is not in WAL mode).
    /// Call inside a write transaction (`BEGIN IMMEDIATE`).
    ///
    /// Why: a commit that appends to the log makes its fsync update the
    /// file's size and block map as well, and on ext4 such a sync takes about
    /// twice as long as one that overwrites blocks in place (measured 245–330
    /// against 115–140 µs per autocommit INSERT). SQLite reuses its log from
    /// the start after each complete checkpoint and never shrinks it unless
    /// `journal_size_limit` is set, so a journal pays this only while its
    /// log first grows: the first `wal_autocheckpoint` pages (4 MB by
    /// default) after every open that finds the log gone. PostgreSQL fills
    /// each new WAL segment with zeros for the same reason.
    ///
    /// Safety: the write transaction holds the log's write lock, so no other
    /// connection, in any process, appends frames or rewinds the log
    /// meanwhile. It writes only past the file's end, through SQLite's own
    /// file handle, and readers never look past the last valid frame: zeros
    /// fail a frame's salt and checksum, as do the stale frames SQLite itself
    /// leaves there when it rewinds the log.
    ///
    /// - Throws: `.misuse` outside a write transaction; the VFS's error when
    ///   a write or the sync fails (a full disk), which leaves the
    ///   transaction and the log's frames as they were.
    @discardableResult
    package func preallocateWAL(frames: Int) throws -> Int {
        guard sqlite3_txn_state(handle, "main") == SQLITE_TXN_WRITE else {
            throw SQLiteError(code: .misuse, message: "preallocateWAL needs an open write transaction", sql: nil)
        }
        guard frames > 0, let file = try walFile(), let methods = file.pointee.pMethods?.pointee else { return 0 }
        var size: sqlite3_int64 = 0
        try check(methods.xFileSize(file, &size), "sizing the -wal file")
        let pageSize = Int(try pragmaInt("page_size"))
        let target = Self.walHeaderBytes + frames * (Self.walFrameHeaderBytes + pageSize)
        guard Int(size) < target else { return 0 }
        let chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var offset = Int(size)
        while offset < target {
            let count = min(chunk.count, target - offset)
            try chunk.withUnsafeBytes { zeros in
                try check(
                    methods.xWrite(file, zeros.baseAddress, Int32(count), sqlite3_int64(offset)),
                    "growing the -wal file")
            }
            offset += count
        }
        try check(methods.xSync(file, SQLITE_SYNC_NORMAL), "syncing the -wal file")
        return target - Int(size)
    }

    /// The first 32 bytes of a WAL file, and the 24 before each page: the
    /// WAL format of https://sqlite.org/fileformat2.html#walformat.
    private static let walHeaderBytes = 32
    private static let walFrameHeaderBytes = 24

    /// SQLite's handle on the `-wal` file; nil when the database is not in
    /// WAL mode.
    private func walFile() throws -> UnsafeMutablePointer<sqlite3_file>? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        try check(sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file), "finding the -wal file")
        let mode = try prepare("PRAGMA journal_mode")
        defer { mode.reset() }
        return try mode.step() && mode.string(at: 0)?.lowercased() == "wal" ? file : nil
    }

    private func check(_ code: Int32, _ doing: String) throws {
        guard code == SQLITE_OK else {
            let base = SQLiteError(resultCode: code, connection: nil, sql: nil)
            throw SQLiteError(code: base.code, message: "\(base.message) while \(doing)")
        }
    }
}
