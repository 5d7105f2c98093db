import Foundation
import NoticeHub
import Testing

/// Every backend keeps a notice's kind, conversation and cause, and reads
/// them back selected by conversation, kind and cause.
struct ConversationChecks {
    /// A request, its reply and failure, a notice a handler posted while the
    /// request was delivered, and an ordinary notice: every kind, and each
    /// link present and missing.
    static func exchange() -> [Notice] {
        let request = Notice(name: "price.ask", sender: "shop", payload: .json(#"{"item":7}"#), kind: .request)
        let reply = Notice(
            name: "price.ask", sender: "pricer", payload: .json(#"{"price":3}"#), kind: .reply,
            links: .caused(by: request))
        let failure = Notice(
            name: "price.ask", sender: nil, payload: .json(#"{"error":"no stock"}"#), kind: .failure,
            links: .caused(by: request))
        let followUp = Notice(name: "price.logged", sender: "audit", payload: .empty, links: .caused(by: reply))
        let ordinary = Notice(name: "price.logged", sender: nil, payload: .empty)
        return [request, reply, failure, followUp, ordinary]
    }

    /// What a read gives back of each notice's part in a conversation.
    struct Links: Equatable, CustomStringConvertible {
        var id: NoticeID
        var kind: NoticeKind
        var conversation: NoticeID?
        var cause: NoticeID?

        init(_ notice: Notice) {
            id = notice.id
            kind = notice.kind
            conversation = notice.conversation
            cause = notice.cause
        }

        var description: String {
            "\(id) \(kind) in \(conversation?.description ?? "-") after \(cause?.description ?? "-")"
        }
    }

    static func read(_ place: JournalPlace, _ query: JournalQuery = JournalQuery()) throws -> [Notice] {
        var notices: [Notice] = []
        try place.open().connect(durability: .always).read(query) {
            notices.append($0); return true
        }
        return notices
    }

    func postedNoticesKeepTheirKindConversationAndCause(backend: ConformanceBackend, durability: Durability) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(durability: durability)
        let exchange = Self.exchange()
        for notice in exchange { _ = try hub.post(notice) }
        try hub.close()
        let stored = try Self.read(place)
        #expect(stored.map(Links.init) == exchange.map(Links.init))
        #expect(stored.map(\.sequence) == [1, 2, 3, 4, 5])
        // Sanity of the fixture: the links are what the test means them to be.
        #expect(stored[1].conversation == stored[0].id && stored[3].conversation == stored[0].id)
        #expect(stored[3].cause == stored[1].id)
    }

    /// A batch in one statement (a durable group commit; an `INSERT …
    /// unnest` inside a transaction otherwise), mixing present and missing
    /// links, and repeating an id.
    func aBatchKeepsEachNoticesKindConversationAndCause(backend: ConformanceBackend, durability: Durability) throws {
        let place = try backend.makePlace()
        let exchange = Self.exchange()
        let records = (exchange + [exchange[1]]).map {
            JournalRecord(notice: $0, payloadJSON: (try? $0.payloadJSON()) ?? "{}")
        }
        let connection = try place.open().connect(durability: durability)
        try connection.beginAppending()
        let outcomes = connection.appendBatch(records) { _ in [] }
        try connection.commitAppending()
        #expect(
            try outcomes.map { try $0.get() } == [
                .appended(1), .appended(2), .appended(3), .appended(4), .appended(5), .duplicate(2),
            ])
        let stored = try Self.read(place)
        #expect(stored.map(Links.init) == exchange.map(Links.init))
        #expect(try stored.map { try $0.payloadJSON() } == exchange.map { try $0.payloadJSON() })
        #expect(stored.map(\.sender) == exchange.map(\.sender))
    }

    func readsSelectAConversationKindsAndACause(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let first = Self.exchange(), second = Self.exchange()
        for (one, other) in zip(first, second) {
            _ = try hub.post(one)
            _ = try hub.post(other)
        }
        func sequences(_ query: JournalQuery) throws -> [Int64] {
            try Self.read(place, query).map { $0.sequence! }
        }
        // first: 1, 3, 5, 7, 9; second: 2, 4, 6, 8, 10 (request, reply, failure, follow-up, ordinary).
        let conversation = first[0].id
        #expect(try sequences(JournalQuery(conversation: conversation)) == [1, 3, 5, 7])
        #expect(try sequences(JournalQuery(conversation: second[0].id)) == [2, 4, 6, 8])
        #expect(try sequences(JournalQuery(from: 2, conversation: conversation)) == [3, 5, 7])
        #expect(try sequences(JournalQuery(names: ["price.logged"], conversation: conversation)) == [7])
        #expect(try sequences(JournalQuery(conversation: conversation, limit: 2)) == [1, 3])
        #expect(try sequences(JournalQuery(conversation: first[4].id)) == [9], "a notice alone is its own conversation")

        #expect(try sequences(JournalQuery(kinds: [.notice])) == [7, 8, 9, 10])
        #expect(try sequences(JournalQuery(kinds: [.request])) == [1, 2])
        #expect(try sequences(JournalQuery(kinds: [.reply, .failure])) == [3, 4, 5, 6])
        #expect(try sequences(JournalQuery(kinds: [.notice, .failure])) == [5, 6, 7, 8, 9, 10])
        #expect(try sequences(JournalQuery(kinds: [])) == [])
        #expect(try sequences(JournalQuery(kinds: Set(NoticeKind.allCases))) == Array(1...10))
        #expect(try sequences(JournalQuery(from: 4, names: ["price.ask"], kinds: [.reply, .request], limit: 1)) == [4])
        #expect(try sequences(JournalQuery(conversation: conversation, kinds: [.notice])) == [7])

        var replies = JournalQuery(conversation: conversation)
        replies.cause = first[0].id
        #expect(try sequences(replies) == [3, 5])
        var caused = JournalQuery(kinds: [.notice])
        caused.cause = second[1].id
        #expect(try sequences(caused) == [8])
        caused.from = 9
        #expect(try sequences(caused) == [])
    }

    /// A kind the library could not have written (its CHECK dropped behind
    /// NoticeHub's back) is refused by name, on every backend alike.
    func aKindNoNoticeHasIsRefused(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        _ = try place.hub().post(Self.exchange()[0])
        try place.runSQL(
            backend.name == "SQLite"
                ? "PRAGMA ignore_check_constraints = ON; UPDATE notices SET extra = json_set(extra, '$.kind', 'bogus')"
                : "ALTER TABLE notices DROP CONSTRAINT notices_kind_check; UPDATE notices SET kind = 'bogus' WHERE seq = 1"
        )
        for checksRows in [false, true] {
            var query = JournalQuery()
            query.checksRows = checksRows
            #expect(
                throws: JournalError.malformedRow(
                    sequence: 1, problem: #"kind "bogus" is not request, reply or failure"#)
            ) {
                try Self.read(place, query)
            }
        }
    }
}
