import Foundation
import Logging
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// The log lines a hub writes, kept in memory: a handler for one logger,
/// with no global bootstrap.
final class RecordedLog: Sendable {
    struct Line: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let lines = Mutex<[Line]>([])

    var all: [Line] { lines.withLock { $0 } }

    /// A logger whose lines land here, at every level.
    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    func record(_ line: Line) { lines.withLock { $0.append(line) } }

    struct Handler: LogHandler {
        let log: RecordedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            log.record(
                Line(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
        }
    }
}

@Suite("What a hub logs about its journal")
struct JournalLoggingTests {
    @Test func openingAndClosingAreLoggedAtDebugWithTheJournalsLocation() throws {
        let directory = TemporaryDirectory()
        let path = directory.url.appendingPathComponent("journal.sqlite").path
        let log = RecordedLog()
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), logger: log.logger)
        try hub.close()
        let lines = log.all
        #expect(lines.map(\.message) == ["the journal is open", "the journal is closed"])
        #expect(lines.allSatisfy { $0.level == .debug && $0.metadata["journal"] == path })
    }

    @Test func aRefusedPostIsLoggedAtDebugWithoutItsPayload() throws {
        let directory = TemporaryDirectory()
        let log = RecordedLog()
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: directory.url.appendingPathComponent("journal.sqlite").path),
            payloadLimit: 64, logger: log.logger)
        let secret = String(repeating: "s", count: 100)
        #expect(throws: JournalError.self) { try hub.post("too.large", sender: "tester", payload: secret) }
        let refusal = try #require(log.all.first { $0.message == "a post was refused" })
        #expect(refusal.level == .debug)
        #expect(refusal.metadata["name"] == "too.large" && refusal.metadata["sender"] == "tester")
        #expect(refusal.metadata["error"]?.contains("64") == true)
        #expect(!log.all.contains { line in line.metadata.values.contains { $0.contains(secret) } })
        try hub.close()
    }
}
