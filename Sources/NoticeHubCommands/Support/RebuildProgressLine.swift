import NoticeHub

/// What a command shows while opening a journal rebuilds a projection:
/// `rebuilding news.likes: 42% · 420,000 notices · 130,000/s · about 4 s left`
/// on a terminal, and afterwards one line on stderr saying what was rebuilt.
final class RebuildProgressLine {
    private let line = ProgressLine()

    func show(_ progress: RebuildProgress) {
        var parts = [
            "\(Int(progress.fraction * 100))%", "\(CountText.grouped(progress.replayed)) notices",
            "\(CountText.grouped(Int(progress.rate)))/s",
        ]
        if let left = progress.secondsLeft { parts.append("about \(ImportProgress.duration(left)) left") }
        line.show("rebuilding \(progress.identity): " + parts.joined(separator: " · "))
    }

    func finish() {
        line.finish()
    }

    /// `note: rebuilt projection news.likes (version 1) from 1,204 notices, current through #1500`
    static func report(_ rebuild: ProjectionRebuild) {
        StandardError.writeLine(
            "note: rebuilt projection \(rebuild.identity) (version \(rebuild.version)) from "
                + CountText.counted(rebuild.replayed, "notice") + ", "
                + "current through #\(rebuild.currentThrough)")
        for refusal in rebuild.refusals { StandardError.writeLine("note: \(refusal) (its rules refuse it now)") }
        if rebuild.refusedCount > rebuild.refusals.count {
            StandardError.writeLine("note: and \(rebuild.refusedCount - rebuild.refusals.count) more refused")
        }
    }
}
