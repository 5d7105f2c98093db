import ArgumentParser
import NoticeHub

struct TailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "List journaled notices in order; with --follow, keep listing new ones.",
        discussion: ToolContext.named(
            """
            Each line reads: sequence, time, name, sender (- for none), payload. A name \
            or sender holding spaces, quotes or invisible characters is printed in \
            double quotes, with the invisible ones spelled \\u{200B}; --json prints \
            them as stored. A request or reply shows its kind (request, reply, failure), \
            and a notice in a conversation shows conversation=ID and cause=ID, before \
            the payload.

            --conversation ID lists the notice ID and every notice of the \
            conversation it started: a request and its replies, or a notice and \
            what handlers posted because of it.

            Without --follow it lists from --from (default: the first notice the \
            journal holds) to the end; -n N \
            (--last N) lists the last N notices the filters select instead. With \
            -f (--follow) it starts with the last 10 of them, as tail -f does \
            (-n 0 for none, --from N to start at N), then prints, as they commit, the \
            notices any process posts, until interrupted (SIGINT or SIGTERM, exit 0) \
            or until --limit notices are printed.

            Example:
              noticectl tail -n 20
              noticectl tail --name news.liked --limit 10
              noticectl tail --name 'news.*' -f
              noticectl tail --conversation 0194f3b2-6c1e-7a3d-9c41-2f5e8d7b6a10 --json
              noticectl tail --follow --json | grep alice
            """)
    )

    @OptionGroup var journal: JournalOptions

    @OptionGroup var start: StartOption

    @Option(
        help: "Only notices with this name, or a pattern: news.* (one segment), news.> (one or more).",
        transform: NoticeName.init(validating:))
    var name: NoticeName?

    @Option(
        help: "Only notices from this sender (no index: the journal is scanned, with a status line on a terminal).",
        transform: Sender.init(validating:))
    var sender: Sender?

    @Option(help: "Only the notice with this id and the notices of its conversation.", transform: Self.noticeID)
    var conversation: NoticeID?

    @Option(help: "Stop after printing this many notices.")
    var limit: Int?

    @Option(
        name: [.customShort("n"), .customLong("last")], parsing: .unconditional,
        help: "Start with the last N notices the filters select.")
    var last: Int?

    @Flag(name: .shortAndLong, help: "Keep printing notices as they are committed (starting with the last 10).")
    var follow = false

    /// What `tail -f` shows of the journal before it follows, as tail(1) does.
    static let followBacklog = 10

    @Flag(help: "Print each notice as a JSON line.")
    var json = false

    static func noticeID(_ text: String) throws -> NoticeID {
        guard let id = NoticeID(text) else { throw ValidationError("\(text) is not a notice id (a UUID)") }
        return id
    }

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
        if let last, last < 0 { throw ValidationError("--last must not be negative") }
        if last != nil, start.from != nil { throw ValidationError("give --from or --last, not both") }
    }

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        var query = JournalQuery(
            from: try start.first(in: hub), names: name.map { [$0] }, sender: sender, conversation: conversation,
            limit: limit)
        if let count = last ?? (follow && start.from == nil ? Self.followBacklog : nil) {
            query.from = try TailStart.ofLast(count, selectedBy: query, in: hub)
        }
        // A row edited behind the library's back stops the listing, naming
        // it, as export does, rather than show `posted_at = 'abc'` as 1970.
        query.checksRows = true
        let format = NoticeFormat(json: json)
        if follow {
            try LiveTail(hub: hub, query: query, format: format).run()
        } else if sender != nil, name == nil, conversation == nil {
            try SenderScan(hub: hub, query: query, format: format).run()
        } else {
            try hub.journal.read(query) { notice in
                print(try format.line(for: notice))
                try StandardOutput.check()
                return true
            }
        }
    }
}
