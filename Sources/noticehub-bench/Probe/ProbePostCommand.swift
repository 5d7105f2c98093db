import ArgumentParser
import Foundation
import NoticeHub

/// Posts `count` notices named `probe`, one per transaction, each payload
/// its index; optionally stalls inside the transaction before it commits
/// (a projection sleeps), posts fixed ids so that several posters race on
/// the same notices, or posts each notice again after a failure until it
/// is acknowledged (appends are idempotent by id, so a retry after a lost
/// connection never doubles a notice).
struct ProbePostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Post test notices.",
        discussion: """
            Example:
              noticehub-bench probe post --db postgres://app@localhost/app --count 5000 --stall-one-in 5
            """
    )

    @OptionGroup var journal: ProbeJournal

    @Option(help: "How many notices to post.")
    var count: Int

    @Option(help: "The sender of every notice.", transform: Sender.init(validating:))
    var sender: Sender = "probe"

    @Option(help: "Stall one transaction in this many (0: never).")
    var stallOneIn = 0

    @Option(help: "The longest stall, in milliseconds (each is random, from 0).")
    var stallMilliseconds = 5

    @Flag(
        name: .customLong("shared-ids"),
        help: "Post the same ids as every other poster with this flag (notice i has id i).")
    var sharedIDs = false

    @Flag(help: "Post a notice again after a failure, for up to 30 s, and report the longest outage.")
    var retrying = false

    func run() throws {
        let projections: [any Projection] =
            stallOneIn > 0
            ? [StallingProjection(oneIn: stallOneIn, longest: .milliseconds(stallMilliseconds))] : []
        let hub = try NoticeHub(journal: journal.openJournal(), projections: projections)
        var appended = 0
        var longestOutage: Duration = .zero
        for index in 0..<count where !sharedIDs && !retrying {
            try hub.post("probe", sender: sender, payload: index)
            appended += 1
        }
        for index in 0..<count where sharedIDs || retrying {
            let id =
                sharedIDs ? String(format: "00000000-0000-4000-8000-%012x", index + 1) : UUID().uuidString.lowercased()
            let line = #"{"id":"\#(id)","name":"probe","sender":"\#(sender)","payload":\#(index)}"#
            var failedSince: ContinuousClock.Instant?
            while true {
                do {
                    appended += try hub.journal.importNotices([line]).imported
                    break
                } catch {
                    guard retrying else { throw error }
                    let since = failedSince ?? .now
                    failedSince = since
                    guard since.duration(to: .now) < .seconds(30) else { throw error }
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
            if let failedSince { longestOutage = max(longestOutage, failedSince.duration(to: .now)) }
        }
        try hub.close()
        let outage =
            retrying ? String(format: ", longest outage %.2f s", Double(longestOutage / .milliseconds(1)) / 1000) : ""
        print("posted \(count) notices, \(appended) new\(outage)")
    }
}
