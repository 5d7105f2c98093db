import Foundation
import Testing
import TestSupport

/// `noticectl verify --since-checkpoint`: what a sound verify saves, what
/// the next reads, and what it finds and leaves to a full verify.
struct VerifyCheckpointTests {
    /// A journal of four notices, verified once.
    static func verified() throws -> (cli: NoticectlRunner, path: String) {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        for index in 1...4 { try cli("post", "word", "--payload", #"{"index":\#(index)}"#) }
        #expect(try cli("verify") == .success("ok: state agrees with the journal (4 notices)\n"))
        return (cli, scratch.path("noticehub.sqlite"))
    }

    @Test func theNextVerifyReadsWhatWasAppendedSince() throws {
        let (cli, _) = try Self.verified()
        try cli("post", "word")
        try cli("post", "word")
        #expect(
            try cli("verify", "--since-checkpoint")
                == .success("ok: notices #5-#6 are sound, and the counts agree with the journal (6 notices)\n"))
        #expect(
            try cli("verify", "--since-checkpoint")
                == .success(
                    "ok: nothing was appended since the checkpoint (#6), and the counts agree with the journal "
                        + "(6 notices)\n"))
    }

    @Test func withoutACheckpointTheWholeJournalIsVerified() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "word")
        #expect(
            try cli("verify", "--since-checkpoint")
                == Outcome(
                    status: 0, stdout: "ok: state agrees with the journal (1 notice)\n",
                    stderr: "note: the journal has no checkpoint yet: verifying all of it\n"))
    }

    @Test func aRowEditedAfterTheCheckpointIsFoundOneBeforeItIsLeftToAFullVerify() throws {
        let (cli, path) = try Self.verified()
        try cli("post", "word")
        try SQLiteShell.run(path, "UPDATE notices SET payload = 'not json' WHERE seq IN (2, 5)")
        let since = try cli("verify", "--since-checkpoint")
        #expect(since.status == 1)
        #expect(since.lines == ["journal row #5: payload is not valid JSON (unexpected character 'o' at byte 1)"])
        let full = try cli("verify")
        #expect(full.status == 1)
        #expect(full.lines.first == "journal row #2: payload is not valid JSON (unexpected character 'o' at byte 1)")
    }

    @Test func aLastRowDeletedAfterTheCheckpointShowsInTheSpan() throws {
        let (cli, path) = try Self.verified()
        try cli("post", "word")
        try SQLiteShell.run(path, "DELETE FROM notices WHERE seq = 5")
        #expect(
            try cli("verify", "--since-checkpoint")
                == Outcome(
                    status: 1, stdout: "the journal counts 5 notices, but #1-#4 are 4\n",
                    stderr:
                        "error: the journal holds notices its counts disagree with, edited behind NoticeHub's back\n"))
    }

    /// Once trimmed, a projection's state is checked from the state the
    /// journal starts from; without that state, verify says it cannot check
    /// it and checks the rest.
    @Test func aTrimmedJournalVerifiesItsProjectionFromTheStateItStartsFrom() throws {
        let directory = TemporaryDirectory()
        let cli = NoticectlRunner(in: directory)
        try cli("news", "publish", "1", "News1")
        try cli("news", "like", "1", "--user", "alice")
        try cli("news", "publish", "2", "News2")
        try cli("news", "like", "2", "--user", "bob")
        #expect(try cli("trim", "--through", "2").status == 0)
        #expect(try cli("verify", "--payloads") == .success("ok: state agrees with the journal (2 notices)\n"))

        try SQLiteShell.run(directory.path("noticehub.sqlite"), "UPDATE likes SET \"user\" = 'carol'")
        #expect(try cli("verify").stdout.contains("likes: row (2, 'bob') is missing from the stored state"))

        try SQLiteShell.run(directory.path("noticehub.sqlite"), "DELETE FROM projection_snapshots")
        #expect(
            try cli("verify", "--payloads")
                == Outcome(
                    status: 0, stdout: "ok: state agrees with the journal (2 notices)\n",
                    stderr: "note: projection news.likes not checked: the journal starts at #3 and keeps no state "
                        + "of it to start from\n"))
    }
}
