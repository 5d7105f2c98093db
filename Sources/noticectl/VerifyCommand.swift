import ArgumentParser
import NoticeHub
import NoticeNews

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the file's integrity, its rows, and that every table of the likes state is what the journal gives.",
        discussion: """
            Runs SQLite's integrity check over every page, then checks every row as export \
            does (rows edited behind NoticeHub's back that it would refuse: an id that is not \
            a UUID, a bad name or sender, a payload that is not JSON, a posting time that is \
            not a time), then posts the journal's news notices again, in order, under the likes \
            projection's rules, and compares every table it keeps (news, likes, profiles) with \
            the stored one; a journaled notice those rules refuse is a difference too. \
            Exits 0 when all are sound; otherwise lists each problem or difference on \
            stdout (malformed rows: the first \(Self.listedRows), then how many more) and exits 1.

            Example:
              noticectl verify --db news.sqlite
            """
    )

    /// Malformed rows listed at most; the rest are counted.
    static let listedRows = 20

    @OptionGroup var journal: JournalOptions

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        let problems = try hub.journalIntegrityProblems()
        guard problems.isEmpty else {
            for problem in problems { print(problem) }
            throw CommandFailure("the journal file is damaged (\(problems.count) integrity problems)")
        }
        let malformed = try hub.journalMalformedRows(limit: Self.listedRows)
        guard malformed.count == 0 else {
            for row in malformed.listed { print(row) }
            if malformed.count > malformed.listed.count { print("and \(malformed.count - malformed.listed.count) more") }
            let count = malformed.count
            throw CommandFailure(
                "the journal holds \(count) malformed \(count == 1 ? "row" : "rows"), edited behind NoticeHub's back")
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
