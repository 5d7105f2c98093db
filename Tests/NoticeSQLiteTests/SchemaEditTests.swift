import Foundation
import NoticeSQLite
import Testing

/// Migrations may edit a table's stored definition (`PRAGMA
/// writable_schema`), which a connection in SQLite's defensive mode refuses;
/// some builds of SQLite start every connection in it.
struct SchemaEditTests {
    static let edit = """
        PRAGMA writable_schema = ON;
        UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (x IN (1, 2))', 'CHECK (x = 1 OR x = 2)')
         WHERE name = 't';
        PRAGMA writable_schema = OFF;
        """

    @Test func aDefensiveConnectionEditsTheSchemaOnlyWhereAllowed() throws {
        try withConnection(.file) { db in
            try db.execute("CREATE TABLE t (x INTEGER CHECK (x IN (1, 2)))")
            db.isDefensive = true
            #expect(db.isDefensive)
            #expect(throws: SQLiteError.self) { try db.execute(Self.edit) }
            try db.allowingSchemaEdits { try db.execute(Self.edit) }
            #expect(db.isDefensive, "the flag is set back")
            #expect(try db.string("SELECT sql FROM sqlite_schema WHERE name = 't'")?.contains("x = 1 OR x = 2") == true)
        }
    }
}
