import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport
import NoticeSQLite
import NoticeJSON

/// Rows edited behind the library's back are refused with one line naming
/// the row, never read as something they are not.
struct MalformedRowTests {
    /// A journal of four notices whose row `seq` is then changed by `sql`.
    static func tampered(_ sql: String, in directory: TemporaryDirectory) throws -> NoticeHub {
        let path = directory.path("journal.sqlite")
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            for index in 1...4 { try hub.post("word", sender: "feed", payload: ["index": index]) }
            try hub.close()
        }
        try SQLiteConnection(path: path).execute(sql)
        return try NoticeHub(journal: SQLiteJournal(path: path))
    }

    @Test func aRowWhoseIdIsNotAUUIDIsRefusedNotGivenAFreshId() throws {
        let directory = TemporaryDirectory()
        let hub = try Self.tampered("UPDATE notices SET id = 'zzz' WHERE seq = 3", in: directory)
        for _ in 0..<2 {
            var read: [Int64] = []
            #expect(throws: JournalError.malformedRow(sequence: 3, problem: #"id "zzz" is not a UUID"#)) {
                try hub.journal.read(JournalQuery()) {
                    read.append($0.sequence ?? 0); return true
                }
            }
            #expect(read == [1, 2])
        }
        #expect(
            "\(JournalError.malformedRow(sequence: 3, problem: #"id "zzz" is not a UUID"#))"
                == #"journal row #3: id "zzz" is not a UUID"#)
        #expect(throws: JournalError.malformedRow(sequence: 3, problem: #"id "zzz" is not a UUID"#)) {
            try hub.journal.replay()
        }
        // Rows before and after it still read on their own.
        var after: [Int64] = []
        try hub.journal.read(JournalQuery(from: 4)) {
            after.append($0.sequence ?? 0); return true
        }
        #expect(after == [4])
    }

    @Test func aLongOrMultiLineBadIdIsShownQuotedOnOneLineAndCutShort() throws {
        let directory = TemporaryDirectory()
        let hub = try Self.tampered(
            "UPDATE notices SET id = 'a' || char(10) || printf('%.100c', 'b') WHERE seq = 1", in: directory)
        #expect {
            try hub.journal.read(JournalQuery()) { _ in true }
        } throws: { error in
            "\(error)" == #"journal row #1: id "a\n"# + String(repeating: "b", count: RowValue.shownCharacters - 2)
                + #""… is not a UUID"#
        }
    }

    @Test func aCheckedReadStopsAtARowTheLibraryWouldRefuseAndAnUncheckedOneDoesNot() throws {
        let directory = TemporaryDirectory()
        let hub = try Self.tampered(
            "INSERT INTO notice_senders (code, sender) VALUES (100, ''); UPDATE notices SET sender_code = 100 WHERE seq = 2",
            in: directory)
        var query = JournalQuery()
        query.checksRows = true
        var read: [Int64] = []
        #expect(throws: JournalError.malformedRow(sequence: 2, problem: #"invalid sender "": it is empty"#)) {
            try hub.journal.read(query) {
                read.append($0.sequence ?? 0); return true
            }
        }
        #expect(read == [1])
        var unchecked = 0
        try hub.journal.read(JournalQuery()) { _ in
            unchecked += 1; return true
        }
        #expect(unchecked == 4)
    }

    /// SQL that stores `value` as a row's posting time, a field of its
    /// `extra` object.
    static func settingPostedAt(_ value: String, ofRow sequence: Int) -> String {
        "UPDATE notices SET extra = json_set(coalesce(extra, '{}'), '$.posted_at', \(value)) WHERE seq = \(sequence);"
    }

    @Test func malformedRowsAreCountedAndTheFirstListed() throws {
        let directory = TemporaryDirectory()
        let hub = try Self.tampered(
            "UPDATE notices SET payload = 'x' WHERE seq IN (1, 3); " + Self.settingPostedAt("1.5", ofRow: 4),
            in: directory)
        let payload = "payload is not valid JSON (unexpected character 'x' at byte 0)"
        #expect(
            try hub.journal.malformedRows(limit: 2)
                == MalformedRows(
                    count: 3,
                    listed: [
                        .malformedRow(sequence: 1, problem: payload), .malformedRow(sequence: 3, problem: payload),
                    ], checkedThrough: 4))
        #expect(
            try hub.journal.malformedRows().listed.last
                == .malformedRow(sequence: 4, problem: "posted_at 1.5 is not an integer"))
    }

    /// The bounds are the times an export line can hold: they import back.
    @Test func postingTimesAreCheckedAgainstWhatTheTimestampFormatWrites() throws {
        let range = TimestampFormat.millisecondRange
        let directory = TemporaryDirectory()
        let hub = try Self.tampered(
            [range.lowerBound, range.upperBound, range.upperBound + 1, range.lowerBound - 1].enumerated().map {
                Self.settingPostedAt("\($0.element)", ofRow: $0.offset + 1)
            }.joined(separator: " "), in: directory)
        #expect(
            try hub.journal.malformedRows().listed == [
                .malformedRow(
                    sequence: 3, problem: "posted_at \(range.upperBound + 1) is not a time of the years 0001-9999"),
                .malformedRow(
                    sequence: 4, problem: "posted_at \(range.lowerBound - 1) is not a time of the years 0001-9999"),
            ])
        var lines: [String] = []
        try hub.journal.read(JournalQuery(through: 2)) {
            lines.append(try NoticeLine.encode($0)); return true
        }
        #expect(lines[0].hasSuffix(#""postedAt":"0001-01-01T00:00:00.000Z"}"#))
        #expect(lines[1].hasSuffix(#""postedAt":"9999-12-31T23:59:59.999Z"}"#))
        let copy = try NoticeHub(journal: SQLiteJournal(path: directory.path("copy.sqlite")))
        #expect(try copy.journal.importNotices(lines).imported == 2)
        var again: [String] = []
        try copy.journal.read(JournalQuery()) {
            again.append(try NoticeLine.encode($0)); return true
        }
        #expect(again == lines)
    }
}
