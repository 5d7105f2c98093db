import ArgumentParser
import NoticeHub

/// `noticectl version`, the same line as `noticectl --version`.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version of noticectl and the journal schema it writes.",
        discussion: """
            Example:
              noticectl version
            """
    )

    /// The library's version (`NoticeHub.release`) and the schema the migrations reach.
    static let line = "noticectl \(NoticeHub.release) (journal schema \(SQLiteJournal.schemaVersion))"

    func run() {
        print(Self.line)
    }
}
