import NoticeHub
import Testing

struct PayloadTests {
    struct Position: Codable, Sendable, Equatable {
        var distance: Int
        var height: Int
    }

    @Test func typedMessagesNeedNoNamesOrCasts() throws {
        let hub = NoticeHub()
        let seen = Recorder<Liked>()
        let token = hub.observe(Liked.self) { liked, notice in
            #expect(notice.name == "news.liked")
            seen.append(liked)
        }
        try hub.post(Liked(newsID: 1, user: "alice"), sender: "feed")
        #expect(seen.elements == [Liked(newsID: 1, user: "alice")])
        withExtendedLifetime(token) {}
    }

    @Test func aLivePayloadReadsBackAsItselfOrThroughJSON() throws {
        let notice = try NoticeHub().post("moved", payload: Position(distance: 8, height: 10_000))
        #expect(try notice.decode(Position.self) == Position(distance: 8, height: 10_000))
        #expect(try notice.decode([String: Int].self) == ["distance": 8, "height": 10_000])
        #expect(try notice.payloadJSON().contains(#""height":10000"#))
    }

    @Test func aPayloadOfTheWrongShapeIsADescriptiveError() throws {
        let notice = try NoticeHub().post("moved", payload: ["distance": "far"])
        #expect {
            try notice.decode(Position.self)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("payload of moved is not a Position:") && text.contains("distance")
                && !text.contains("\n")
        }
    }

    /// A value whose own `init(from:)` throws a NoticeHubError (here an invalid
    /// name) is still reported as a payload that does not fit, naming the type.
    @Test func aFieldThatRefusesItsTextIsAPayloadMismatch() throws {
        struct Named: Codable { var name: NoticeName }
        let notice = try NoticeHub().post("named", json: #"{"name":""}"#)
        #expect {
            try notice.decode(Named.self)
        } throws: { error in
            guard (error as? NoticeHubError)?.code == .payloadMismatch else { return false }
            return "\(error)".hasPrefix("payload of named is not a Named:")
        }
    }

    @Test func aMissingPayloadReadsAsTheEmptyObject() throws {
        struct Nothing: Codable, Equatable {}
        let notice = try NoticeHub().post("ping")
        #expect(try notice.payloadJSON() == "{}")
        #expect(try notice.decode(Nothing.self) == Nothing())
        #expect(throws: NoticeHubError.self) { try notice.decode(Position.self) }
    }

    @Test func noticesCarryIdentityAndTime() throws {
        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let hub = NoticeHub()
        let first = try hub.post("a", sender: "s")
        let second = try hub.post("a")
        #expect(first.id != second.id)
        #expect(first.sender == "s" && second.sender == nil)
        // In-memory hubs stamp with the kernel tick clock (1-4 ms granularity,
        // more on a loaded machine).
        #expect(first.postedAtMilliseconds >= before - 100)
        #expect(first.sequence == nil && !first.isReplay, "in-memory notices are not journaled")
    }
}

import Foundation
