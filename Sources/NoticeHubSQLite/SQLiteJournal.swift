import Foundation
import NoticeSQLite
public import NoticeHubCore

/// The embedded journal: one SQLite file in WAL mode, which any number of
/// processes may append to and follow at once.
///
/// Opening checks the file first, without writing a byte: a directory, a
/// file that is not SQLite, another application's database, a damaged one or
/// one from a newer NoticeHub are refused with a clear `JournalError`. A
/// missing file is created with mode 0600 (notices may be private); the lock
/// files beside it (`-responders`, `-subscribers`) take the journal's mode,
/// so a group that shares a journal (0660) shares its claims. Only
/// `initialize(path:)` adopts an existing foreign database.
///
/// ```swift
/// let journal = try SQLiteJournal(path: "noticehub.sqlite")
/// let hub = try NoticeHub(journal: journal)
/// ```
public final class SQLiteJournal: NoticeJournal {
    /// The file's path.
    public let path: String
    /// How long a connection waits for another process's write lock before
    /// giving up; long, because appenders queue rather than fail.
    static let busyTimeoutMilliseconds = 60_000

    /// A cap on the database's size in pages, for tests that fill the disk.
    let maxPageCount: Int?

    /// Opens and migrates the journal at `path`; a missing file is created
    /// unless `creatingIfMissing` is false (then `JournalError/missing(path:)`),
    /// which suits tools that only read: they also refuse an empty file or an
    /// empty SQLite database rather than make a journal of it.
    public convenience init(path: String, creatingIfMissing: Bool = true) throws(JournalError) {
        try self.init(path: path, adoptingForeignDatabase: false, creatingIfMissing: creatingIfMissing)
    }

    /// Opens the journal as if the disk held only `maxPageCount` pages.
    convenience init(path: String, maxPageCount: Int) throws(JournalError) {
        try self.init(path: path, adoptingForeignDatabase: false, maxPageCount: maxPageCount)
    }

    /// Creates or migrates the journal at `path`, adopting another
    /// application's SQLite database if need be; returns the schema version.
    @discardableResult
    public static func initialize(path: String) throws(JournalError) -> Int {
        _ = try SQLiteJournal(path: path, adoptingForeignDatabase: true)
        return Migration.latestVersion
    }

    /// The schema version this build writes.
    public static var schemaVersion: Int { Migration.latestVersion }

    private init(
        path: String, adoptingForeignDatabase: Bool, creatingIfMissing: Bool = true, maxPageCount: Int? = nil
    ) throws(JournalError) {
        self.path = path
        self.maxPageCount = maxPageCount
        if let problem = SQLiteLibrary.problem() { throw .cannotOpen(path: path, detail: problem) }
        switch try DatabaseInspection.inspect(path: path) {
        case .fresh:
            guard creatingIfMissing else {
                guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
                throw .cannotOpen(path: path, detail: "the file is empty, not a journal")
            }
            try Self.createPrivately(path)
            try startFresh()
        case .noticeHub(version: 0) where !creatingIfMissing:
            throw .cannotOpen(path: path, detail: "the database holds no journal")
        case .noticeHub(let version) where version > Migration.latestVersion:
            throw .newerSchema(path: path, found: version, supported: Migration.latestVersion)
        case .noticeHub:
            break
        case .foreign(let tables):
            guard adoptingForeignDatabase else { throw .foreignDatabase(path: path, tables: tables) }
        }
        let connection = try openConnection(synchronous: .full)
        if !Migrator.freeingPages.isDisjoint(with: try Migrator.migrate(connection, path: path)) {
            FreePages.releaseAfterRebuild(connection)
        }
    }

    /// The file's path, as errors and tools name the journal.
    public var location: String { path }

    /// A connection of its own, synchronous as `durability` asks: FULL for
    /// `.always` and `.batched`, OFF for `.never`.
    public func connect(durability: Durability) throws -> any JournalConnection {
        let synchronous: SQLiteConnection.SynchronousMode = durability == .never ? .off : .full
        let connection = try openConnection(synchronous: synchronous)
        return SQLiteJournalConnection(connection, growsLogFirst: synchronous == .full)
    }

    /// Locks the subscriber's name in the file `<path>-subscribers` (see
    /// `SubscriberClaim`); the kernel drops the lock if the process dies.
    public func claimSubscriber(_ subscriber: String) throws -> any SubscriberClaim {
        try SubscriberLock.claim(subscriber, journalPath: path)
    }

    /// A configured connection: WAL (checked), busy timeout, synchronous mode.
    func openConnection(synchronous: SQLiteConnection.SynchronousMode) throws(JournalError) -> SQLiteConnection {
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            connection.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
            try connection.enableWAL()
            try connection.setSynchronous(synchronous)
            if let maxPageCount { try connection.execute("PRAGMA max_page_count = \(maxPageCount)") }
            return connection
        } catch let error as SQLiteError {
            throw error.journalError(path: path)
        } catch {
            throw .cannotOpen(path: path, detail: "\(error)")
        }
    }

    /// Writes a new file's header: incremental auto-vacuum, so that a trim
    /// can give freed pages back to the file system (SQLite takes the
    /// setting only before the header is first written, which switching to
    /// WAL does), then WAL.
    private func startFresh() throws(JournalError) {
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWrite)
            // Another process may be starting the same file.
            connection.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
            try connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
            try connection.enableWAL()
        } catch let error as SQLiteError {
            throw error.journalError(path: path)
        } catch {
            throw .cannotOpen(path: path, detail: "\(error)")
        }
    }

    /// Creates an empty file readable and writable by its owner only; SQLite
    /// gives its -wal and -shm files the same mode.
    private static func createPrivately(_ path: String) throws(JournalError) {
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
        close(descriptor)
    }
}
