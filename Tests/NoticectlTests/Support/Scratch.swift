import Foundation

/// A fresh directory for one test's files, removed when the test is done.
final class Scratch: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("noticectl-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }

    func bytes(_ name: String) -> Data? {
        FileManager.default.contents(atPath: path(name))
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }

    /// The directory's entries, sorted, to show that a command created nothing.
    func listing(_ name: String = ".") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(name)).sorted()
    }
}
