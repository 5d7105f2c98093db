import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport
import NoticeSQLite

struct SchemaTests {
    static let migrationsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Migrations").appendingPathComponent("SQLite")

    @Test func theBinaryCarriesExactlyTheMigrationFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.migrationsDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(files.count == Migration.embedded.count, "run scripts/embed-migrations")
        for (file, migration) in zip(files, Migration.embedded) {
            let text = try String(contentsOf: Self.migrationsDirectory.appendingPathComponent(file), encoding: .utf8)
            #expect(file == String(format: "%04d_%@.sql", migration.version, migration.name))
            #expect(
                text == migration.sql + "\n", "\(file) differs from the embedded copy: run scripts/embed-migrations")
        }
        // Version 2 made the news example's tables, which its projection owns now:
        // its number is never used again, so journals that ran it stay consistent.
        #expect(Migration.embedded.map(\.version) == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17])
    }

    @Test func aMissingFileIsCreatedPrivateAndMigrated() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("new.sqlite")
        _ = try SQLiteJournal(path: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try connection.pragmaInt("user_version") == Int64(Migration.latestVersion))
        #expect(try connection.pragmaInt("application_id") == Migration.applicationID)
    }

    /// Each bad file is refused with its own error and left byte-for-byte as it was.
    @Test(arguments: ["text", "foreign", "newer", "corrupt", "directory"])
    func badFilesAreRefusedAndLeftUntouched(kind: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("bad.sqlite")
        let expected: JournalError
        switch kind {
        case "text":
            try "hello, not a database\n".write(toFile: path, atomically: true, encoding: .utf8)
            expected = .notADatabase(path: path)
        case "foreign":
            let other = try SQLiteConnection(path: path)
            try other.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY); INSERT INTO accounts VALUES (1)")
            expected = .foreignDatabase(path: path, tables: ["accounts"])
        case "newer":
            _ = try SQLiteJournal(path: path)
            let connection = try SQLiteConnection(path: path)
            try connection.execute("PRAGMA user_version = 999")
            try connection.execute("PRAGMA journal_mode = DELETE")
            expected = .newerSchema(path: path, found: 999, supported: Migration.latestVersion)
        case "corrupt":
            let other = try SQLiteConnection(path: path)
            try other.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            for index in 100..<min(bytes.count, 4096) { bytes[index] = 0xA5 } // wreck the schema page
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            expected = .corrupt(path: path, detail: "")
        default:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            expected = .isADirectory(path: path)
        }
        let before = try? Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            _ = try SQLiteJournal(path: path)
        } throws: { error in
            guard let error = error as? JournalError else { return false }
            if expected.code == .corrupt { return [.corrupt, .notADatabase].contains(error.code) }
            return error == expected && !"\(error)".contains("\n")
        }
        #expect((try? Data(contentsOf: URL(fileURLWithPath: path))) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(siblings == ["bad.sqlite"], "no -wal or -shm left behind")
    }

    /// A tool that only reads (`creatingIfMissing: false`) does not make a
    /// journal of an empty file or an empty database, and nothing blocks on
    /// a pipe: each is refused in one line and left as it was.
    @Test(arguments: ["empty file", "empty database", "pipe"])
    func readersRefuseWhatHoldsNoJournal(kind: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("nothing.sqlite")
        let detail: String
        switch kind {
        case "empty file":
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            detail = "the file is empty, not a journal"
        case "empty database":
            let other = try SQLiteConnection(path: path)
            try other.execute("CREATE TABLE t (x); DROP TABLE t")
            detail = "the database holds no journal"
        default:
            #expect(mkfifo(path, 0o600) == 0)
            detail = "not a regular file"
        }
        let before = kind == "pipe" ? nil : try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: JournalError.cannotOpen(path: path, detail: detail)) {
            _ = try SQLiteJournal(path: path, creatingIfMissing: false)
        }
        if kind == "pipe" {
            #expect(throws: JournalError.cannotOpen(path: path, detail: detail)) { _ = try SQLiteJournal(path: path) }
        } else {
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["nothing.sqlite"])
    }

    /// Read-only files and directories are named as such (the suite may run
    /// as root, to whom neither is read-only, hence the error itself).
    @Test func readOnlyStorageIsNamedAsSuch() {
        let directory = SQLiteError(code: .readonlyDirectory, message: "attempt to write a readonly database", sql: "")
        #expect(
            directory.journalError(path: "j.sqlite")
                == .cannotOpen(
                    path: "j.sqlite",
                    detail: "its directory is read-only, and SQLite keeps the -wal and -shm files beside it"))
        let file = SQLiteError(code: .readonly, message: "attempt to write a readonly database", sql: "")
        #expect(file.journalError(path: "j.sqlite") == .cannotOpen(path: "j.sqlite", detail: "the file is read-only"))
    }

    @Test func onlyInitializeAdoptsAForeignDatabase() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let other = try SQLiteConnection(path: path)
        try other.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY); INSERT INTO accounts VALUES (7)")
        #expect(try SQLiteJournal.initialize(path: path) == Migration.latestVersion)
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        try hub.post("adopted")
        #expect(try hub.journal.lastSequence() == 1)
        let check = try SQLiteConnection(path: path, mode: .readOnly)
        let statement = try check.prepare("SELECT id FROM accounts")
        #expect(try statement.step() && statement.int64(at: 0) == 7, "their data is kept")
    }

    @Test func namesAndPayloadsFullOfQuotesAndSQLAreStoredAsData() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let name = try NoticeName(validating: "x'); DROP TABLE notices; --")
        let sender = try Sender(validating: "\"quoted\" 'sender'")
        let payload = ["sql": "'; DELETE FROM notices; --", "quote": "\"\\"]
        try hub.post(name, sender: sender, payload: payload)
        var stored: [Notice] = []
        try hub.journal.read(JournalQuery()) {
            stored.append($0); return true
        }
        #expect(stored.count == 1)
        #expect(stored.first?.name == name && stored.first?.sender == sender)
        #expect(try stored.first?.decode([String: String].self) == payload)
    }
}

struct IntegrityTests {
    @Test func damageDeepInsideIsReportedByTheIntegrityCheck() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("deep.sqlite")
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .seconds(1)))
            for index in 0..<3_000 { try hub.post("filler", payload: ["index": index]) }
            try hub.close()
        }
        let sound = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try sound.journal.integrityProblems().isEmpty)

        let url = URL(fileURLWithPath: path)
        var bytes = try Array(Data(contentsOf: url))
        let page = 4096, middle = (bytes.count / page / 2) * page
        for offset in middle..<(middle + page) { bytes[offset] = 0xFF }
        try Data(bytes).write(to: url)
        let damaged = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try !damaged.journal.integrityProblems().isEmpty)
    }
}
