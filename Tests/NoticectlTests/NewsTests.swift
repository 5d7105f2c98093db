import Foundation
import Testing
import TestSupport

struct NewsTests {
    /// News1 liked by alice; News2 liked by bob (alice took hers back).
    static func newsJournal() throws -> (TemporaryDirectory, NoticectlRunner) {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let steps = [
            ["news", "publish", "1", "News1"],
            ["news", "publish", "2", "News2"],
            ["news", "like", "1", "--user", "alice"],
            ["news", "like", "2", "--user", "alice"],
            ["news", "like", "2", "--user", "bob"],
            ["news", "unlike", "2", "--user", "alice"],
        ]
        for (index, step) in steps.enumerated() {
            #expect(try cli.run(step) == .success("\(index + 1)\n"))
        }
        return (scratch, cli)
    }

    @Test func operationsPostTheNewsNoticesUnderTheirSenders() throws {
        let (_, cli) = try Self.newsJournal()
        #expect(
            Stable.text(try cli("tail").stdout) == """
                1 TIME news.published editor {"id":1,"title":"News1"}
                2 TIME news.published editor {"id":2,"title":"News2"}
                3 TIME news.liked feed {"newsID":1,"user":"alice"}
                4 TIME news.liked feed {"newsID":2,"user":"alice"}
                5 TIME news.liked feed {"newsID":2,"user":"bob"}
                6 TIME news.unliked feed {"newsID":2,"user":"alice"}

                """)
    }

    @Test func feedDetailAndProfileShowTheStoredState() throws {
        let (_, cli) = try Self.newsJournal()
        #expect(try cli("news", "feed") == .success("#1 News1: 1 like\n#2 News2: 1 like\n"))
        #expect(
            try cli("news", "feed", "--json")
                == .success(
                    #"{"id":1,"title":"News1","likes":1}"# + "\n" + #"{"id":2,"title":"News2","likes":1}"# + "\n"))
        #expect(try cli("news", "detail", "2") == .success("#2 News2: 1 like\n"))
        #expect(try cli("news", "detail", "1", "--json") == .success(#"{"id":1,"title":"News1","likes":1}"# + "\n"))
        #expect(try cli("news", "detail", "9") == .failure("news 9 does not exist"))
        #expect(try cli("news", "detail", "9", "--json") == .failure("news 9 does not exist"))
        #expect(try cli("news", "profile", "alice") == .success("alice: 1 like given\n"))
        #expect(try cli("news", "profile", "bob", "--json") == .success(#"{"user":"bob","givenLikes":1}"# + "\n"))
        #expect(try cli("news", "profile", "zed", "--json") == .success(#"{"user":"zed","givenLikes":0}"# + "\n"))
        #expect(try cli("news", "profile", "zed") == .success("zed: 0 likes given\n"))
    }

    @Test func anEmptyJournalHasAnEmptyFeed() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("init")
        #expect(try cli("news", "feed") == .success(""))
        #expect(try cli("news", "feed", "--json") == .success(""))
    }

    @Test(arguments: [
        (["news", "publish", "1", "Again"], "news.published refused: news 1 is already published"),
        (["news", "publish", "--", "-1", "Minus"], "news.published refused: news id -1 is negative"),
        (["news", "publish", "3", ""], "news.published refused: the title is empty"),
        (["news", "like", "9", "--user", "alice"], "news.liked refused: news 9 does not exist"),
        (["news", "like", "1", "--user", "alice"], "news.liked refused: alice already likes news 1"),
        (["news", "unlike", "2", "--user", "alice"], "news.unliked refused: alice does not like news 2"),
        (["news", "unlike", "9", "--user", "alice"], "news.unliked refused: news 9 does not exist"),
        // The rules hold whatever the entry point.
        (
            ["post", "news.liked", "--payload", #"{"newsID":1,"user":"alice"}"#],
            "news.liked refused: alice already likes news 1"
        ),
        (
            ["post", "news.published", "--payload", #"{"id":"one"}"#],
            #"news.published refused: payload of news.published is not a NewsPublished: expected Int but found string "one" at id"#
        ),
    ])
    func refusedOperationsExitOneAndJournalNothing(arguments: [String], message: String) throws {
        let (scratch, cli) = try Self.newsJournal()
        let before = try cli("export")
        let bytes = scratch.bytes("noticehub.sqlite")
        #expect(try cli.run(arguments) == .failure(message))
        #expect(try cli("export") == before)
        #expect(scratch.bytes("noticehub.sqlite") == bytes)
        #expect(try cli("verify").status == 0)
    }

    /// Likes deleted behind the tool's back are named by verify, and so is the
    /// second like the emptied table then let through.
    @Test func verifyNamesLikesMissingFromTheStoredState() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        for arguments in [
            ["news", "publish", "1", "News1"], ["news", "publish", "2", "News2"],
            ["news", "like", "1", "--user", "alice"], ["news", "like", "2", "--user", "alice"],
            ["news", "like", "1", "--user", "bob"], ["news", "unlike", "1", "--user", "bob"],
        ] {
            #expect(try cli.run(arguments).status == 0)
        }
        #expect(try cli("verify") == .success("ok: state agrees with the journal (6 notices)\n"))
        try SQLiteShell.run(scratch.path("noticehub.sqlite"), "DELETE FROM likes")
        #expect(
            try cli("verify")
                == Outcome(
                    status: 1,
                    stdout: """
                        news.likes: likes: row (1, 'alice') is missing from the stored state
                        news.likes: likes: row (2, 'alice') is missing from the stored state

                        """,
                    stderr: "error: the stored state disagrees with the journal (2 differences)\n"))

        #expect(try cli("news", "like", "1", "--user", "alice") == .success("7\n"))
        let outcome = try cli("verify")
        #expect(outcome.status == 1)
        #expect(outcome.lines.first == "news.likes: notice #7 news.liked would be refused: alice already likes news 1")
        #expect(outcome.lines.contains("news.likes: likes: row (2, 'alice') is missing from the stored state"))
    }

    @Test func titlesAndUsersFullOfQuotesAndSQLAreData() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let title = #"x'); DROP TABLE news; -- "quoted" \ back"#
        let user = #"robert'); DELETE FROM profiles; --"#
        #expect(try cli("news", "publish", "7", title) == .success("1\n"))
        #expect(try cli("news", "like", "7", "--user", user) == .success("2\n"))
        let feed = try cli("news", "feed", "--json")
        #expect(feed == .success(#"{"id":7,"title":"x'); DROP TABLE news; -- \"quoted\" \\ back","likes":1}"# + "\n"))
        let decoded = try JSONSerialization.jsonObject(with: Data(feed.stdout.utf8)) as? [String: Any]
        #expect(decoded?["title"] as? String == title)
        #expect(
            try cli("news", "profile", user, "--json")
                == .success(#"{"user":"robert'); DELETE FROM profiles; --","givenLikes":1}"# + "\n"))
        #expect(try cli("verify") == .success("ok: state agrees with the journal (2 notices)\n"))
    }

    @Test func replayRebuildsTheStateFromTheJournalAlone() throws {
        let (_, cli) = try Self.newsJournal()
        #expect(
            try cli("news", "replay", "--json")
                == .success(
                    #"{"feed":[{"id":1,"title":"News1","likes":1},{"id":2,"title":"News2","likes":1}],"#
                        + #""profiles":[{"user":"alice","givenLikes":1},{"user":"bob","givenLikes":1}],"replayed":6}"#
                        + "\n"))
        #expect(
            try cli("news", "replay", "--through", "4", "--json")
                == .success(
                    #"{"feed":[{"id":1,"title":"News1","likes":1},{"id":2,"title":"News2","likes":1}],"#
                        + #""profiles":[{"user":"alice","givenLikes":2}],"replayed":4}"# + "\n"))
        #expect(
            try cli("news", "replay")
                == .success(
                    """
                    feed:
                      #1 News1: 1 like
                      #2 News2: 1 like
                    profiles:
                      alice: 1 like given
                      bob: 1 like given
                    replayed 6 notices

                    """))
    }

    @Test func replayLogPrintsEachDeliveryAsTheDocumentDoes() throws {
        let (_, cli) = try Self.newsJournal()
        #expect(
            try cli("news", "replay", "--from", "3", "--through", "4", "--log")
                == Outcome(
                    status: 0,
                    stdout: """
                        News Feed: Received a liked news model with id 1
                        Profile: Received a liked news model with id 1
                        News Feed: Received a liked news model with id 2
                        Profile: Received a liked news model with id 2
                        feed:
                        profiles:
                          alice: 2 likes given
                        replayed 2 notices

                        """, stderr: Self.partialReplayNote(from: 3)))
    }

    static func partialReplayNote(from: Int) -> String {
        "note: notices before #\(from) were not replayed, so likes and profiles can be short or negative\n"
    }

    /// A replay that starts after a like and sees it taken back prints a
    /// negative count: the note on stderr says why.
    @Test func aReplayFromTheMiddleSaysThatItsStateIsPartial() throws {
        let (_, cli) = try Self.newsJournal()
        let outcome = try cli("news", "replay", "--from", "6")
        #expect(outcome.stdout.contains("alice: -1 likes given"))
        #expect(outcome.stderr == Self.partialReplayNote(from: 6))
        #expect(try cli("news", "replay", "--from", "1").stderr.isEmpty)
    }

    @Test func verifyAgreesThenListsTheDifferencesOfATamperedState() throws {
        let (scratch, cli) = try Self.newsJournal()
        #expect(try cli("verify") == .success("ok: state agrees with the journal (6 notices)\n"))
        try SQLiteShell.run(
            scratch.path("noticehub.sqlite"),
            "UPDATE news SET likes = 7 WHERE id = 1; UPDATE profiles SET given_likes = 3 WHERE user = 'bob';")
        #expect(
            try cli("verify")
                == Outcome(
                    status: 1,
                    stdout: """
                        news.likes: news: row (1, 'News1', 1) is missing from the stored state
                        news.likes: news: row (1, 'News1', 7) is stored, the journal does not give it
                        news.likes: profiles: row ('bob', 1) is missing from the stored state
                        news.likes: profiles: row ('bob', 3) is stored, the journal does not give it

                        """,
                    stderr: "error: the stored state disagrees with the journal (4 differences)\n"))
    }
}
