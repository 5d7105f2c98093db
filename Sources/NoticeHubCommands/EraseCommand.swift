import ArgumentParser
import NoticeHub

struct EraseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase",
        abstract: "Erase the notices whose payloads carry a key, and rebuild what projections derived from them.",
        discussion: ToolContext.named(
            """
            Deletes every notice whose payload holds VALUE in its top-level FIELD (a \
            string equal to it, or a number equal to it when VALUE is written as one), \
            of every name or of those --names matches, then rebuilds each installed \
            projection that handles one of their names from the journal without them: \
            one transaction, so a crash leaves all of it done or none of it. Posting \
            waits until it commits.

            The notices are removed, not made unreadable: the journal stores payloads \
            as posted, so deleting them is what erases them. Their numbers are recorded \
            as erased and never used again, so verify counts them as erased instead of \
            reporting rows deleted behind the journal's back. Exports and archives \
            written afterwards hold neither them nor state derived from them; those \
            written before keep what they hold. A SQLite journal overwrites the bytes \
            they held and empties its write-ahead log into the file when no reader \
            holds it; PostgreSQL keeps dead rows until vacuum reuses their space.

            It refuses, changing nothing, when the journal's last notice carries the \
            key (the journal keeps its last notice, so that its number is never used \
            again: erase once another follows it), and when a projection this \
            noticectl does not carry handles one of the names. Without --names every \
            payload is read; with it only those of the names it matches.

            Example:
              noticectl erase --key user=alice --db app.sqlite
              noticectl erase --key account=42 --names 'billing.*' --db app.sqlite
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Option(
        help: ArgumentHelp(
            "The payload field and the value that mark the notices to erase: user=alice.", valueName: "field=value"))
    var key: String

    @Option(
        help: ArgumentHelp("Erase only the notices of this name or pattern.", valueName: "pattern"),
        transform: NoticeName.init(validating:))
    var names: NoticeName?

    func validate() throws {
        _ = try Self.erasureKey(key)
    }

    /// `text`, `FIELD=VALUE`, as a key, or a usage error saying what is wrong.
    static func erasureKey(_ text: String) throws -> ErasureKey {
        guard let equals = text.firstIndex(of: "=") else {
            throw ValidationError("--key takes FIELD=VALUE (user=alice), not \(TextField.shown(text))")
        }
        let key = ErasureKey(field: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
        if key.value.isEmpty { throw ValidationError("--key \(TextField.shown(text)) has no value after '='") }
        if let problem = key.problem { throw ValidationError("--key \(TextField.shown(text)): \(problem)") }
        return key
    }

    func run() throws {
        let key = try Self.erasureKey(key)
        let hub = try journal.openHub(creatingIfMissing: false)
        defer { try? hub.close() }
        let outcome: ErasureOutcome
        do {
            outcome = try hub.journal.erase(key, names: names)
        } catch let error as JournalError where error.code == .erasureRefused {
            guard "\(error)".contains("does not carry it") else { throw error }
            throw CommandFailure("\(error); \(CarriedProjections.howToCarry)")
        }
        guard outcome.erased > 0 else {
            print("no notice carries \(TextField.shown(key.description)): nothing erased")
            return
        }
        for (name, erased) in outcome.erasedByName.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            print("erased \(CountText.counted(erased, "notice")) named \(name)")
        }
        for identity in outcome.rebuiltProjections {
            print("rebuilt projection \(identity) without them")
        }
    }
}
