import ArgumentParser
import NoticeHub

struct ProjectionsRebuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Rebuild a projection's state from the whole journal.",
        discussion: ToolContext.named(
            """
            Empties the projection's tables and replays every notice it handles \
            through it, in one transaction: posters wait until it commits, and \
            readers see the old state until then. Shows progress on a terminal; \
            prints what it did. Notices its rules refuse now change nothing and \
            are listed on stderr. The projection must be one this build carries \
            (see `noticectl projections`).

            Example:
              noticectl projections rebuild news.likes
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The projection's identity.", valueName: "identity"))
    var identity: String

    func validate() throws {
        _ = try CarriedProjections.named(identity)
    }

    func run() throws {
        let projection = try CarriedProjections.named(identity)
        let hub = try journal.openHub(installing: [projection], creatingIfMissing: false)
        if let rebuilt = hub.journal.openingRebuilds.first(where: { $0.identity == identity }) {
            // Opening installed it and rebuilt it already; the note said so.
            print(
                "rebuilt \(identity) from \(CountText.counted(rebuilt.replayed, "notice")), current through #\(rebuilt.currentThrough)"
            )
            return
        }
        let progress = RebuildProgressLine()
        let rebuilt = try hub.journal.rebuildProjection(identity, progress: progress.show)
        progress.finish()
        for refusal in rebuilt.refusals { StandardError.writeLine("note: \(refusal) (its rules refuse it now)") }
        print(
            "rebuilt \(identity) from \(CountText.counted(rebuilt.replayed, "notice")), current through #\(rebuilt.currentThrough)"
        )
    }
}
