import NoticeSQLite
import NoticeHubCore

/// Notice ids as a SQLite journal stores them: 16 bytes in a BLOB, most
/// significant first (`NoticeID/withBytes(_:)`), in `id`, `conversation`
/// and `cause` alike.
extension SQLiteStatement {
    /// Binds `id`'s 16 bytes (copied), or NULL for nil.
    func bindID(_ id: NoticeID?, at index: Int32) throws {
        guard let id else { return try bindNull(at: index) }
        try id.withBytes { try bind($0, as: .blob, at: index) }
    }

    /// The id stored in `column`, or nil when the column holds anything but
    /// a BLOB of 16 bytes (NULL included).
    func noticeID(at column: Int32) -> NoticeID? {
        guard storageClass(at: column) == .blob else { return nil }
        return withBlobBytes(at: column) { NoticeID(bytes: $0) }
    }
}
