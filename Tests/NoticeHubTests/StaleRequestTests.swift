import Foundation
import Logging
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing
import TestSupport

/// A request posted well before a responder started, by the requester's
/// clock (an import, or a requester's host whose clock is behind), is
/// refused loudly: the requester gets a failure naming the clocks, and the
/// responder's `onAnswer` hears it. Nothing is dropped in silence.
struct StaleRequestTests {
    @Test func aRequestFromTwoMinutesBeforeTheResponderStartedGetsAFailure() async throws {
        let directory = TemporaryDirectory()
        let log = RecordedLog()
        let station = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")), logger: log.logger)
        let phone = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let heard = Mutex<[String]>([])
        let answering = try station.respondAcrossProcesses(
            to: "weather.now", as: "station",
            onAnswer: { request, answer in
                heard.withLock { $0.append("\(request.sequence ?? 0) \((try? answer.get().kind) ?? .notice)") }
            },
            jsonAnswer: { _ in #"{"celsius":21}"# })
        // As a requester two minutes behind the responder would post it.
        let twoMinutesAgo = WallClock.nowMilliseconds() - 120_000
        let request = try phone.post(
            Notice(
                stored: .next(), name: "weather.now", sender: "phone", postedAtMilliseconds: twoMinutesAgo,
                payloadJSON: Array(#"{"city":"Lyon"}"#.utf8), sequence: 0, kind: .request))
        #expect(await eventually { !heard.withLock { $0.isEmpty } })
        #expect(heard.withLock { $0 } == ["\(request.sequence!) failure"])
        let answers = try Self.notices(of: .failure, in: station)
        #expect(answers.count == 1)
        #expect(answers.first?.cause == request.id)
        let error = try answers.first?.decode(ReplyFailure.self).error ?? ""
        let seconds = error.split(separator: " ").dropFirst(3).first.flatMap { Int($0) }
        #expect(error.hasPrefix("not answered: posted ") && (115...125).contains(seconds ?? 0), "\(error)")
        #expect(error.contains("clocks disagree"), "\(error)")
        let warnings = log.all.filter { $0.level == .warning }
        #expect(
            warnings.map(\.message) == [
                "a request was refused: posted before the responder started, by the requester's clock"
            ])
        #expect(warnings.first?.metadata["request"] == "\(request.id)")
        #expect((115...125).contains(Int(warnings.first?.metadata["earlier_s"] ?? "") ?? 0))
        answering.cancel()
    }

    @Test func aRequestWithinTheToleranceIsAnswered() async throws {
        let directory = TemporaryDirectory()
        let station = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let phone = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let answering = try station.respondAcrossProcesses(to: "weather.now", as: "station", jsonAnswer: { _ in "21" })
        // A requester 30 s behind is within the minute tolerated.
        let request = try phone.post(
            Notice(
                stored: .next(), name: "weather.now", sender: "phone",
                postedAtMilliseconds: WallClock.nowMilliseconds() - 30_000,
                payloadJSON: Array("{}".utf8), sequence: 0, kind: .request))
        #expect(try await eventually { try !Self.notices(of: .reply, in: station).isEmpty })
        #expect(try Self.notices(of: .reply, in: station).map(\.cause) == [request.id])
        answering.cancel()
    }

    private static func notices(of kind: NoticeKind, in hub: NoticeHub) throws -> [Notice] {
        var found: [Notice] = []
        try hub.journal.read(JournalQuery(kinds: [kind])) {
            found.append($0)
            return true
        }
        return found
    }
}
