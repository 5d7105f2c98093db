import ArgumentParser
import NoticeHub

struct RetentionSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the journal's retention policy.",
        discussion: ToolContext.named(
            """
            Replaces the limits on the whole journal with those given; --keep-everything \
            clears them. With --name, sets the rule for the notices of that name or \
            pattern instead, each name it matches held to the limits on its own, and \
            leaves the other rules and the whole journal's limits as they are; \
            --keep-everything then removes the rule. Nothing is removed until \
            `noticectl retention apply`.

            Example:
              noticectl retention set --max-age 30d
              noticectl retention set --max-count 1000000
              noticectl retention set --max-bytes 20GiB
              noticectl retention set --name 'sensor.*' --max-age 7d
              noticectl retention set --name device.status --keep-latest-by device
              noticectl retention set --keep-everything
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Option(
        help: ArgumentHelp(
            "Set the rule for the notices of this name or pattern, not the whole journal's limits.",
            valueName: "name"),
        transform: NoticeName.init(validating:))
    var name: NoticeName?

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

    @Option(
        help: ArgumentHelp(
            "With --name: of each name's notices whose payloads hold the same value in this field, keep the newest.",
            valueName: "field"))
    var keepLatestBy: String?

    @Flag(help: "Keep every notice.")
    var keepEverything = false

    func validate() throws {
        let limited = maxAge != nil || maxCount != nil || maxBytes != nil || keepLatestBy != nil
        if keepEverything, limited { throw ValidationError("give --keep-everything or limits, not both") }
        if !keepEverything, !limited {
            throw ValidationError("give --max-age, --max-count, --max-bytes or --keep-everything")
        }
        if keepLatestBy != nil, name == nil { throw ValidationError("--keep-latest-by needs --name") }
        if let maxAge, maxAge.duration <= .zero { throw ValidationError("--max-age must be positive") }
        if let maxCount, maxCount < 1 { throw ValidationError("--max-count must be at least 1") }
        if let maxBytes, maxBytes.bytes < 1 { throw ValidationError("--max-bytes must be at least 1") }
    }

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        var policy = try hub.journal.retentionPolicy()
        if let name {
            policy.byName.removeAll { $0.names == name }
            if !keepEverything {
                policy.byName.append(
                    NameRetention(
                        name, maxAge: maxAge?.duration, maxCount: maxCount, maxBytes: maxBytes?.bytes,
                        keepingLatestBy: keepLatestBy))
            }
        } else {
            policy.maxAge = maxAge?.duration
            policy.maxCount = maxCount
            policy.maxBytes = maxBytes?.bytes
        }
        try hub.journal.setRetentionPolicy(policy)
        policy = try hub.journal.retentionPolicy()
        for line in RetentionShowCommand.lines(policy) { print(line) }
    }
}
