@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing

/// A SQLite row's `extra` column (``RowExtra``): written only for what
/// differs from an ordinary notice, read back to the same fields, and
/// refused, in one line naming the field, when the library could not have
/// written it.
struct RowExtraTests {
    private func read(_ json: String) -> Result<RowExtra, RowProblem> {
        Array(json.utf8).withUnsafeBytes { bytes in
            Result { () throws(RowProblem) in try RowExtra(stored: bytes) }
        }
    }

    @Test func anOrdinaryNoticeHasNone() throws {
        let notice = try NoticeHub().post("order.placed", payload: 1)
        #expect(RowExtra(of: notice).json == nil)
    }

    @Test func whatDiffersIsWrittenAndReadBack() throws {
        let cause = NoticeID.next()
        var extra = RowExtra()
        extra.kind = .reply
        extra.cause = cause
        extra.version = 2
        extra.postedAt = 1_000
        extra.metadata = ["tenant": "7"]
        let json = try #require(extra.json)
        #expect(json == #"{"kind":"reply","cause":"\#(cause)","version":2,"posted_at":1000,"metadata":{"tenant":"7"}}"#)
        #expect(try read(json).get() == extra)
    }

    @Test(arguments: [
        ("not json", #"extra "not json" is not JSON"#),
        ("{}", "extra {} is not a JSON object of the notice's fields"),
        (#"{"kind":"notice"}"#, #"kind "notice" is not request, reply or failure"#),
        (#"{"kind":1}"#, "kind 1 is not request, reply or failure"),
        (#"{"version":0}"#, "version 0 is not one of 1...2147483647"),
        (#"{"version":"2"}"#, #"version "2" is not an integer"#),
        (#"{"posted_at":1.5}"#, "posted_at 1.5 is not an integer"),
        (#"{"kind":"reply","kind":"reply"}"#, #"extra names "kind" twice"#),
        (#"{"metadata":{"tenant":7}}"#, #"invalid metadata field "tenant": the value is not a string"#),
    ])
    func whatNoNoticeHasIsRefused(json: String, problem: String) {
        switch read(json) {
        case .success(let extra): Issue.record("read \(extra)")
        case .failure(let refusal): #expect(refusal.description == problem)
        }
    }
}
