import Foundation
import NoticeHub
import Synchronization

/// The documents' printed outputs, kept beside the tests.
enum Expected {
    static func lines(of demo: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Expected/\(demo).txt")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// Captures a demo's printed lines, splitting embedded newlines as print would.
final class Printed: Sendable {
    private let storage = Mutex<[String]>([])

    func callAsFunction(_ text: String) {
        storage.locked { $0.append(contentsOf: text.components(separatedBy: "\n")) }
    }

    var lines: [String] { storage.locked { $0 } }
}
