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
}
