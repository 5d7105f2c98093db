import ArgumentParser
import NoticeBench
import NoticeHub

/// Times requests across processes against the responders running now, one
/// request at a time: the round trip when they answer, or how soon a request
/// learns that nobody does (`scripts/cross-host-claims` runs it on one
/// host with the responder on another).
struct ProbeRequestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Time requests across processes.",
        discussion: """
            Example:
              noticehub-bench probe request bench.ask --db postgres://app@10.0.0.1/app --count 200
            """
    )

    @OptionGroup var journal: ProbeJournal

    @Argument(help: "The request name.", transform: NoticeName.init(validating:))
    var name: NoticeName

    @Option(help: "How many requests to time.")
    var count = 200

    @Flag(help: "Expect no responder: time the noResponders answers.")
    var none = false

    func validate() throws {
        if count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        let (name, count, none) = (name, count, none)
        let latencies = try Blocking.value {
            none
                ? try await RequestAcrossProcessesBench.noResponders(hub, name: name, count: count)
                : try await RequestAcrossProcessesBench.roundTrips(hub, name: name, count: count)
        }
        let what = none ? "noResponders" : "round trip"
        print(
            "\(what): median \(Self.ms(latencies.median)) ms, p99 \(Self.ms(latencies.p99)) ms, max \(Self.ms(latencies.max)) ms (\(count) requests)"
        )
    }

    private static func ms(_ value: Double) -> String {
        String((value * 100).rounded() / 100)
    }
}
