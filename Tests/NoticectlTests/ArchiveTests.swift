import Foundation
import NoticeHub
import Testing
import TestSupport

/// `noticectl archive`, and the journal's tail carried to a new journal with
/// the projections' state it starts from.
struct ArchiveTests {
    /// A news journal of seven notices: three news, four likes.
    static func news(in directory: TemporaryDirectory) throws -> NoticectlRunner {
        let cli = NoticectlRunner(in: directory)
        try cli("news", "publish", "1", "One")
        try cli("news", "publish", "2", "Two")
        try cli("news", "like", "1", "--user", "alice")
        try cli("news", "like", "2", "--user", "bob")
        try cli("news", "like", "1", "--user", "carol")
        try cli("news", "publish", "3", "Three")
        try cli("news", "like", "3", "--user", "alice")
        return cli
    }

    /// A tail whose likes are of news published before it: without the
    /// state it starts from, a new journal refuses its first like.
    @Test func aJournalsTailImportsIntoANewJournalWithTheStateItStartsFrom() throws {
        let directory = TemporaryDirectory()
        let cli = try Self.news(in: directory)
        let feed = try cli("news", "feed")

        // Without it, the likes of news published before the tail are refused
        // when the news projection is built from the tail.
        let bare = try cli("export", "--from", "5", "--without-state").stdout
        #expect(try cli("import", "-", "--db", "bare.sqlite", input: bare).status == 0)
        #expect(try cli("news", "feed", "--db", "bare.sqlite").stderr.contains("news 1 does not exist"))
        #expect(try cli("verify", "--db", "bare.sqlite").status == 1)

        let tail = try cli("export", "--from", "5")
        #expect(
            tail.lines.first?.hasPrefix(#"{"state":"news.likes","version":1,"schemaVersion":1,"through":4,"#) == true)
        #expect(
            try cli("import", "-", "--db", "tail.sqlite", input: tail.stdout)
                == .success("imported 3, already present 0, started from the state of 1 projection\n"))
        #expect(try cli("news", "feed", "--db", "tail.sqlite") == feed)
        #expect(try cli("verify", "--db", "tail.sqlite") == .success("ok: state agrees with the journal (3 notices)\n"))
        #expect(try cli("projections", "rebuild", "news.likes", "--db", "tail.sqlite").status == 0)
        #expect(try cli("news", "feed", "--db", "tail.sqlite") == feed)
    }

    /// Archive, trim, then the archive and an export of what is left give
    /// back the whole journal.
    @Test func anArchiveAndTheTrimmedJournalRestoreTheWholeHistory() throws {
        let directory = TemporaryDirectory()
        let cli = try Self.news(in: directory)
        let history = try cli("export")
        let feed = try cli("news", "feed")

        #expect(
            try cli("archive", "--through", "4", "--to", "old.jsonl.gz")
                == .success("archived 4 notices (#1-#4) and the state of 1 projection to old.jsonl.gz\n"))
        let archive = try Gzip.text(of: directory.path("old.jsonl.gz")).components(separatedBy: "\n")
        #expect(archive.first == #"{"archive":1,"from":1,"through":4,"projections":["news.likes"]}"#)
        #expect(Array(archive[1...4]) == Array(history.lines.prefix(4)))
        #expect(archive.dropLast().last == #"{"end":4}"#)
        #expect(archive.contains(#"{"row":[2,"Two",1]}"#), "the state as of #4: news 2 has bob's like")

        #expect(try cli("trim", "--through", "4") == .success("removed 4 notices; the journal starts at #5\n"))
        #expect(try cli("verify") == .success("ok: state agrees with the journal (3 notices)\n"))
        #expect(try cli("news", "feed") == feed)
        let rest = try cli("export")
        #expect(rest.lines.first?.hasPrefix(#"{"state":"news.likes""#) == true)

        #expect(
            try cli("import", "old.jsonl.gz", "--db", "restored.sqlite")
                == .success("imported 4, already present 0, the state of 1 projection agrees\n"))
        #expect(
            try cli("import", "-", "--db", "restored.sqlite", input: rest.stdout)
                == .success("imported 3, already present 0, the state of 1 projection agrees\n"))
        #expect(try cli("export", "--db", "restored.sqlite") == history)
        #expect(try cli("news", "feed", "--db", "restored.sqlite") == feed)
    }

    /// gzip's checksum and length, and the archive's own end line, are
    /// checked on read: a damaged or cut-short archive imports nothing.
    @Test func aDamagedOrCutShortArchiveImportsNothing() throws {
        let directory = TemporaryDirectory()
        let cli = try Self.news(in: directory)
        try cli("archive", "--through", "7", "--to", "all.jsonl.gz")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: directory.path("all.jsonl.gz")))

        let cut = bytes.prefix(bytes.count - 30)
        try cut.write(to: URL(fileURLWithPath: directory.path("cut.jsonl.gz")))
        #expect(
            try cli("import", "cut.jsonl.gz", "--db", "a.sqlite")
                == .failure("cannot read cut.jsonl.gz: the compressed input ends early"))

        bytes[bytes.count - 6] ^= 0xFF // the stored length of the uncompressed text
        try bytes.write(to: URL(fileURLWithPath: directory.path("damaged.jsonl.gz")))
        let damaged = try cli("import", "damaged.jsonl.gz", "--db", "a.sqlite")
        #expect(damaged.status == 1)
        #expect(damaged.stderr.hasPrefix("error: cannot read damaged.jsonl.gz: damaged compressed input ("))

        var lines = try Gzip.text(of: directory.path("all.jsonl.gz")).components(separatedBy: "\n")
        lines.removeAll { $0 == #"{"end":7}"# }
        try Gzip.write(lines.joined(separator: "\n"), to: directory.path("unended.jsonl.gz"))
        #expect(
            try cli("import", "unended.jsonl.gz", "--db", "a.sqlite")
                == .failure("line 1: the archive that starts here ends early: its end line is missing"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("a.sqlite")))
    }

    @Test func badArchivesAreRefusedAndWriteNothing() throws {
        let directory = TemporaryDirectory()
        let cli = try Self.news(in: directory)
        try directory.write("mine", to: "taken.gz")
        #expect(
            try cli("archive", "--through", "2", "--to", "taken.gz")
                == .failure("taken.gz exists; choose a new file"))
        #expect(try String(contentsOfFile: directory.path("taken.gz"), encoding: .utf8) == "mine")
        #expect(
            try cli("archive", "--through", "0", "--to", "a.gz")
                == .usageError("--through must be at least 1", command: "noticectl archive"))
        #expect(
            try cli("archive", "--through", "9", "--to", "a.gz")
                == .failure("#9 is past the journal's last notice, #7"))
        try cli("trim", "--through", "3")
        #expect(
            try cli("archive", "--through", "2", "--to", "a.gz")
                == .failure("nothing to archive: the journal starts at #4, after #2"))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!files.contains { $0.hasPrefix("a.gz") })
    }

    /// Counts visits per page: a projection of an app, which noticectl does
    /// not carry.
    struct Visits: Projection {
        let schema = ProjectionSchema(
            identity: "app.visits", version: 1, tables: ["visits"],
            migrations: [
                ProjectionMigration(1, "visits", sql: "CREATE TABLE visits (page TEXT PRIMARY KEY, count INTEGER)")
            ])
        let names: Set<NoticeName> = ["page.visited"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try store.upsert(
                into: "visits", values: ["page": .text(try notice.decode(String.self)), "count": 1],
                conflictKey: ["page"], adding: ["count"])
        }
    }

    /// noticectl cannot compute the state of a projection it does not carry:
    /// trim refuses unless told to leave it behind, and so do export from a
    /// later notice and archive, changing nothing.
    @Test func aProjectionNoticectlDoesNotCarryIsNamed() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("app.sqlite")), projections: [Visits()])
        for page in ["/", "/about", "/"] { try hub.post("page.visited", payload: page) }
        try hub.close()
        let cli = NoticectlRunner(in: directory)

        #expect(
            try cli("trim", "--through", "2", "--db", "app.sqlite")
                == .failure(
                    "cannot trim: the journal installs projection \"app.visits\", which this hub does not carry, so "
                        + "its state as of #2 cannot be kept and it could never be rebuilt; trim from a hub that "
                        + "carries it, or leave it behind" + ProjectionsTests.howToCarry))
        #expect(
            try cli("export", "--from", "2", "--db", "app.sqlite")
                == .failure(
                    "the state of projection app.visits as of #1 is unknown: noticectl does not carry it; export "
                        + "from the app that does, or pass --without-state" + ProjectionsTests.howToCarry))
        #expect(
            try cli("archive", "--through", "2", "--to", "a.gz", "--db", "app.sqlite")
                == .failure(
                    "the state of projection app.visits as of #2 is unknown: noticectl does not carry it; archive "
                        + "from the app that does" + ProjectionsTests.howToCarry))
        #expect(try cli("stats", "--db", "app.sqlite").stdout.hasPrefix("notices: 3\n"))
        #expect(
            try cli("trim", "--through", "2", "--leaving-projections-behind", "--db", "app.sqlite")
                == .success("removed 2 notices; the journal starts at #3\n"))
    }
}
