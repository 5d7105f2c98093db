import Foundation
import Testing
import TestSupport

/// Rows edited with the sqlite3 shell behind the tool's back: export refuses
/// them rather than print what import would reject or invent what is not
/// stored, naming the row in one line.
struct TamperedRowTests {
    /// A journal of four notices, exported before `sql` changes it.
    static func tampered(_ sql: String) throws -> (cli: NoticectlRunner, before: [String]) {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        for index in 1...4 { try cli("post", "word", "--sender", "feed", "--payload", #"{"index":\#(index)}"#) }
        let before = try cli("export").lines
        try SQLiteShell.run(scratch.path("noticehub.sqlite"), sql)
        return (cli, before)
    }

    @Test func aRowWhoseIdIsNotAUUIDStopsTheExportTheSameWayEveryTime() throws {
        let (cli, before) = try Self.tampered("UPDATE notices SET id = 'zzz' WHERE seq = 3")
        let expected = Outcome(
            status: 1, stdout: before.prefix(2).map { $0 + "\n" }.joined(),
            stderr: "error: journal row #3: id \"zzz\" is not a UUID\n")
        #expect(try cli("export") == expected)
        #expect(try cli("export") == expected)
        #expect(try cli("export", "--from", "4") == .success(before[3] + "\n"))
    }

    /// The reviewer's cases, each one row edited with the sqlite3 shell, and
    /// what export and verify say about it.
    static let cases: [(sql: String, problem: String)] = [
        ("UPDATE notices SET id = 'zzz' WHERE seq = 3", #"id "zzz" is not a UUID"#),
        (
            "UPDATE notices SET payload = 'not json' WHERE seq = 3",
            "payload is not valid JSON (unexpected character 'o' at byte 1)"
        ),
        (
            "UPDATE notices SET payload = '[1e999]' WHERE seq = 3",
            "payload is not valid JSON (number out of range at byte 1)"
        ),
        ("UPDATE notices SET payload = '{' || char(10) || '}' WHERE seq = 3", "payload is not on one line"),
        ("UPDATE notices SET payload = X'7B7D' WHERE seq = 3", "payload is a blob, not text"),
        (renaming("''"), #"invalid notice name "": it is empty"#),
        (
            renaming("'a' || char(10) || 'b'"),
            #"invalid notice name "a\nb": it contains the control character U+000A"#
        ),
        (
            "INSERT INTO notice_senders (code, sender) VALUES (100, ''); UPDATE notices SET sender_code = 100 WHERE seq = 3",
            #"invalid sender "": it is empty"#
        ),
        (
            renaming("'word.*'"),
            #"notice name "word.*" is a pattern ('*' stands for one segment); a notice needs a literal name"#
        ),
        ("UPDATE notices SET name_code = 99 WHERE seq = 3", "name_code 99 is in no row of notice_names"),
        ("UPDATE notices SET sender_code = 99 WHERE seq = 3", "sender_code 99 is in no row of notice_senders"),
        ("UPDATE notices SET name_code = 'w' WHERE seq = 3", #"name_code "w" is not an integer"#),
        (
            "UPDATE notices SET id = X'3f1c1d7e8f1a4b6e9a550d1f6c2b7a11', extra = NULL WHERE seq = 3",
            "posted_at is null, and the id 3f1c1d7e-8f1a-4b6e-9a55-0d1f6c2b7a11 carries no time"
        ),
        (
            "UPDATE notices SET extra = json_set(coalesce(extra, '{}'), '$.posted_at', 9000000000000000000) WHERE seq = 3",
            "posted_at 9000000000000000000 is not a time of the years 0001-9999"
        ),
        (
            "UPDATE notices SET extra = json_set(coalesce(extra, '{}'), '$.posted_at', 'abc') WHERE seq = 3",
            #"posted_at "abc" is not an integer"#
        ),
        // The fields an ordinary notice leaves out, one JSON object (schema 13);
        // the table's CHECK refuses text that is not JSON, and kinds and
        // versions no notice has (RowExtraTests).
        ("UPDATE notices SET extra = '[]' WHERE seq = 3", "extra [] is not a JSON object of the notice's fields"),
        (
            #"UPDATE notices SET extra = '{"colour":1}' WHERE seq = 3"#,
            #"extra holds "colour", which is none of the notice's fields"#
        ),
        (#"UPDATE notices SET extra = '{"cause":"x"}' WHERE seq = 3"#, #"cause "x" is not a UUID"#),
        ("UPDATE notices SET extra = X'7B7D' WHERE seq = 3", "extra is a blob, not text"),
        ("UPDATE notices SET conversation = X'00' WHERE seq = 3", "conversation X'00' is not a UUID"),
    ]

    /// Row 3 given a name of its own, `text` as SQL.
    static func renaming(_ text: String) -> String {
        "INSERT INTO notice_names (code, name) VALUES (100, \(text)); UPDATE notices SET name_code = 100 WHERE seq = 3"
    }

    @Test(arguments: cases)
    func exportRefusesARowImportWouldRejectAfterTheLinesBeforeIt(sql: String, problem: String) throws {
        let (cli, before) = try Self.tampered(sql)
        #expect(
            try cli("export")
                == Outcome(
                    status: 1, stdout: before.prefix(2).map { $0 + "\n" }.joined(),
                    stderr: "error: journal row #3: \(problem)\n"))
    }

    @Test(arguments: cases)
    func tailStopsAtTheRowAfterTheLinesBeforeIt(sql: String, problem: String) throws {
        let (cli, _) = try Self.tampered(sql)
        let outcome = try cli("tail", "--json")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.split(separator: "\n").count == 2)
        #expect(outcome.stderr == "error: journal row #3: \(problem)\n")
    }

    @Test(arguments: cases)
    func verifyReportsTheRowAndFails(sql: String, problem: String) throws {
        let (cli, _) = try Self.tampered(sql)
        #expect(
            try cli("verify")
                == Outcome(
                    status: 1, stdout: "journal row #3: \(problem)\n",
                    stderr: "error: the journal holds 1 malformed row, edited behind NoticeHub's back\n"))
    }

    @Test func verifyListsTheFirstTwentyMalformedRowsAndCountsTheRest() throws {
        let (cli, _) = try Self.tampered(
            """
            INSERT INTO notice_names (code, name) VALUES (100, 'filler');
            INSERT INTO notice_senders (code, sender) VALUES (100, '');
            INSERT INTO notices (id, name_code, sender_code, payload, extra)
            SELECT randomblob(16), 100, 100, '{}', '{"posted_at":0}'
            FROM generate_series(1, 25);
            """)
        let outcome = try cli("verify")
        #expect(outcome.status == 1)
        #expect(
            outcome.lines == (5...24).map { #"journal row #\#($0): invalid sender "": it is empty"# } + ["and 5 more"])
        #expect(outcome.stderr == "error: the journal holds 25 malformed rows, edited behind NoticeHub's back\n")
    }

    /// What import refuses though export writes it: verify names each such
    /// row, and the sequence numbers no row holds.
    @Test func verifyReportsWhatImportRefusesAndGapsInTheSequence() throws {
        let (cli, before) = try Self.tampered(
            """
            UPDATE notices SET seq = -1 WHERE seq = 1;
            UPDATE notices SET payload = '"' || printf('%.2000000c', 'x') || '"' WHERE seq = 4;
            DELETE FROM notices WHERE seq = 3;
            """)
        #expect(
            try cli("verify")
                == Outcome(
                    status: 1,
                    stdout: """
                        journal row #-1: sequence -1 is not positive: sequences start at 1
                        journal row #4: payload is 2000002 bytes, more than noticectl import accepts (1048576)
                        journal row #1 is missing
                        journal row #3 is missing

                        """,
                    stderr: "error: the journal holds 2 malformed rows and 2 gaps between sequence numbers, "
                        + "edited behind NoticeHub's back\n"))
        // Export still writes the large payload, which a hub with a larger
        // payload limit takes back; noticectl import refuses it.
        let exported = try cli("export")
        #expect(exported.status == 0 && exported.lines.count == 2 && exported.lines.first == before[1])
    }

    /// The last row leaves no gap behind it: the journal's counts show it gone.
    @Test func verifyFindsTheLastRowDeletedByTheCounts() throws {
        let (cli, _) = try Self.tampered("DELETE FROM notices WHERE seq = 4")
        #expect(
            try cli("verify")
                == Outcome(
                    status: 1,
                    stdout: "notices named word: counted 4, the journal holds 3\n",
                    stderr: "error: the journal holds 1 name whose rows disagree with the journal's counts, "
                        + "edited behind NoticeHub's back\n"))
    }

    @Test func aSoundJournalStillVerifiesAndExports() throws {
        let (cli, before) = try Self.tampered(
            "UPDATE notices SET extra = json_set(coalesce(extra, '{}'), '$.posted_at', 253402300799999) WHERE seq = 3")
        #expect(try cli("verify") == .success("ok: state agrees with the journal (4 notices)\n"))
        let export = try cli("export")
        #expect(export.status == 0 && export.lines.count == before.count)
        #expect(export.lines[2].hasSuffix(#""postedAt":"9999-12-31T23:59:59.999Z"}"#))
    }
}
