import Foundation
@testable import NoticeHub
import Testing
import TestSupport

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
                try hub.readJournal(JournalQuery()) { read.append($0.sequence ?? 0); return true }
            }
            #expect(read == [1, 2])
        }
        #expect("\(JournalError.malformedRow(sequence: 3, problem: #"id "zzz" is not a UUID"#))"
            == #"journal row #3: id "zzz" is not a UUID"#)
        #expect(throws: JournalError.malformedRow(sequence: 3, problem: #"id "zzz" is not a UUID"#)) {
            try hub.replay()
        }
        // Rows before and after it still read on their own.
        var after: [Int64] = []
        try hub.readJournal(JournalQuery(from: 4)) { after.append($0.sequence ?? 0); return true }
        #expect(after == [4])
    }

    @Test func aLongOrMultiLineBadIdIsShownQuotedOnOneLineAndCutShort() throws {
        let directory = TemporaryDirectory()
        let hub = try Self.tampered(
            "UPDATE notices SET id = 'a' || char(10) || printf('%.100c', 'b') WHERE seq = 1", in: directory)
        #expect {
            try hub.readJournal(JournalQuery()) { _ in true }
        } throws: { error in
            "\(error)" == #"journal row #1: id "a\n"# + String(repeating: "b", count: RowValue.shownCharacters - 2) + #""… is not a UUID"#
        }
    }
}
