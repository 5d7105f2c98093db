import Foundation
import Testing
import NoticeSQLite

@Suite("Text bound without copying")
struct BorrowedTextTests {
    @Test func borrowedTextIsReadInPlaceAndUnboundAfterwards() throws {
        try withConnection(.memory) { db in
            let select = try db.prepare("SELECT ?1, ?2, typeof(?1), typeof(?2)")
            let long = String(repeating: "payload ", count: 40) + "é"
            let (inside, nullInside): (String?, String?) = try select.withBorrowedText(long, at: 1) {
                try select.withBorrowedText(nil, at: 2) {
                    defer { select.reset() }
                    let stepped = try select.step()
                    #expect(stepped)
                    return (select.string(at: 0), select.string(at: 3))
                }
            }
            #expect(inside == long)
            #expect(nullInside == "null")
            // Stepped again without binding: the borrowed bytes are no longer referred to.
            #expect(try select.step())
            #expect(select.string(at: 2) == "null")
        }
    }

    @Test func emptyBorrowedTextIsEmptyNotNull() throws {
        try withConnection(.memory) { db in
            let select = try db.prepare("SELECT typeof(?1), length(?1)")
            let answer: (String?, Int64) = try select.withBorrowedText("", at: 1) {
                defer { select.reset() }
                let stepped = try select.step()
                #expect(stepped)
                return (select.string(at: 0), select.int64(at: 1))
            }
            #expect(answer.0 == "text" && answer.1 == 0)
        }
    }
}
