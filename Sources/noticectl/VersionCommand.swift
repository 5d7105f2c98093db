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

    /// Bumped with every release; the schema version follows the migrations.
    static let line = "noticectl 0.1.0 (journal schema \(SQLiteJournal.schemaVersion))"

    func run() {
        print(Self.line)
    }
}
