import Foundation
import MetricsTestKit
import NoticeHub
import Testing
import TestSupport

@Suite("What a hub reports through swift-metrics")
struct HubMetricsTests {
    @Test func postsAndDeliveriesAreCounted() throws {
        let metrics = TestMetrics()
        let hub = NoticeHub(metrics: metrics)
        let tokens = [hub.observe("app.started") { _ in }, hub.observe("app.started") { _ in }]
        try hub.post("app.started")
        try hub.post("app.unheard")
        #expect(metrics.counterTotal(label: "noticehub.posts") == 2)
        #expect(metrics.counterTotal(label: "noticehub.deliveries") == 2)
        withExtendedLifetime(tokens) {}
    }

    @Test func commitsAreTimedAndReplaysAreNotPosts() throws {
        let directory = TemporaryDirectory()
        let metrics = TestMetrics()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")), metrics: metrics)
        let token = hub.observe("app.saved") { _ in }
        try hub.post("app.saved")
        try hub.post("app.saved")
        #expect(try hub.journal.replay() == 2)
        #expect(metrics.counterTotal(label: "noticehub.posts") == 2)
        #expect(metrics.counterTotal(label: "noticehub.deliveries") == 4)
        let commits = try metrics.expectTimer("noticehub.journal.commit.duration")
        #expect(commits.values.count == 2 && commits.values.allSatisfy { $0 > 0 })
        token.cancel()
        try hub.close()
    }

    @Test func requestsAreCountedByWhyTheyStopped() async throws {
        let metrics = TestMetrics()
        let hub = NoticeHub(metrics: metrics)
        let responder = hub.respond(to: "weather.asked", as: "Meteo") { _ in "sunny" }
        _ = try await hub.collect(
            "weather.asked", payload: "Paris", from: "Athos", as: String.self, timeout: .seconds(1))
        _ = try await hub.collect("tide.asked", payload: "Brest", from: "Athos", as: String.self, timeout: .seconds(1))
        #expect(metrics.counterTotal(label: "noticehub.requests", dimensions: [("stop", "allAnswered")]) == 1)
        #expect(metrics.counterTotal(label: "noticehub.requests", dimensions: [("stop", "noResponders")]) == 1)
        withExtendedLifetime(responder) {}
    }

    @Test func aFollowersLagIsTimed() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let metrics = TestMetrics()
        let follower = try NoticeHub(journal: SQLiteJournal(path: path), metrics: metrics)
        let heard = DispatchSemaphore(value: 0)
        let token = follower.observe("app.saved") { _ in heard.signal() }
        let following = try follower.journal.follow()
        let poster = try NoticeHub(journal: SQLiteJournal(path: path))
        try poster.post("app.saved")
        #expect(heard.wait(timeout: .now() + 60) == .success)
        let lag = try metrics.expectTimer("noticehub.follower.lag")
        #expect(lag.values.count == 1 && lag.values[0] >= 0)
        following.cancel()
        token.cancel()
        try poster.close()
        try follower.close()
    }
}
