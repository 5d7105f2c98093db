import Foundation
import Synchronization

/// The tool running now: its name, which help and messages say where
/// `noticectl` would, and what it carries. Set once by
/// ``NoticeToolCommand/main()``, before any command's configuration is
/// read; until then `noticectl` carrying nothing.
package enum ToolContext {
    private struct Current: Sendable {
        var name = "noticectl"
        var tool = NoticeTool()
    }

    private static let current = Mutex(Current())

    static func set(name: String, tool: NoticeTool) {
        current.withLock { $0 = Current(name: name, tool: tool) }
    }

    /// The tool's name (`noticectl`, `shopctl`).
    package static var name: String { current.withLock { $0.name } }

    /// What the tool carries.
    static var tool: NoticeTool { current.withLock { $0.tool } }

    /// `text` with the tool's name where it says `noticectl`: the commands'
    /// help and messages, written for noticectl, name the tool running.
    package static func named(_ text: String) -> String {
        let name = name
        return name == "noticectl" ? text : text.replacingOccurrences(of: "noticectl", with: name)
    }
}
