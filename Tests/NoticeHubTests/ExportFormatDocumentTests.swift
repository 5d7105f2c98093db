import Foundation
import NoticeHub
import Testing

/// The samples of `docs/ExportFormat.md` read as the page says they do.
struct ExportFormatDocumentTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/ExportFormat.md")

    /// The page's JSON samples, in order.
    static func samples() throws -> [String] {
        let text = try String(contentsOf: page, encoding: .utf8)
        return text.components(separatedBy: "```json\n").dropFirst().map {
            String($0.prefix(while: { $0 != "`" })).trimmingCharacters(in: .newlines)
        }
    }

    @Test func theFullLineKeepsEveryFieldAndTheSmallestTakesDefaults() throws {
        let samples = try Self.samples()
        #expect(samples.count == 5)
        let full = try NoticeLine.decode(samples[0])
        #expect(full.id.description == "019a8f3c-5b2e-7d41-9c3a-2f6d8e1b4a77")
        #expect(full.name == "news.liked" && full.sender == "feed")
        #expect(try full.payloadJSON() == #"{"newsID":1,"user":"alice"}"#)
        #expect(NoticeLine.timestamp(full.postedAtMilliseconds) == "2026-11-21T15:04:05.123Z")
        // Written back, without `seq`: the journal numbers what it appends.
        #expect(try NoticeLine.encode(full) == samples[0].replacingOccurrences(of: #""seq":7,"#, with: ""))

        let before = Int64(Date().timeIntervalSince1970 * 1000)
        let smallest = try NoticeLine.decode(samples[1])
        #expect(smallest.name == "news.published" && smallest.sender == nil && smallest.kind == .notice)
        #expect(try smallest.payloadJSON() == #"{"id":1,"title":"News1"}"#)
        #expect(smallest.postedAtMilliseconds >= before)
        #expect(smallest.id != (try NoticeLine.decode(samples[1])).id, "a fresh id each time")
    }

    /// The state, archive and end lines are what the encoders write.
    @Test func theStateAndArchiveSamplesAreWhatNoticeHubWrites() throws {
        let samples = try Self.samples()
        let news = ProjectionTableState(
            name: "news", columns: ["id", "title", "likes"],
            rows: [[2, "Two", 1], [1, "One", 1]])
        let state = ProjectionSnapshot(
            identity: "news.likes", version: 1, schemaVersion: 1, through: 4, tables: [news])
        #expect(StateLine.encode(state).joined(separator: "\n") == samples[2])
        #expect(StateLine.projections(namedBy: samples[3]) == ["news.likes"])
        #expect(StateLine.archiveHeader(from: 1, through: 4, projections: ["news.likes"]) == samples[3])
        #expect(StateLine.archiveEnd(notices: 4) == samples[4])
    }
}
