import Foundation
import NoticeHub
import NoticeHubPostgres
import Testing
import TestSupport

/// The version is written once: `noticectl --version` prints it, the
/// changelog's newest release is it, and that release names the journal
/// schema it writes.
struct VersionTests {
    @Test func versionAndChangelogAgree() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let line = "noticectl \(NoticeHub.release) (journal schema \(SQLiteJournal.schemaVersion))\n"
        #expect(try cli("--version") == .success(line))
        #expect(try cli("version") == .success(line))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(newest?.hasPrefix("## [\(NoticeHub.release)] - ") == true, "\(newest ?? "no release heading")")
        // A release says which journal schema it writes, and what moving to it costs; a schema
        // newer than the last release's is named among the unreleased changes until the next.
        let sections = ["\n## [Unreleased]", "\n## [\(NoticeHub.release)]"].map { heading in
            changelog.components(separatedBy: heading).dropFirst().first?.components(separatedBy: "\n## [").first ?? ""
        }
        #expect(
            sections.contains { $0.contains("schema \(SQLiteJournal.schemaVersion)") },
            "the release, or its unreleased changes, name its SQLite schema")
    }

    /// `version` names the schema of the journal's own backend, read from
    /// `--db` or `$NOTICEHUB_DB`, without opening the journal.
    @Test func versionNamesTheSchemaOfTheJournalsBackend() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let url = "postgres://app@127.0.0.1:1/app"
        let sqlite = "noticectl \(NoticeHub.release) (journal schema \(SQLiteJournal.schemaVersion))\n"
        #expect(try cli("version", "--db", "journal.sqlite") == .success(sqlite))
        #if Postgres
            let postgres = "noticectl \(NoticeHub.release) (journal schema \(PostgresJournal.schemaVersion))\n"
            #expect(try cli("version", "--db", url) == .success(postgres))
            var configured = cli
            configured.environment["NOTICEHUB_DB"] = url
            #expect(try configured("version") == .success(postgres))
        #else
            let outcome = try cli("version", "--db", url)
            #expect(outcome.status == 1)
            #expect(outcome.stderr.contains("built without PostgreSQL support"))
        #endif
        #expect(try scratch.listing().isEmpty, "nothing was opened or created")
    }
}
