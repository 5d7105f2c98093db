import NoticeSQLite
import Testing

/// A SQLite older than the journal needs is named, with the version found,
/// in one line; this machine's passes.
struct LibraryVersionTests {
    @Test func anOlderLibraryIsRefusedNamingBothVersions() {
        #expect(
            SQLiteLibrary.problem(version: 3_031_001)
                == "NoticeHub needs SQLite 3.37.0 or newer, and this process runs 3.31.1")
        #expect(SQLiteLibrary.problem(version: 3_037_000) == nil)
        #expect(SQLiteLibrary.problem() == nil, "this machine runs \(SQLiteLibrary.text(of: SQLiteLibrary.version))")
    }
}
