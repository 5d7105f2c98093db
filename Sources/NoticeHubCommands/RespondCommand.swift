import ArgumentParser
import Dispatch
import Foundation
import NoticeHub
import NoticeJSON

struct RespondCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "respond",
        abstract: "Answer requests of a name from any process until interrupted.",
        discussion: ToolContext.named(
            """
            The responder announces itself in the journal, so requesters count \
            it while it runs, and stop counting it once it ends, however it ends \
            (on PostgreSQL, a host that vanishes is let go within about 11 s). \
            A responder whose claim is lost while it runs (a server restart, a \
            network partition) says so on standard error and claims again as \
            soon as the server answers. \
            It answers each request with --reply's JSON, or with what --exec's \
            command prints: the command runs in /bin/sh with the \
            request's payload on standard input and NOTICEHUB_REQUEST_ID, \
            NOTICEHUB_REQUEST_NAME and NOTICEHUB_REQUEST_SENDER set; it must \
            print one JSON value and exit 0, or the requester gets a failure \
            naming what went wrong. Requests are answered one at a time. A \
            request posted more than a minute before the responder started, by \
            the requester's clock (an import, or a host whose clock is behind), \
            gets a failure saying so.

            Prints `answering NAME as SENDER` once it is announced, then one \
            line per request once its answer is journaled: `#SEQ from SENDER: \
            replied`, `#SEQ from SENDER: failed: REASON` (the requester was sent \
            the failure), or `#SEQ from SENDER: not answered: REASON` (the \
            journal took neither). Runs until interrupted (SIGINT or SIGTERM, exit 0); \
            a command answering then is ended, and its requester told so.

            Example:
              noticectl respond weather.now --reply '{"celsius":21}'
              noticectl respond weather.now --exec 'jq "{city: .city, celsius: 21}"'
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Argument(help: "The request name to answer.", transform: NoticeName.init(validating:))
    var name: NoticeName

    @Option(help: "Who answers (the replies' sender); default HOST:PID.", transform: Sender.init(validating:))
    var sender: Sender?

    @Option(
        help: ArgumentHelp(
            "The JSON value to answer with, or @FILE to read it from a file.", valueName: "json"))
    var reply: String?

    @Option(help: ArgumentHelp("A shell command whose output answers each request.", valueName: "command"))
    var exec: String?

    @Option(
        help: ArgumentHelp(
            "How long --exec's command may run (its output closed) before it is ended with its process group and the requester sent a failure; the requester's default --timeout.",
            valueName: "duration"))
    var execTimeout = DurationArgument(argument: "2s")!

    func validate() throws {
        if (reply == nil) == (exec == nil) { throw ValidationError("give exactly one of --reply and --exec") }
        if execTimeout.duration <= .zero { throw ValidationError("--exec-timeout must be more than 0") }
    }

    /// Why `json` is not one JSON value, in one line.
    private static func problem(with json: String) -> String {
        do {
            _ = try JSONParser.parse(json)
            return "none"
        } catch {
            return "\(error)"
        }
    }

    func run() throws {
        let answer: @Sendable (Notice) throws -> String
        if let reply {
            let json = try PayloadArgument.json(of: reply, option: "--reply")
            answer = { _ in json }
        } else {
            // A command that ends before reading the request must fail its
            // answer, not kill the responder with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            let (command, limit) = (exec!, execTimeout)
            answer = { request in
                let printed = try ShellAnswer.run(command, for: request, within: limit)
                guard (try? JSONParser.parse(printed)) != nil else {
                    throw CommandFailure("the command printed no JSON value: \(Self.problem(with: printed))")
                }
                return printed
            }
        }
        // A journal to answer on must exist: a mistyped path would otherwise
        // answer, unheard, on a new empty one.
        let hub = try journal.openHub(creatingIfMissing: false)
        let sender = try sender ?? Sender(validating: "\(ProcessInfo.processInfo.hostName):\(getpid())")
        // Each line says what the journal took, once it took it: a reply it
        // refused (too large, say) went out as a failure.
        let answering = try hub.respondAcrossProcesses(
            to: name, as: sender,
            onAnswer: { request, answered in
                let from = request.sender.map { TextField.shown($0.rawValue) } ?? "-"
                let sequence = request.sequence.map { "#\($0)" } ?? "-"
                switch answered {
                case .success(let answer) where answer.kind == .reply:
                    print("\(sequence) from \(from): replied")
                case .success(let failure):
                    let reason = (try? failure.decode([String: String].self))?["error"] ?? "no reason given"
                    print("\(sequence) from \(from): failed: \(reason)")
                case .failure(let error):
                    print("\(sequence) from \(from): not answered: \(error)")
                }
            }, jsonAnswer: answer)
        // The handlers come before the ready line: a signal sent on seeing
        // it must stop the responder, not fall between ignoring the signal
        // and handling it.
        let stop = DispatchSemaphore(value: 0)
        let signals = TerminationSignals.handle { stop.signal() }
        print("answering \(TextField.shown(name.rawValue)) as \(TextField.shown(sender.rawValue))")
        try StandardOutput.check()
        stop.wait()
        // A command answering now would hold the cancel up until it ends.
        ShellAnswer.stopRunning()
        answering.cancel()
        withExtendedLifetime(signals) {}
    }
}
