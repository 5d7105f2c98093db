import NoticeHub
import Testing

/// A projection's state observed on every backend that keeps it: the value
/// is read at once, again after this hub's commits before the post returns,
/// and after another journal object's commits (another process's, on a
/// server another host's), with equal values dropped.
struct StateObservationChecks {
    typealias Clicks = ProjectionLifecycleChecks.Clicks

    static func total(_ store: any ProjectionStore) throws -> Int64 {
        try store.integer("SELECT coalesce(sum(count), 0) FROM clicks", []) ?? 0
    }

    func observedStateFollowsThisHubsAndAnotherJournalsCommits(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [Clicks()])
        try hub.post("page.clicked", payload: "home")
        let seen = Collected<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { seen.append($0) }
        #expect(seen.elements == [1])
        try hub.post("page.clicked", payload: "home")
        try hub.post("unrelated")
        #expect(seen.elements == [1, 2])

        let other = try place.hub(projections: [Clicks()])
        try other.post("page.clicked", payload: "about")
        try waitUntil { seen.elements.last == 3 }
        #expect(seen.elements == [1, 2, 3])
        token.cancel()
        try other.post("page.clicked", payload: "about")
        try hub.post("page.clicked", payload: "about")
        #expect(seen.elements == [1, 2, 3])
    }
}
