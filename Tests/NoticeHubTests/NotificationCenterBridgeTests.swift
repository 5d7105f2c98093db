import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// Forwarding between a NotificationCenter and a hub, both ways: the way to
/// move an app's colleagues to NoticeHub one at a time.
struct NotificationCenterBridgeTests {
    /// At version 2, which a forwarded typed message keeps.
    struct Liked: NoticeMessage, Equatable {
        static let name: NoticeName = "news.liked"
        static let version = 2
        var newsID: Int
        var user: String
    }

    @Test func notificationsComeIntoTheHubAndItsJournalMappedBySenderAndPayload() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let center = NotificationCenter()
        let liked = Seen<Liked>()
        let observer = hub.observe(Liked.self) { message, notice in
            #expect(notice.sender == "feed")
            liked.append(message)
        }
        let inbound = hub.forward(.init("ArticleLiked"), from: center, as: "news.liked") { notification in
            guard let user = notification.userInfo?["user"] as? String else { return nil }
            return BridgedNotice(
                sender: "feed", payload: Liked(newsID: notification.userInfo?["newsID"] as? Int ?? 0, user: user))
        }
        center.post(name: .init("ArticleLiked"), object: nil, userInfo: ["newsID": 1, "user": "alice"])
        center.post(name: .init("ArticleLiked"), object: nil, userInfo: ["newsID": 2]) // left out by the map
        center.post(name: .init("Other"), object: nil, userInfo: ["newsID": 3, "user": "bob"])
        #expect(liked.all == [Liked(newsID: 1, user: "alice")])
        var versions: [Int] = []
        try hub.journal.read(JournalQuery()) { notice in
            versions.append(notice.version)
            return true
        }
        #expect(versions == [2])
        #expect(try hub.journal.lastSequence() == 1)

        inbound.cancel()
        center.post(name: .init("ArticleLiked"), object: nil, userInfo: ["newsID": 4, "user": "carol"])
        #expect(liked.all.count == 1 && inbound.isCancelled)
        observer.cancel()
    }

    @Test func aFailedForwardGoesToItsHandlerAndPostsNothing() throws {
        let hub = NoticeHub()
        let center = NotificationCenter()
        let failures = Seen<String>()
        let heard = Seen<NoticeName>()
        let observer = hub.observe(nil) { heard.append($0.name) }
        let inbound = hub.forward(.init("Pattern"), from: center, as: "news.*", onFailure: { failures.append("\($0)") })
        {
            _ in BridgedNotice()
        }
        center.post(name: .init("Pattern"), object: nil)
        #expect(failures.all.count == 1 && failures.all[0].contains("is a pattern"))
        #expect(heard.all.isEmpty)
        inbound.cancel()
        observer.cancel()
    }

    @Test func noticesGoOutToTheCenterWithTheNoticeItsSenderAndItsPayload() throws {
        let hub = NoticeHub()
        let center = NotificationCenter()
        let received = Seen<String>()
        let token = center.addObserver(forName: .init("news.liked"), object: nil, queue: nil) { notification in
            let notice = notification.userInfo?[NoticeHub.NotificationKeys.notice] as? Notice
            let sender = notification.userInfo?[NoticeHub.NotificationKeys.sender] as? String
            let json = notification.userInfo?[NoticeHub.NotificationKeys.payloadJSON] as? String
            received.append("\(notice?.name.rawValue ?? "-") \(sender ?? "-") \(json ?? "-")")
        }
        let renamed = Seen<Notification.Name>()
        let other = center.addObserver(forName: .init("Liked"), object: nil, queue: nil) { renamed.append($0.name) }
        let outbound = hub.forward("news.liked", to: center)
        let outboundRenamed = hub.forward("news.*", to: center, as: .init("Liked"))
        try hub.post(Liked(newsID: 1, user: "alice"), sender: "feed")
        #expect(received.all == [#"news.liked feed {"newsID":1,"user":"alice"}"#])
        #expect(renamed.all == [.init("Liked")])
        outbound.cancel()
        outboundRenamed.cancel()
        try hub.post(Liked(newsID: 2, user: "bob"))
        #expect(received.all.count == 1)
        center.removeObserver(token)
        center.removeObserver(other)
    }

    /// A name forwarded both ways reaches each side once.
    @Test func whatTheHubSentOutIsNotBroughtBackIn() throws {
        let hub = NoticeHub()
        let center = NotificationCenter()
        let heard = Seen<Int64?>()
        let observer = hub.observe("news.liked") { heard.append($0.sequence) }
        let outbound = hub.forward("news.liked", to: center, as: .init("ArticleLiked"))
        let inbound = hub.forward(.init("ArticleLiked"), from: center, as: "news.liked") { _ in
            BridgedNotice(sender: "legacy")
        }
        try hub.post("news.liked", sender: "feed")
        center.post(name: .init("ArticleLiked"), object: nil)
        #expect(heard.all.count == 2)
        outbound.cancel()
        inbound.cancel()
        observer.cancel()
    }

    /// A notification posted on the center reaches the center's observers
    /// once, not again as the hub's copy forwarded back out; on a journaled
    /// hub too, whose posts are delivered after they commit.
    @Test(arguments: [false, true])
    func whatTheCenterSentInIsNotSentBackOut(journaled: Bool) throws {
        let directory = TemporaryDirectory()
        let hub =
            journaled ? try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite"))) : NoticeHub()
        let center = NotificationCenter()
        let heardOnCenter = Seen<String?>()
        let heardOnHub = Seen<Sender?>()
        let centerObserver = center.addObserver(forName: .init("ArticleLiked"), object: nil, queue: nil) {
            heardOnCenter.append($0.userInfo?[NoticeHub.NotificationKeys.sender] as? String)
        }
        let observer = hub.observe("news.liked") { heardOnHub.append($0.sender) }
        let outbound = hub.forward("news.liked", to: center, as: .init("ArticleLiked"))
        let inbound = hub.forward(.init("ArticleLiked"), from: center, as: "news.liked") { _ in
            BridgedNotice(sender: "legacy")
        }
        center.post(name: .init("ArticleLiked"), object: nil)
        #expect(heardOnCenter.all == [nil])
        #expect(heardOnHub.all == ["legacy"])
        // The same notice still reaches another center, and another name.
        let other = NotificationCenter()
        let heardElsewhere = Seen<String>()
        let otherObserver = other.addObserver(forName: .init("ArticleLiked"), object: nil, queue: nil) {
            heardElsewhere.append($0.name.rawValue)
        }
        let toOther = hub.forward("news.liked", to: other, as: .init("ArticleLiked"))
        let renamed = hub.forward("news.liked", to: center, as: .init("Liked"))
        let renamedObserver = center.addObserver(forName: .init("Liked"), object: nil, queue: nil) {
            heardElsewhere.append($0.name.rawValue)
        }
        center.post(name: .init("ArticleLiked"), object: nil)
        #expect(heardOnCenter.all == [nil, nil])
        #expect(heardElsewhere.all.sorted() == ["ArticleLiked", "Liked"])
        // What a hub observer posts in turn, under another name forwarded to
        // the same notification, reaches the center.
        let reaction = hub.observe("news.liked") { notice in
            if notice.sender == "legacy" { _ = try? hub.post("news.counted", sender: "counter") }
        }
        let counted = hub.forward("news.counted", to: center, as: .init("ArticleLiked"))
        center.post(name: .init("ArticleLiked"), object: nil)
        // NotificationCenter promises no order among a post's observers.
        #expect(heardOnCenter.all.filter { $0 == nil }.count == 3)
        #expect(heardOnCenter.all.compactMap { $0 } == ["counter"])
        for token in [outbound, inbound, observer, toOther, renamed, reaction, counted] { token.cancel() }
        for (owner, token) in [(center, centerObserver), (other, otherObserver), (center, renamedObserver)] {
            owner.removeObserver(token)
        }
    }
}
