import ArgumentParser
import NoticeHub

struct TailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "List journaled notices in order; with --follow, keep listing new ones.",
        discussion: """
            Each line reads: sequence, time, name, sender (- for none), payload. A name \
            or sender holding spaces, quotes or invisible characters is printed in \
            double quotes, with the invisible ones spelled \\u{200B}; --json prints \
            them as stored. A request or reply shows its kind (request, reply, failure), \
            and a notice in a conversation shows conversation=ID and cause=ID, before \
            the payload.

            --conversation ID lists the notice ID and every notice of the \
            conversation it started: a request and its replies, or a notice and \
            what handlers posted because of it.

            With --follow, after the existing notices it prints, as they commit, \
            the notices any process posts, until interrupted (SIGINT or SIGTERM, exit 0) \
            or until --limit notices are printed.

            Example:
              noticectl tail --name news.liked --limit 10
              noticectl tail --name 'news.*' --follow
              noticectl tail --conversation 0194f3b2-6c1e-7a3d-9c41-2f5e8d7b6a10 --json
              noticectl tail --follow --json | grep alice
            """
    )

    @OptionGroup var journal: JournalOptions

    @OptionGroup var start: StartOption

    @Option(
        help: "Only notices with this name, or a pattern: news.* (one segment), news.> (one or more).",
        transform: NoticeName.init(validating:))
    var name: NoticeName?

    @Option(help: "Only notices from this sender.", transform: Sender.init(validating:))
    var sender: Sender?

    @Option(help: "Only the notice with this id and the notices of its conversation.", transform: Self.noticeID)
    var conversation: NoticeID?

    @Option(help: "Stop after printing this many notices.")
    var limit: Int?

    @Flag(help: "Keep printing notices as they are committed.")
    var follow = false

    @Flag(help: "Print each notice as a JSON line.")
    var json = false

    static func noticeID(_ text: String) throws -> NoticeID {
        guard let id = NoticeID(text) else { throw ValidationError("\(text) is not a notice id (a UUID)") }
        return id
    }

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
    }

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        var query = JournalQuery(
            from: start.from, names: name.map { [$0] }, sender: sender, conversation: conversation, limit: limit)
        // A row edited behind the library's back stops the listing, naming
        // it, as export does, rather than show `posted_at = 'abc'` as 1970.
        query.checksRows = true
        let format = NoticeFormat(json: json)
        if follow {
            try LiveTail(hub: hub, query: query, format: format).run()
        } else {
            try hub.readJournal(query) { notice in
                print(try format.line(for: notice))
                try StandardOutput.check()
                return true
            }
        }
    }
}
