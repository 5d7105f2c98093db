import Foundation
import NoticeHub
import Testing
import TestSupport

/// The version is written once: `noticectl --version` prints it, and the
/// changelog's newest release is it.
struct VersionTests {
    @Test func versionAndChangelogAgree() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let line = "noticectl \(NoticeHub.release) (journal schema \(SQLiteJournal.schemaVersion))\n"
        #expect(try cli("--version") == .success(line))
        #expect(try cli("version") == .success(line))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(newest?.hasPrefix("## [\(NoticeHub.release)] - ") == true, "\(newest ?? "no release heading")")
    }
}
