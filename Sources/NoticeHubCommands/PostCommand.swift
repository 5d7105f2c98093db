import ArgumentParser
import NoticeHub

struct PostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Journal and deliver one notice; print its sequence number.",
        discussion: ToolContext.named(
            """
            The number is printed once the notice's commit is durable. A notice a \
            projection handles follows its rules (a refused notice exits 1, journaling nothing).

            Example:
              noticectl post news.liked --payload '{"newsID":1,"user":"alice"}'
              noticectl post report.ready --payload @report.json
              noticectl post memo.saved --payload '{"body":"hi"}' --payload-version 2
              noticectl post order.placed --metadata tenant=acme --metadata request-id=r-17
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Argument(
        help: "The notice's name, e.g. news.liked: a literal, not a pattern such as news.*.",
        transform: NoticeName.init(validating:))
    var name: NoticeName

    @Option(help: "Who posts it.", transform: Sender.init(validating:))
    var sender: Sender?

    @Option(
        help: ArgumentHelp(
            "A JSON value, or @FILE to read it from a file (@- for standard input).", valueName: "json"))
    var payload = "{}"

    @Option(
        help: ArgumentHelp(
            "The payload's version, as a typed message of that version posts it (see NoticeMessage.version).",
            valueName: "n"))
    var payloadVersion = 1

    @Option(
        name: .customLong("metadata"),
        help: ArgumentHelp(
            "A metadata field the notice carries beside its payload; repeat for more (see NoticeMetadata).",
            valueName: "key=value"))
    var metadataFields: [String] = []

    func validate() throws {
        // Before the journal is opened (or made): a refused post leaves nothing.
        if name.isPattern { throw ValidationError("\(NoticeHubError.patternNotPostable(name))") }
        guard payloadVersion >= 1, Int32(exactly: payloadVersion) != nil else {
            throw ValidationError("--payload-version \(payloadVersion) is not one of 1...\(Int32.max)")
        }
        _ = try MetadataArgument.metadata(of: metadataFields)
    }

    func run() throws {
        let json = try PayloadArgument.json(of: payload, option: "--payload")
        let metadata = try MetadataArgument.metadata(of: metadataFields)
        try printSequence(
            of: try journal.writing {
                try $0.post(name, sender: sender, json: json, version: payloadVersion, metadata: metadata)
            })
    }
}
