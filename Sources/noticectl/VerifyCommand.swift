import ArgumentParser
import NoticeHub
import NoticeNews

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that the stored likes state is what replaying the journal gives.",
        discussion: """
            Exits 0 when they agree; otherwise lists each difference on stdout and exits 1.

            Example:
              noticectl verify --db news.sqlite
            """
    )

    @OptionGroup var journal: JournalOptions

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
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
