import Foundation
import NoticeHub
import Testing
import TestSupport

/// noticectl is the user's tool: its general commands apply only the
/// projections a journal has installed, the news example's commands live
/// under `news`, and a projection it does not carry is never posted around.
struct ProjectionsTests {
    /// What a refusal naming a projection noticectl does not carry ends with.
    static let howToCarry =
        "; a tool that carries it is the app's own, built on NoticeHubCommands (the article \"Your own noticectl\")"

    /// A projection of the user's own, which this noticectl does not carry.
    struct Clicks: Projection {
        let schema = ProjectionSchema(
            identity: "user.clicks", tables: ["clicks"],
            migrations: [
                ProjectionMigration(1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER)")
            ])
        let names: Set<NoticeName> = ["page.clicked"]
        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try store.upsert(
                into: "clicks", values: ["page": .text(try notice.decode(String.self)), "count": 1],
                conflictKey: ["page"], adding: ["count"])
        }
    }

    static let release01 = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("JournalConformanceTests/Fixtures/release-0.1.sqlite")

    @Test func aUsersJournalGetsNoNewsTablesAndNoNewsRules() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        #expect(try cli("post", "news.published", "--payload", #"{"headline":"x"}"#) == .success("1\n"))
        #expect(try cli("projections") == .success(""))
        let tables = try SQLiteShell.run(scratch.path("noticehub.sqlite"), ".tables")
        #expect(!tables.contains("news") && !tables.contains("likes") && tables.contains("projections"))
        #expect(try cli("verify") == .success("ok: state agrees with the journal (1 notice)\n"))
    }

    @Test func theNewsCommandsInstallTheNewsProjectionOnFirstUse() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "chat.said", "--payload", #""hello""#)
        #expect(try cli("news", "publish", "1", "News1") == .success("2\n"))
        #expect(try cli("projections") == .success("news.likes  version 1  current through #2\n"))
        #expect(
            try cli("projections", "list", "--json")
                == .success(
                    #"{"identity":"news.likes","version":1,"schemaVersion":1,"currentThrough":2,"stale":false,"carried":true,"#
                        + #""names":["news.liked","news.published","news.unliked"]}"# + "\n"))
        // Once installed, the general commands keep its rules.
        #expect(
            try cli("post", "news.liked", "--payload", #"{"newsID":9,"user":"alice"}"#)
                == .failure("news.liked refused: news 9 does not exist"))
    }

    @Test func aRelease01JournalKeepsItsNewsStateAndRules() throws {
        let scratch = TemporaryDirectory()
        try FileManager.default.copyItem(at: Self.release01, to: scratch.url.appendingPathComponent("noticehub.sqlite"))
        let cli = NoticectlRunner(in: scratch)
        let liked = try cli.run(["post", "news.liked", "--payload", #"{"newsID":1,"user":"alice"}"#])
        #expect(liked.status == 1)
        #expect(liked.stderr.hasSuffix("error: news.liked refused: alice already likes news 1\n"))
        // A file of release 0.1 is upgraded first, which is said first.
        #expect(
            liked.stderr.hasPrefix(
                "note: upgrading ./noticehub.sqlite from schema 3 to \(SQLiteJournal.schemaVersion), "
                    + "which rewrites its notices (about 15-20 s a million)\n"
                    + "note: rebuilt projection news.likes (version 1) from 6 notices, current through #7\n"))
        #expect(
            try cli("news", "feed", "--json")
                == .success(
                    #"{"id":1,"title":"News1","likes":2}"# + "\n" + #"{"id":2,"title":"News2","likes":0}"# + "\n"))
        #expect(try cli("projections") == .success("news.likes  version 1  current through #7\n"))
        #expect(try cli("verify") == .success("ok: state agrees with the journal (7 notices)\n"))
    }

    @Test func aProjectionThisBuildDoesNotCarryIsNeverPostedAround() throws {
        let scratch = TemporaryDirectory()
        let path = scratch.path("noticehub.sqlite")
        try NoticeHub(journal: SQLiteJournal(path: path), projections: [Clicks()]).post("page.clicked", payload: "home")
        let cli = NoticectlRunner(in: scratch)
        #expect(
            try cli("post", "page.clicked", "--payload", #""home""#)
                == .failure(
                    #"page.clicked refused: the journal's projection "user.clicks" handles it, and this hub does not carry that projection"#
                        + Self.howToCarry))
        #expect(try cli("post", "page.viewed", "--payload", #""home""#) == .success("2\n"))
        #expect(try cli("import", "-", input: #"{"name":"page.clicked","payload":"blog"}"# + "\n").status == 1)
        #expect(try cli("projections") == .success("user.clicks  version 1  current through #1  not carried\n"))
        #expect(
            try cli("verify")
                == Outcome(
                    status: 0, stdout: "ok: state agrees with the journal (2 notices)\n",
                    stderr: "note: projection user.clicks not checked: this noticectl does not carry it\n"))
    }

    @Test func rebuildRestoresATamperedStateAndRefusesAnUnknownProjection() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("news", "publish", "1", "News1")
        try cli("news", "like", "1", "--user", "alice")
        try SQLiteShell.run(scratch.path("noticehub.sqlite"), "UPDATE news SET likes = 9")
        #expect(try cli("verify").status == 1)
        #expect(
            try cli("projections", "rebuild", "news.likes")
                == .success("rebuilt news.likes from 2 notices, current through #2\n"))
        #expect(try cli("verify") == .success("ok: state agrees with the journal (2 notices)\n"))
        let unknown = try cli.run(["projections", "rebuild", "user.clicks"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix(
                "error: this noticectl carries no projection 'user.clicks' (it carries: news.likes)" + Self.howToCarry
                    + "\n"))
    }

    /// Removing drops the tables and the registry entry and keeps the
    /// notices; a second removal, or one of a projection this noticectl does
    /// not carry, changes nothing and says why.
    @Test func removeDropsTheTablesKeepsTheNoticesAndRefusesWhatIsNotThere() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("news", "publish", "1", "News1")
        try cli("news", "like", "1", "--user", "alice")
        #expect(
            try cli("projections", "remove", "news.likes")
                == .success("removed news.likes: its tables are dropped; the notices stay\n"))
        #expect(try cli("projections") == .success(""))
        let tables = try SQLiteShell.run(
            scratch.path("noticehub.sqlite"), "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        #expect(!tables.contains("news\n") && !tables.contains("likes\n") && tables.contains("notices"))
        #expect(try cli("tail", "--json").stdout.split(separator: "\n").count == 2)
        let again = try cli.run(["projections", "remove", "news.likes"])
        #expect(again.status == 1)
        #expect(again.stderr == "error: the journal has not installed projection news.likes: nothing to remove\n")
        let unknown = try cli.run(["projections", "remove", "user.clicks"])
        #expect(unknown.status == 64)
        // A news command installs it again, rebuilt from the notices.
        #expect(try cli("news", "feed").stdout == "#1 News1: 1 like\n")
    }

    @Test func theNewsCommandsEarlierSpellingsSayTheNewOne() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("news", "publish", "1", "News1")
        #expect(
            try cli("feed")
                == Outcome(
                    status: 0, stdout: "#1 News1: 0 likes\n",
                    stderr: "note: `noticectl feed` is now `noticectl news feed`\n"))
        #expect(
            try cli.run(["like", "1", "--user", "alice"]).stderr
                == "note: `noticectl like` is now `noticectl news like`\n")
    }
}
