import Foundation
import Testing
import TestSupport

/// `noticectl erase`: the notices of one key gone, the news projection
/// rebuilt without them, verify counting the numbers as erased, exports and
/// archives written afterwards without them; bad input changes nothing.
struct EraseTests {
    @Test func aUsersLikesAreErasedAndTheFeedNoLongerCountsThem() throws {
        let directory = TemporaryDirectory()
        let cli = try ArchiveTests.news(in: directory)
        #expect(try cli("news", "profile", "alice").stdout == "alice: 2 likes given\n")

        // #7, the journal's last notice, is alice's like: the journal keeps it.
        let before = try cli("export")
        #expect(
            try cli("erase", "--key", "user=alice")
                == Outcome(
                    status: 1, stdout: "",
                    stderr: "error: cannot erase: the journal's last notice, #7 news.liked, carries user=alice, and "
                        + "the journal keeps its last notice so that its number is never used again: erase once "
                        + "another notice follows it\n"))
        #expect(try cli("export") == before)

        try cli("news", "publish", "4", "Four")
        #expect(
            try cli("erase", "--key", "user=alice")
                == .success("erased 2 notices named news.liked\nrebuilt projection news.likes without them\n"))
        #expect(
            try cli("news", "feed").stdout == "#1 One: 1 like\n#2 Two: 1 like\n#3 Three: 0 likes\n#4 Four: 0 likes\n")
        #expect(try cli("news", "profile", "alice").stdout == "alice: 0 likes given\n")
        // The journal's file and its log hold no byte of them: SQLite zeroed what it deleted.
        for file in try directory.listing() where file.hasPrefix("noticehub.sqlite") {
            let bytes = try #require(directory.bytes(file))
            #expect(bytes.range(of: Data("alice".utf8)) == nil, "\(file) still holds alice")
        }
        #expect(
            try cli("verify")
                == .success(
                    "2 sequence numbers erased on purpose (erase), not missing\n"
                        + "ok: state agrees with the journal (6 notices)\n"))
        #expect(try cli("tail").lines.map { $0.split(separator: " ").first } == ["1", "2", "4", "5", "6", "8"])
        #expect(try cli("erase", "--key", "user=alice") == .success("no notice carries user=alice: nothing erased\n"))

        // Written afterwards, an export and an archive hold neither the
        // notices nor state derived from them.
        let export = try cli("export").stdout
        #expect(!export.contains("alice"))
        #expect(export.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 6)
        #expect(
            try cli("archive", "--through", "6", "--to", "old.jsonl.gz")
                == .success("archived 5 notices (#1-#6) and the state of 1 projection to old.jsonl.gz\n"))
        let archive = try Gzip.text(of: directory.path("old.jsonl.gz"))
        #expect(!archive.contains("alice"))
        #expect(archive.contains(#"{"row":[1,"One",1]}"#), "the state as of #6 counts carol's like only")
        #expect(
            try cli("import", "old.jsonl.gz", "--db", "restored.sqlite")
                == .success("imported 5, already present 0, the state of 1 projection agrees\n"))
    }

    @Test func aKeyOfOneNameLeavesTheOthers() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "visit.logged", "--payload", #"{"user":42,"page":"home"}"#)
        try cli("post", "order.placed", "--payload", #"{"user":"42","item":"tea"}"#)
        try cli("post", "visit.logged", "--payload", #"{"user":"7","page":"home"}"#)
        #expect(
            try cli("erase", "--key", "user=42", "--names", "visit.*")
                == .success("erased 1 notice named visit.logged\n"))
        #expect(try cli("tail").lines.map { $0.split(separator: " ").first } == ["2", "3"])
        #expect(try cli("erase", "--key", "user=42") == .success("erased 1 notice named order.placed\n"))
        #expect(try cli("verify").status == 0)
    }

    @Test(arguments: [
        (["erase"], "error: Missing expected argument '--key <field=value>'"),
        (["erase", "--key", "user"], "error: --key takes FIELD=VALUE (user=alice), not user"),
        (["erase", "--key", "user="], "error: --key user= has no value after '='"),
        (["erase", "--key", "=alice"], "error: --key =alice: the field must be 1 to 256 bytes, not 0"),
        (
            ["erase", "--key", #"us"er=alice"#],
            #"error: --key "us\"er=alice": the field must hold no control characters, quotes or backslashes"#
        ),
        (
            ["erase", "--key", "user=alice", "--names", ""],
            #"error: The value '' is invalid for '--names <pattern>': invalid notice name "": it is empty"#
        ),
    ])
    func badInputIsAUsageErrorAndChangesNothing(arguments: [String], message: String) throws {
        let directory = TemporaryDirectory()
        let cli = try ArchiveTests.news(in: directory)
        try cli("news", "publish", "4", "Four")
        let before = try cli("export")
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix(message), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").first.map { !$0.isEmpty } == true)
        #expect(try cli("export") == before)
    }
}
