import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport

/// Which notice caused which: handlers' posts name the delivered notice,
/// `withCause` does the same outside a delivery, and the journal keeps both
/// ids and reads them back.
struct ConversationTests {
    @Test func aHandlersPostNamesTheDeliveredNoticeAsItsCause() throws {
        let hub = NoticeHub()
        let seen = Recorder<Notice>()
        let reactor = hub.observe("order.placed") { _ in _ = try? hub.post("order.packed") }
        let packer = hub.observe("order.packed") {
            seen.append($0); _ = try? hub.post("order.shipped")
        }
        let watcher = hub.observe("order.shipped") { seen.append($0) }
        let placed = try hub.post("order.placed")
        let chain = seen.elements
        try #require(chain.count == 2)
        let (packed, shipped) = (chain[0], chain[1])
        #expect(placed.conversation == nil && placed.cause == nil, "an outermost post starts nothing")
        #expect(packed.cause == placed.id && packed.conversation == placed.id)
        #expect(shipped.cause == packed.id, "each notice names the one delivered when it was posted")
        #expect(shipped.conversation == placed.id, "the chain's conversation is its first notice's id")
        #expect(try hub.post("order.shipped").cause == nil, "after the delivery, posts are caused by nothing")
        withExtendedLifetime((reactor, packer, watcher)) {}
    }

    @Test func withCauseLinksPostsMadeOutsideADelivery() throws {
        let hub = NoticeHub()
        let liked = try hub.post("news.liked")
        let changed = try NoticeHub.withCause(liked) { try hub.post("profile.changed") }
        #expect(changed.cause == liked.id)
        #expect(changed.conversation == liked.id)
        let next = try NoticeHub.withCause(changed) { try hub.post("badge.earned") }
        #expect(next.conversation == liked.id, "a conversation keeps the id of the notice that started it")
        #expect(next.cause == changed.id)
    }

    @Test func theJournalKeepsConversationAndCauseAndFiltersByConversation() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let reactor = hub.observe("order.placed") { _ in _ = try? hub.post("order.packed") }
        try hub.post("unrelated")
        let placed = try hub.post("order.placed")
        try hub.post("order.placed")
        var stored: [Notice] = []
        try hub.journal.read(JournalQuery(conversation: placed.id)) {
            stored.append($0); return true
        }
        #expect(
            stored.map(\.name) == ["order.placed", "order.packed"],
            "the notice and what it caused, not the second order")
        #expect(stored.map(\.sequence) == [2, 3])
        #expect(stored[1].cause == placed.id && stored[1].conversation == placed.id)
        #expect(stored.allSatisfy { $0.kind == .notice })
        withExtendedLifetime(reactor) {}
    }

    @Test func noticeLinesCarryKindConversationAndCause() throws {
        let hub = NoticeHub()
        let request = Notice(
            name: "weather.now", sender: "phone", payload: .json("{}"), kind: .request,
            links: NoticeLinks(conversation: .next(), cause: .next()))
        let line = try NoticeLine.encode(request)
        #expect(line.contains("\"kind\":\"request\""))
        let decoded = try NoticeLine.decode(line)
        #expect(decoded.kind == .request)
        #expect(decoded.conversation == request.conversation && decoded.cause == request.cause)
        let plain = try NoticeLine.encode(try hub.post("plain"))
        #expect(
            !plain.contains("kind") && !plain.contains("conversation") && !plain.contains("cause"),
            "an ordinary notice's line is unchanged: \(plain)")
        #expect(throws: NoticeLineError("kind \"question\" is not notice, request, reply or failure")) {
            try NoticeLine.decode(#"{"name":"a","kind":"question"}"#)
        }
        #expect(throws: NoticeLineError("cause \"7\" is not a UUID")) {
            try NoticeLine.decode(#"{"name":"a","cause":"7"}"#)
        }
        #expect(
            throws: NoticeLineError(
                "conversation \"00000000-0000-0000-0000-000000000000\" is the nil UUID, which names no notice")
        ) {
            try NoticeLine.decode(#"{"name":"a","conversation":"00000000-0000-0000-0000-000000000000"}"#)
        }
    }
}
