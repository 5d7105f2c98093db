import Foundation
import NoticeHub
import NoticeJournalConformance
import NoticeNews
import Testing

/// A journal written by NoticeHub 0.1 (schema 3), whose core schema made
/// the news example's tables, opens under this release with its likes state
/// intact, now owned by the news projection. The fixtures were made by that
/// release's noticectl: a SQLite file, and a pg_dump of a PostgreSQL schema.
struct ReleaseUpgradeConformanceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Puts the release-0.1 journal where `place` opens.
    static func restoreRelease01(into place: JournalPlace, backend: Backend) throws {
        if backend.name == "SQLite" {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent("release-0.1.sqlite"), to: URL(fileURLWithPath: place.location))
        } else {
            try place.runSQL(String(contentsOf: fixtures.appendingPathComponent("release-0.1.pg.sql"), encoding: .utf8))
        }
    }

    @Test(arguments: Backend.all)
    func aRelease01JournalKeepsItsLikesStateUnderTheNewsProjection(backend: Backend) throws {
        let place = try backend.makePlace()
        try Self.restoreRelease01(into: place, backend: backend)

        let hub = try place.hub(projections: [LikesProjection()])
        #expect(try hub.journal.statistics().schemaVersion == backend.latestSchemaVersion)
        #expect(try hub.journal.lastSequence() == 7)
        // The upgrade counted the notices it found, once.
        let counted = try hub.journal.statistics()
        #expect(counted.notices == 7)
        #expect(counted.byName.map(\.count).reduce(0, +) == 7)
        #expect(try hub.journal.malformedRows().isEmpty)
        let state = try NewsStore.storedState(of: hub)
        #expect(state.feed == [NewsItem(id: 1, title: "News1", likes: 2), NewsItem(id: 2, title: "News2", likes: 0)])
        #expect(state.profiles == [Profile(user: "alice", givenLikes: 1), Profile(user: "bob", givenLikes: 1)])
        let installed = try hub.journal.installedProjections()
        #expect(installed.map(\.identity) == ["news.likes"])
        #expect(installed.first?.currentThrough == 7 && installed.first?.isStale == false)
        #expect(try hub.journal.projectionDifferences(LikesProjection()) == [])

        // The rules hold on, and new notices keep the state.
        #expect(throws: JournalError.refused(name: NewsLiked.name, reason: "alice already likes news 1")) {
            try hub.post(NewsLiked(newsID: 1, user: "alice"), sender: "feed")
        }
        try hub.post(NewsLiked(newsID: 2, user: "carol"), sender: "feed")
        #expect(try NewsStore.storedState(of: hub).feed.map(\.likes) == [2, 1])
        #expect(try hub.journal.statistics().notices == 8)
        #expect(try NewsStore.differences(in: hub) == [])
        // A hub without the projection may no longer post around it.
        #expect(throws: JournalError.projectionMissing(name: NewsLiked.name, projection: "news.likes")) {
            try place.hub().post(NewsLiked(newsID: 2, user: "dave"), sender: "feed")
        }
    }
}
