public import Foundation

/// A fresh directory for one test's files, removed when the value goes away;
/// every test target makes its scratch files here.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("noticehub-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `text` to the file `name`, replacing it.
    public func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    /// The text of the file `name`.
    public func read(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }

    /// The bytes of the file `name`, or nil when there is none.
    public func bytes(_ name: String) -> Data? {
        FileManager.default.contents(atPath: path(name))
    }

    /// Whether `name` exists inside the directory.
    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }

    /// The entries of `name` (the directory itself by default), sorted: what
    /// a test shows to prove that a command created nothing.
    public func listing(_ name: String = ".") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(name)).sorted()
    }
}
