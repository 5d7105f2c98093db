import Foundation
import Testing

/// Rows edited with the sqlite3 shell behind the tool's back: export refuses
/// them rather than print what import would reject or invent what is not
/// stored, naming the row in one line.
struct TamperedRowTests {
    /// A journal of four notices, exported before `sql` changes it.
    static func tampered(_ sql: String) throws -> (cli: NoticectlRunner, before: [String]) {
        let scratch = try Scratch()
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
}
