import Foundation
import NoticeHub
import Testing
import TestSupport

/// Files that are not a journal this build can use are refused with one
/// line naming them, and left exactly as they were.
struct JournalFileTests {
    enum Unusable: String, CaseIterable, CustomTestStringConvertible {
        case textFile, directory, foreignDatabase, corruptJournal, newerJournal

        var testDescription: String { rawValue }

        /// Makes the file in `scratch`; returns its name.
        func make(in scratch: TemporaryDirectory) throws -> String {
            switch self {
            case .textFile:
                try scratch.write("shopping list\nmilk\n", to: "notes.txt")
                return "notes.txt"
            case .directory:
                try FileManager.default.createDirectory(
                    atPath: scratch.path("folder"), withIntermediateDirectories: false)
                return "folder"
            case .foreignDatabase:
                try SQLiteShell.run(
                    scratch.path("orders.sqlite"),
                    "CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT); INSERT INTO orders (item) VALUES ('tea');"
                )
                return "orders.sqlite"
            case .corruptJournal:
                // A journal cut short after its first page, as a failed copy leaves it.
                try NoticectlRunner(in: scratch)("news", "publish", "1", "News1", "--db", "whole.sqlite")
                try SQLiteShell.run(scratch.path("whole.sqlite"), "PRAGMA journal_mode = DELETE;")
                let whole = try #require(scratch.bytes("whole.sqlite"))
                try whole.prefix(4096 + 100).write(to: URL(fileURLWithPath: scratch.path("cut.sqlite")))
                try FileManager.default.removeItem(atPath: scratch.path("whole.sqlite"))
                return "cut.sqlite"
            case .newerJournal:
                try NoticectlRunner(in: scratch)("init", "--db", "future.sqlite")
                try SQLiteShell.run(scratch.path("future.sqlite"), "PRAGMA user_version = 99;")
                return "future.sqlite"
            }
        }

        func message(for name: String) -> String {
            switch self {
            case .textFile: "\(name) is not a SQLite database"
            case .directory: "\(name) is a directory, not a journal file"
            case .foreignDatabase:
                "\(name) is a SQLite database of another application (tables: orders); run `noticectl init` to adopt it"
            case .corruptJournal: "\(name) is damaged: database disk image is malformed"
            case .newerJournal:
                "\(name) has schema version 99, newer than this build's \(SQLiteJournal.schemaVersion); upgrade NoticeHub"
            }
        }
    }

    static let journalCommands: [[String]] = [
        ["tail"], ["tail", "--follow"], ["post", "x"], ["news", "replay"], ["news", "publish", "1", "News1"],
        ["news", "like", "1", "--user", "alice"], ["news", "feed"], ["news", "detail", "1"],
        ["news", "profile", "alice"], ["verify"],
        ["stats"], ["export"], ["import", "lines.jsonl"], ["demo", "news", "--journal"],
    ]

    @Test(arguments: Unusable.allCases)
    func everyCommandRefusesTheFileAndLeavesItUnchanged(kind: Unusable) throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try scratch.write(#"{"name":"x"}"# + "\n", to: "lines.jsonl")
        let name = try kind.make(in: scratch)
        let bytes = scratch.bytes(name)
        let listing = try scratch.listing()
        var commands = Self.journalCommands
        if kind != .foreignDatabase { commands.append(["init"]) }
        for command in commands {
            #expect(try cli.run(command + ["--db", name]) == .failure(kind.message(for: name)), "\(command)")
            #expect(scratch.bytes(name) == bytes, "\(command) changed \(name)")
        }
        if kind == .directory { #expect(try scratch.listing(name).isEmpty) }
        #expect(try scratch.listing() == listing, "no -wal or -shm file appears beside a refused file")
    }

    @Test func initAdoptsAForeignDatabaseAndKeepsItsTables() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let name = try Unusable.foreignDatabase.make(in: scratch)
        #expect(try cli("init", "--db", name) == .success("schema version \(SQLiteJournal.schemaVersion)\n"))
        #expect(try cli("post", "adopted", "--db", name) == .success("1\n"))
        #expect(try SQLiteShell.run(scratch.path(name), "SELECT item FROM orders;") == "tea\n")
    }

    @Test func initCreatesAJournalAndIsSafeToRepeat() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let expected = Outcome.success("schema version \(SQLiteJournal.schemaVersion)\n")
        #expect(try cli("init") == expected)
        try cli("post", "kept")
        #expect(try cli("init") == expected)
        #expect(try cli("tail").lines.count == 1)
        #expect(try cli("init", "--db", "other.sqlite") == expected)
        #expect(try scratch.listing() == ["noticehub.sqlite", "other.sqlite"])
    }

    @Test func aJournalInAMissingFolderCannotBeOpened() throws {
        let scratch = TemporaryDirectory()
        let outcome = try NoticectlRunner(in: scratch)("post", "x", "--db", "missing/journal.sqlite")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("error: cannot open missing/journal.sqlite: "))
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
    }
}

struct ReadOnlyCommandTests {
    @Test(arguments: [
        ["tail"], ["news", "feed"], ["news", "detail", "1"], ["news", "profile", "alice"], ["verify"], ["stats"],
        ["export"], ["news", "replay"], ["respond", "weather.now", "--reply", "{}"],
    ])
    func readingCommandsDoNotCreateAMissingJournal(command: [String]) throws {
        let scratch = TemporaryDirectory()
        let outcome = try NoticectlRunner(in: scratch).run(command + ["--db", "typo.sqlite"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasSuffix("no journal at typo.sqlite\n"))
        #expect(try scratch.listing().isEmpty)
    }
}

struct VerifyIntegrityTests {
    @Test func verifyReportsAJournalDamagedDeepInside() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let lines = (0..<3_000).map { #"{"name":"filler","payload":{"index":\#($0)}}"# }
        try scratch.write(lines.joined(separator: "\n") + "\n", to: "filler.jsonl")
        try cli("import", "filler.jsonl")
        #expect(try cli("verify").status == 0)

        let url = URL(fileURLWithPath: scratch.path("noticehub.sqlite"))
        var bytes = try Array(Data(contentsOf: url))
        let page = 4096, middle = (bytes.count / page / 2) * page
        for offset in middle..<(middle + page) { bytes[offset] = 0xFF }
        try Data(bytes).write(to: url)
        let outcome = try cli.run(["verify"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("error: the journal file is damaged"))
        #expect(!outcome.stdout.isEmpty)
    }
}
