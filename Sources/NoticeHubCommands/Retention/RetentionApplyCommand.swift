import ArgumentParser
import NoticeHub

struct RetentionApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Trim the journal to its retention policy.",
        discussion: ToolContext.named(
            """
            Trims the notices older than the policy's maximum age and beyond its \
            maximum count, as `trim` does, then removes the notices its rules by name \
            do not keep, keeping the journal's last notice and the notices a durable \
            subscriber has not handled yet (it says which held the trim back). Run it \
            from cron or a timer to keep the journal trimmed.

            Example:
              noticectl retention apply --db app.sqlite
            """)
    )

    @OptionGroup var journal: JournalOptions

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        let progress = ProgressLine()
        defer { progress.finish() }
        let outcome = try hub.journal.applyRetention { progress.show("removed \(CountText.grouped($0.removed))") }
        progress.finish()
        if let subscriber = outcome.heldBackBy {
            StandardError.writeLine(
                "note: durable subscriber \(TextField.shown(subscriber)) has not handled older notices; they are kept")
        }
        if let trim = outcome.trim {
            print("removed \(CountText.counted(trim.removed, "notice")); the journal starts at #\(trim.firstRetained)")
        }
        for (name, removed) in outcome.removedByName.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            print("removed \(CountText.counted(removed, "notice")) named \(name)")
        }
        if outcome.trim == nil, outcome.removedByName.isEmpty { print("nothing to trim") }
    }
}
