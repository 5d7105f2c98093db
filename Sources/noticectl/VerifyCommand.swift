import ArgumentParser
import NoticeHub
import NoticeNews

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the file's integrity, and that the stored likes state is what replaying the journal gives.",
        discussion: """
            Runs SQLite's integrity check over every page, then compares the stored likes \
            state with a replay of the journal. Exits 0 when both are sound; otherwise lists \
            each problem or difference on stdout and exits 1.

            Example:
              noticectl verify --db news.sqlite
            """
    )

    @OptionGroup var journal: JournalOptions

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        let problems = try hub.journalIntegrityProblems()
        guard problems.isEmpty else {
            for problem in problems { print(problem) }
            throw CommandFailure("the journal file is damaged (\(problems.count) integrity problems)")
        }
        let differences = try NewsStore.differences(in: hub)
        guard differences.isEmpty else {
            for difference in differences { print(difference) }
            let count = differences.count
            throw CommandFailure(
                "the stored state disagrees with the journal (\(count) \(count == 1 ? "difference" : "differences"))")
        }
        let notices = try hub.journalStatistics().notices
        print("ok: state agrees with the journal (\(notices) \(notices == 1 ? "notice" : "notices"))")
    }
}
