import Foundation
public import NoticeHubCore

extension SQLiteJournal: ProjectionJournal {
    /// Runs `body` with a new SQLite journal in a temporary directory,
    /// removed afterwards.
    public func withScratchJournal<T>(_ body: (any ProjectionJournal) throws -> T) throws -> T {
        try Self.withScratchJournal(body)
    }

    /// A new SQLite journal in a temporary directory, removed after `body`:
    /// the scratch journal of every backend whose projections SQLite runs.
    package static func withScratchJournal<T>(_ body: (any ProjectionJournal) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("noticehub-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(SQLiteJournal(path: directory.appendingPathComponent("replay.sqlite").path))
    }
}
