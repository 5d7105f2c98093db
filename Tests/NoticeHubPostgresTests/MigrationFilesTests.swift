import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
@testable import NoticeHubPostgres
import Testing

/// The binary carries exactly the files of `Migrations/PostgreSQL`, numbered
/// as SQLite's migrations are numbered.
struct MigrationFilesTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Migrations").appendingPathComponent("PostgreSQL")

    @Test func theBinaryCarriesExactlyTheMigrationFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(files.count == PostgresSchema.embedded.count, "run scripts/embed-migrations")
        for (file, migration) in zip(files, PostgresSchema.embedded) {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            #expect(file == String(format: "%04d_%@.sql", migration.version, migration.name))
            #expect(
                text == migration.sql + "\n", "\(file) differs from the embedded copy: run scripts/embed-migrations")
        }
        // Version 2 made the news example's tables, which its projection owns now:
        // its number is never used again, so journals that ran it stay consistent.
        #expect(PostgresSchema.embedded.map(\.version) == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
    }
}
