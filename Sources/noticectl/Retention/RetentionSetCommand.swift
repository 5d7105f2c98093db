import ArgumentParser
import NoticeHub

struct RetentionSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the journal's retention policy.",
        discussion: """
            Replaces the policy the journal holds with the limits given; --keep-everything \
            clears it. Nothing is trimmed until `noticectl retention apply`.

            Example:
              noticectl retention set --max-age 30d
              noticectl retention set --max-count 1000000
              noticectl retention set --max-bytes 20GiB
              noticectl retention set --keep-everything
            """
    )

    @OptionGroup var journal: JournalOptions

    @Option(
        help: ArgumentHelp("Trim notices posted longer ago than this: 90d, 12h, 30m.", valueName: "age"),
        transform: DurationArgument.parse)
    var maxAge: DurationArgument?

    @Option(help: ArgumentHelp("Keep at most this many notices, the newest.", valueName: "count"))
    var maxCount: Int64?

    @Option(
        help: ArgumentHelp(
            "Keep at most this much payload, the newest notices': 500000, 512KiB, 20MiB, 1.5GiB.",
            valueName: "size"),
        transform: ByteCountArgument.parse)
    var maxBytes: ByteCountArgument?

    @Flag(help: "Keep every notice.")
    var keepEverything = false

    func validate() throws {
        let limited = maxAge != nil || maxCount != nil || maxBytes != nil
        if keepEverything, limited { throw ValidationError("give --keep-everything or limits, not both") }
        if !keepEverything, !limited {
            throw ValidationError("give --max-age, --max-count, --max-bytes or --keep-everything")
        }
        if let maxAge, maxAge.duration <= .zero { throw ValidationError("--max-age must be positive") }
        if let maxCount, maxCount < 1 { throw ValidationError("--max-count must be at least 1") }
        if let maxBytes, maxBytes.bytes < 1 { throw ValidationError("--max-bytes must be at least 1") }
    }

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        let policy = RetentionPolicy(maxAge: maxAge?.duration, maxCount: maxCount, maxBytes: maxBytes?.bytes)
        try hub.setRetentionPolicy(policy)
        for line in RetentionShowCommand.lines(policy) { print(line) }
    }
}
