import ArgumentParser
import NoticeHub

struct ProjectionsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an installed projection: drop its tables and forget it.",
        discussion: ToolContext.named(
            """
            Drops the tables the projection declares, forgets the state the \
            journal starts from for it and takes it out of the journal's \
            registry, in one transaction. The notices stay, and its names can be \
            posted without it. Run it once no process carries the projection. \
            A hub opened with it later installs it anew and builds its state \
            from the journal. The projection must be one this build carries \
            (see `noticectl projections`).

            Example:
              noticectl projections remove news.likes
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
        // A hub that carries no projection: the one removed must not be carried.
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        defer { try? hub.close() }
        guard try hub.journal.removeProjection(projection) else {
            throw CommandFailure("the journal has not installed projection \(identity): nothing to remove")
        }
        print("removed \(identity): its tables are dropped; the notices stay")
    }
}
