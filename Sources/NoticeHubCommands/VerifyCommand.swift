import ArgumentParser
import NoticeHub

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Check the journal's integrity, its rows, and that each installed projection's state is what the journal gives.",
        discussion: ToolContext.named(
            """
            Runs the storage's integrity check (SQLite's over every page), then checks every \
            row as export does (rows edited behind NoticeHub's back that it would refuse: a \
            sequence number below 1, an id that is not a UUID, a bad name or sender or a name \
            that is a pattern, a payload that is not JSON, a posting time that is not a time), \
            a payload larger than import accepts (1 MiB), that no sequence number is \
            missing, and that the counts `stats` reads agree with the rows; with --payloads, that each notice of a message type it carries decodes; then, for each installed projection this build carries, posts \
            the journal's notices of its names again, in order, under its rules into a scratch \
            journal (on a trimmed journal, after the state the journal starts from), and \
            compares every table it owns with the stored one, row by row; a \
            journaled notice those rules refuse is a difference too, and so is a stale \
            projection. A projection this build does not carry, or one trimmed without its \
            state, is named on stderr, unchecked. Exits 0 when all are sound, and saves \
            the last sequence number checked as the journal's checkpoint; otherwise lists \
            each problem or difference on stdout (malformed rows: the first \
            \(Self.listedRows), then how many more) and exits 1.

            --since-checkpoint checks only the rows after the checkpoint, the counts \
            against the span of sequence numbers, and whether a projection is stale: \
            a time that grows with what was appended since, not with the journal. It \
            skips the storage's check of every page and the rebuild of projections, \
            which a full verify does; without a checkpoint it is a full verify.

            Example:
              noticectl verify --db news.sqlite
              noticectl verify --since-checkpoint
            """)
    )

    /// Malformed rows listed at most; the rest are counted.
    static let listedRows = 20

    @OptionGroup var journal: JournalOptions

    @Flag(
        help: ArgumentHelp(
            ToolContext.named(
                "Also decode each notice of a message type this noticectl carries and list those that do not decode.")
        ))
    var payloads = false

    @Flag(help: ArgumentHelp("Check only what was appended since the last verify that found the journal sound."))
    var sinceCheckpoint = false

    func run() throws {
        // No projection: opening must not rebuild the state it is to check.
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        let found = try hub.journal.verify(
            projections: CarriedProjections.all, messageTypes: payloads ? CarriedMessages.all : [],
            sinceCheckpoint: sinceCheckpoint, listing: Self.listedRows)
        if sinceCheckpoint, found.checkpoint == nil {
            StandardError.writeLine("note: the journal has no checkpoint yet: verifying all of it")
        }
        if let problems = found.integrityProblems, !problems.isEmpty {
            for problem in problems { print(problem) }
            throw CommandFailure("the journal file is damaged (\(problems.count) integrity problems)")
        }
        if let malformed = found.malformedRows, !malformed.isEmpty { try Self.refuse(malformed) }
        if let undecodable = found.undecodable, undecodable.count > 0 {
            for notice in undecodable.listed { print(notice) }
            if undecodable.count > undecodable.listed.count {
                print("and \(undecodable.count - undecodable.listed.count) more")
            }
            throw CommandFailure(
                "\(CountText.grouped(undecodable.count)) of \(CountText.counted(undecodable.checked, "notice")) "
                    + "of the message types \(ToolContext.name) carries do not decode")
        }
        for unchecked in found.uncheckedProjections {
            let why =
                unchecked.trimmedFrom.map { "the journal starts at #\($0) and keeps no state of it to start from" }
                ?? "this \(ToolContext.name) does not carry it"
            StandardError.writeLine("note: projection \(unchecked.identity) not checked: \(why)")
        }
        guard found.projectionDifferences.isEmpty else {
            for difference in found.projectionDifferences { print(difference) }
            let count = found.projectionDifferences.count
            throw CommandFailure(
                "the stored state disagrees with the journal (\(count) \(count == 1 ? "difference" : "differences"))")
        }
        do {
            try hub.journal.saveVerifiedCheckpoint(found.checkedThrough)
        } catch {
            StandardError.writeLine("note: the checkpoint was not saved: \(error)")
        }
        let notices = CountText.counted(found.notices, "notice")
        if let erased = found.malformedRows?.erased, erased > 0 {
            print("\(CountText.counted(erased, "sequence number")) erased on purpose (erase), not missing")
        }
        if let checkpoint = found.checkpoint {
            let checked =
                found.checkedThrough > checkpoint
                ? "notices #\(checkpoint + 1)-#\(found.checkedThrough) are sound"
                : "nothing was appended since the checkpoint (#\(checkpoint))"
            print("ok: \(checked), and the counts agree with the journal (\(notices))")
        } else {
            print("ok: state agrees with the journal (\(notices))")
        }
    }

    /// Lists the malformed rows, gaps and miscounts, and fails.
    private static func refuse(_ malformed: MalformedRows) throws {
        for row in malformed.listed { print(row) }
        if malformed.count > malformed.listed.count {
            print("and \(malformed.count - malformed.listed.count) more")
        }
        for gap in malformed.gaps {
            print(
                gap.count == 1
                    ? "journal row #\(gap.lowerBound) is missing"
                    : "journal rows #\(gap.lowerBound)-#\(gap.upperBound) are missing")
        }
        if malformed.gapCount > malformed.gaps.count {
            print("and \(malformed.gapCount - malformed.gaps.count) more gaps")
        }
        for name in malformed.miscounted { print(name) }
        if let span = malformed.miscountedSpan { print(span) }
        var findings: [String] = []
        if malformed.count > 0 { findings.append(CountText.counted(malformed.count, "malformed row")) }
        if malformed.gapCount > 0 {
            findings.append(CountText.counted(malformed.gapCount, "gap") + " between sequence numbers")
        }
        if !malformed.miscounted.isEmpty {
            findings.append(
                CountText.counted(malformed.miscounted.count, "name") + " whose rows disagree with the journal's counts"
            )
        }
        if malformed.miscountedSpan != nil { findings.append("notices its counts disagree with") }
        throw CommandFailure("the journal holds \(findings.joined(separator: " and ")), edited behind NoticeHub's back")
    }
}
