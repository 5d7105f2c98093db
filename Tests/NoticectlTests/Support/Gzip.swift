import Foundation

/// The system's `gzip`, to read and write the compressed files noticectl's
/// archives are, as a user at a shell would.
enum Gzip {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The text of the gzip file at `path`.
    static func text(of path: String) throws -> String {
        String(decoding: try run(["-dc", path], input: nil), as: UTF8.self)
    }

    /// Writes `text`, compressed, to a new file at `path`.
    static func write(_ text: String, to path: String) throws {
        let compressed = try run(["-c"], input: Data(text.utf8))
        try compressed.write(to: URL(fileURLWithPath: path))
    }

    private static func run(_ arguments: [String], input: Data?) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip"] + arguments
        let output = Pipe(), feed = Pipe()
        process.standardOutput = output
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        try process.run()
        if let input {
            // Written from another thread so that neither pipe fills and stalls the other.
            let writer = feed.fileHandleForWriting
            DispatchQueue.global().async {
                writer.write(input)
                try? writer.close()
            }
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "gzip \(arguments) failed") }
        return data
    }
}
