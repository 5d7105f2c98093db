import NoticeHub
import Testing
import TestSupport

/// `post(_: Notice)`: a notice posted again keeps its id, is stored at most
/// once, and reaches observers only when it was not stored before.
struct PostAgainTests {
    @Test func aNoticePostedAgainIsStoredOnceAndDeliveredOnce() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let heard = Recorder<NoticeID>()
        let token = hub.observe("invoice.sent") { heard.append($0.id) }
        let first = try hub.post("invoice.sent")
        let again = try hub.post(first)
        // again.sequence == first.sequence: stored once
        #expect(again.sequence == first.sequence)
        #expect(again.id == first.id)
        #expect(heard.elements == [first.id])
        #expect(try hub.journal.lastSequence() == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aNoticeCopiedToAnotherHubKeepsItsIdAndIsDeliveredThere() throws {
        let directory = TemporaryDirectory()
        let source = try NoticeHub(journal: SQLiteJournal(path: directory.path("a.sqlite")))
        let copy = try NoticeHub(journal: SQLiteJournal(path: directory.path("b.sqlite")))
        let heard = Recorder<NoticeID>()
        let token = copy.observe(nil) { heard.append($0.id) }
        try source.post("x")
        let original = try source.post("invoice.sent", sender: "billing", payload: ["total": 12])
        let copied = try copy.post(original)
        #expect(copied.sequence == 1)
        #expect(copied.id == original.id && copied.sender == original.sender)
        #expect(try copied.payloadJSON() == original.payloadJSON())
        #expect(heard.elements == [original.id])
        withExtendedLifetime(token) {}
    }
}
