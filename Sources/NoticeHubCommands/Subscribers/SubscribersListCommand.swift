import ArgumentParser
import Foundation
import NoticeHub

struct SubscribersListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the durable subscribers: cursor, lag, parked notices, and whether each runs now.",
        discussion: ToolContext.named(
            """
            One line each: the name, the last notice it handled, how many notices \
            it has still to handle, how many it parked (`subscribers parked NAME` \
            lists them), and `running` while a process holds its name \
            (which listing asks for, and lets go of at once), else `stopped`. A \
            group's name (`subscribe --group`) says how many members hold notices \
            now and how many they hold, its cursor being the last notice handed \
            out; `--json` lists them under `group`.

            Example:
              noticectl subscribers list
              noticectl subscribers list --json
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print each subscriber as a JSON line.")
    var json = false

    /// One subscriber as `--json` prints it, its keys in alphabetical order.
    struct Line: Encodable {
        var cursor: Int64
        /// For a group's name: the members that hold notices, by name.
        var group: [Member]?
        var lag: Int64
        var name: String
        var parked: Int
        var running: Bool
    }

    /// A member of a group as `--json` prints it.
    struct Member: Encodable {
        var holds: Int
        var member: String
    }

    func run() throws {
        let journal = try journal.openJournal(creatingIfMissing: false)
        let hub = try NoticeHub(journal: journal)
        let parkedCounts = try hub.journal.parkedCounts()
        for subscriber in try hub.journal.statistics().subscribers {
            let group = try hub.journal.groupMembers(of: subscriber.name)
            let running = try group.map { !$0.isEmpty } ?? Self.isRunning(subscriber.name, in: journal)
            let parked = parkedCounts[subscriber.name] ?? 0
            if json {
                let line = Line(
                    cursor: subscriber.cursor,
                    group: group?.sorted { $0.key < $1.key }.map { Member(holds: $0.value, member: $0.key) },
                    lag: subscriber.lag, name: subscriber.name,
                    parked: parked, running: running)
                print(try OrderedJSONEncoder().encode(line))
            } else {
                print(
                    "\(subscriber.name)  at #\(subscriber.cursor)  \(CountText.grouped(subscriber.lag)) behind  "
                        + "\(CountText.grouped(parked)) parked  " + (running ? "running" : "stopped")
                        + (group.map { "  " + Self.describe($0) } ?? ""))
            }
        }
    }

    /// A group's members as the list prints them: `group: 2 members hold 5`.
    static func describe(_ group: [String: Int]) -> String {
        if group.isEmpty { return "group: no member holds notices" }
        let held = group.values.reduce(0, +)
        return "group: \(group.count) \(group.count == 1 ? "member holds" : "members hold") \(CountText.grouped(held))"
    }

    /// Whether a process holds `subscriber`'s name: a claim of it is refused.
    static func isRunning(_ subscriber: String, in journal: any NoticeJournal) throws -> Bool {
        do {
            try journal.claimSubscriber(subscriber).release()
            return false
        } catch let error as JournalError where error.code == .subscriberBusy {
            return true
        }
    }
}
