import ArgumentParser
import Foundation
import NoticeHub
import NoticeNews

/// The `--db PATH` option that every subcommand touching a journal shares.
struct JournalOptions: ParsableArguments {
    /// The file used when neither `--db` nor `$NOTICEHUB_DB` names one.
    static let defaultPath = "./noticehub.sqlite"

    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The journal file (default: $NOTICEHUB_DB, else \(defaultPath)).", valueName: "path"))
    var explicitPath: String?

    /// The journal's path: `--db`, else `$NOTICEHUB_DB`, else the default.
    var path: String {
        if let explicitPath { return explicitPath }
        if let fromEnvironment = ProcessInfo.processInfo.environment["NOTICEHUB_DB"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return Self.defaultPath
    }

    func validate() throws {
        if explicitPath?.isEmpty == true { throw ValidationError("--db needs a file path") }
    }

    /// A hub on the journal with the likes projection, so the news rules hold
    /// whichever command (post, import, news) writes a news notice.
    ///
    /// Commands that only read pass `creatingIfMissing: false`, so a mistyped
    /// path is an error rather than a new empty journal.
    func openHub(creatingIfMissing: Bool = true) throws -> NoticeHub {
        try NoticeHub(
            journal: SQLiteJournal(path: path, creatingIfMissing: creatingIfMissing), projections: [LikesProjection()])
    }

    /// Runs a command that writes: opens the hub, creating the journal if
    /// need be, and passes it to `body`. When `body` fails on a journal this
    /// command created, and nothing was journaled, the new file is removed
    /// again, so a refused post or a malformed import leaves no trace.
    func writing<T>(_ body: (NoticeHub) throws -> T) throws -> T {
        // lstat: a dangling symbolic link counts as something already there.
        let isNew = (try? FileManager.default.attributesOfItem(atPath: path)) == nil
        var hub: NoticeHub? = try openHub()
        do {
            return try body(hub!)
        } catch {
            if isNew, (try? hub?.journalStatistics().notices) == 0 {
                hub = nil
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            throw error
        }
    }
}
