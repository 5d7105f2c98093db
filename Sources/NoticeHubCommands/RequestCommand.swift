import ArgumentParser
import Foundation
import NoticeHub
import NoticeJSON

struct RequestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Ask the live responders of a name in any process; print each reply as it arrives.",
        discussion: ToolContext.named(
            """
            The responders asked are those running now (`noticectl respond`, or \
            a hub's respondAcrossProcesses), in any process on the journal or, on \
            PostgreSQL, on any host. With none it says so at once and journals \
            nothing. Otherwise the request and every reply are journaled as one \
            conversation, which `noticectl tail --conversation ID` lists.

            Each reply prints as `RESPONDER PAYLOAD` (`RESPONDER failed: REASON` \
            for a responder whose handler failed), and the last line says why the \
            collection stopped: allAnswered, maxRepliesReached, timedOut or \
            noResponders, with the request's id. A responder that dies mid-request \
            is not waited for. --json prints each reply as a notice line (its \
            "kind" is reply or failure) and the stop as \
            {"kind":"stop","stopReason":…,"asked":…,"replies":…,"request":…}: \
            select on .kind.

            Exits 1 when nobody answered.

            Example:
              noticectl request weather.now --payload '{"city":"Lyon"}' --timeout 2s
              noticectl request inventory.count --max 1 --json
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Argument(help: "The request's name.", transform: NoticeName.init(validating:))
    var name: NoticeName

    @Option(
        help: ArgumentHelp(
            "A JSON value, or @FILE to read it from a file (@- for standard input).", valueName: "json"))
    var payload = "{}"

    @Option(help: "Who asks; its own responders are not asked.", transform: Sender.init(validating:))
    var sender = (try? Sender(validating: ToolContext.name)) ?? "noticectl"

    @Option(
        parsing: .unconditional, help: "How long to wait for replies: 500ms, 2s, 1m.",
        transform: DurationArgument.parse)
    var timeout = DurationArgument(argument: "2s")!

    @Option(
        name: .customLong("wait-for-responders"), parsing: .unconditional,
        help: "First wait up to this long for a responder of the name to be listening, then ask: 2s.",
        transform: DurationArgument.parse)
    var waitForResponders: DurationArgument?

    @Option(name: .customLong("max"), help: "Stop after this many replies.")
    var maxReplies: Int?

    @Flag(help: "Print replies and the stop as JSON lines.")
    var json = false

    func validate() throws {
        if name.isPattern { throw ValidationError("\(NoticeHubError.patternNotPostable(name))") }
        if let maxReplies, maxReplies < 1 { throw ValidationError("--max must be at least 1") }
    }

    func run() throws {
        let json = try PayloadArgument.json(of: payload, option: "--payload")
        // No journal, no responder: a request never creates one.
        let hub = try journal.openHub(creatingIfMissing: false)
        if let waitForResponders {
            try ResponderWait.untilOneAnswers(name, askedBy: sender, on: hub, for: waitForResponders.duration)
        }
        let printer = ReplyPrinter(json: self.json)
        let (name, sender, timeout, maxReplies) = (name, sender, timeout.duration, maxReplies ?? .max)
        let collected = try AsyncWork.value {
            try await hub.collectAcrossProcesses(
                name, jsonPayload: json, from: sender, as: JSONValue.self, timeout: timeout,
                maxReplies: maxReplies, onReply: printer.print)
        }
        try printer.printStop(collected)
        if collected.replies.isEmpty { throw ExitCode.failure }
    }
}

/// How `request` prints replies and the stop, one line each.
struct ReplyPrinter: Sendable {
    let json: Bool

    func print(_ reply: Notice) {
        let responder = reply.sender.map { TextField.shown($0.rawValue) } ?? "-"
        let line: String
        if json {
            line = (try? NoticeLine.encode(reply)) ?? "{}"
        } else if reply.kind == .failure {
            let reason = (try? reply.decode([String: String].self))?["error"] ?? "no reason given"
            // From another process: quoted, on one line, when it holds control characters.
            let oneLine =
                reason.unicodeScalars.contains { QuotedText.isSpelled($0, .controls) }
                ? QuotedText.quoted(reason, spelling: .controls) : reason
            line = "\(responder) failed: \(oneLine)"
        } else {
            line = "\(responder) \((try? reply.payloadJSON()) ?? "{}")"
        }
        Swift.print(line)
        try? StandardOutput.check()
    }

    func printStop(_ collected: ReplyCollection<JSONValue>) throws {
        let reason = "\(collected.stopReason)"
        let request = collected.request.map { "\($0.id)" }
        if json {
            // "kind" tells the stop from the replies' notice lines; a request
            // that was never journaled (nobody to ask) has no "request".
            let requestField = request.map { #","request":"\#($0)""# } ?? ""
            Swift.print(
                #"{"kind":"stop","stopReason":"\#(reason)","asked":\#(collected.asked),"replies":\#(collected.replies.count)\#(requestField)}"#
            )
        } else {
            let counts = "\(collected.replies.count) of \(collected.asked) asked"
            Swift.print("\(reason): \(counts)" + (request.map { ", request \($0)" } ?? ""))
        }
        try StandardOutput.check()
    }
}
