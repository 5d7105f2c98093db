import ArgumentParser
import Foundation
import NoticeHub
import NoticeHubPostgres

/// The `--db PATH|URL` option that every subcommand touching a journal
/// shares: a SQLite file, or with the `Postgres` trait a PostgreSQL URL.
package struct JournalOptions: ParsableArguments {
    /// The file used when neither `--db` nor `$NOTICEHUB_DB` names one.
    package static let defaultPath = "./noticehub.sqlite"

    @Option(
        name: [.customShort("d"), .customLong("db")],
        help: ArgumentHelp(
            "The journal: a file, or postgres://user@host:port/database, whose password comes from $PGPASSWORD or ~/.pgpass rather than the command line, where every local user sees it (default: $NOTICEHUB_DB, else \(defaultPath)).",
            valueName: "path|url"),
        completion: .file())
    package var explicitPath: String?

    /// The options as parsing makes them.
    package init() {}

    /// The journal's path: `--db`, else `$NOTICEHUB_DB`, else the default.
    package var path: String {
        if let explicitPath { return explicitPath }
        if let fromEnvironment = ProcessInfo.processInfo.environment["NOTICEHUB_DB"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return Self.defaultPath
    }

    package func validate() throws {
        if explicitPath?.isEmpty == true { throw ValidationError("--db needs a file path or a postgres:// URL") }
    }

    /// Whether the journal is a PostgreSQL database rather than a file.
    package var isPostgres: Bool { PostgresURL.isPostgresURL(path) }

    /// The journal as messages name it: the path, or the URL without its password.
    package var displayName: String {
        guard isPostgres else { return path }
        return (try? PostgresURL(path).description) ?? "the PostgreSQL journal"
    }

    /// The journal `--db` names, opened (and created or migrated, unless
    /// `creatingIfMissing` is false).
    package func openJournal(creatingIfMissing: Bool = true) throws -> any NoticeJournal {
        guard isPostgres else {
            // Said first: opening waits for an upgrade that rewrites every notice.
            if let upgrade = try? SQLiteJournal.pendingUpgrade(at: path), upgrade.rewritesNotices {
                StandardError.writeLine(
                    "note: upgrading \(path) from schema \(upgrade.from) to \(upgrade.to), "
                        + "which rewrites its notices (about 15-20 s a million)")
            }
            return try SQLiteJournal(path: path, creatingIfMissing: creatingIfMissing)
        }
        #if Postgres
            return try PostgresJournal(url: try PostgresURL(path), creatingIfMissing: creatingIfMissing)
        #else
            throw Self.builtWithoutPostgres
        #endif
    }

    /// Creates or migrates the journal, adopting a database of another
    /// application; returns the schema version (`noticectl init`).
    package func initialize() throws -> Int {
        guard isPostgres else { return try SQLiteJournal.initialize(path: path) }
        #if Postgres
            return try PostgresJournal.initialize(url: try PostgresURL(path))
        #else
            throw Self.builtWithoutPostgres
        #endif
    }

    package static let builtWithoutPostgres = CommandFailure(
        "this \(ToolContext.name) was built without PostgreSQL support; build it with `swift build -c release --traits Postgres`"
    )

    /// A hub on the journal with the projections it has installed that this
    /// build carries (``CarriedProjections``), plus `installing`, which are
    /// installed if need be (a command that needs one of its own projections).
    /// A notice that an installed projection this build lacks handles is
    /// refused, never journaled around it.
    ///
    /// Commands that only read pass `creatingIfMissing: false`, so a mistyped
    /// path is an error rather than a new empty journal.
    package func openHub(installing: [any Projection] = [], creatingIfMissing: Bool = true) throws -> NoticeHub {
        let journal = try openJournal(creatingIfMissing: creatingIfMissing)
        // Closed once the hub is open: the journal's server sessions, which
        // both use, stay open between them rather than close and open again
        // (a closing session holds its server slot until its backend exits).
        let reader = try NoticeHub(journal: journal)
        defer { try? reader.close() }
        let projections = try CarriedProjections.forJournal(read: reader, installing: installing)
        let progress = RebuildProgressLine()
        defer { progress.finish() }
        let hub = try NoticeHub(journal: journal, projections: projections, rebuildProgress: progress.show)
        progress.finish()
        for rebuild in hub.journal.openingRebuilds { RebuildProgressLine.report(rebuild) }
        return hub
    }

    /// Runs a command that writes: opens the hub, creating the journal if
    /// need be, and passes it to `body`. When `body` fails on a journal this
    /// command created, and nothing was journaled, the new file is removed
    /// again, so a refused post or a malformed import leaves no trace.
    package func writing<T>(installing: [any Projection] = [], _ body: (NoticeHub) throws -> T) throws -> T {
        // lstat: a dangling symbolic link counts as something already there.
        // A server's journal is never removed: its tables may be shared.
        let isNew = !isPostgres && (try? FileManager.default.attributesOfItem(atPath: path)) == nil
        var projections = installing
        if ToolContext.tool.installsOnWrite {
            let named = Set(installing.map(\.schema.identity))
            projections += CarriedProjections.all.filter { !named.contains($0.schema.identity) }
        }
        var hub: NoticeHub? = try openHub(installing: projections)
        do {
            return try body(hub!)
        } catch {
            if isNew, (try? hub?.journal.statistics().notices) == 0 {
                hub = nil
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            throw error
        }
    }
}
