import NoticeSQLite
public import NoticeHubCore

extension SQLiteJournal: ResponderClaimingJournal {
    /// Locks a random key in the file `<path>-responders`, then writes the
    /// claim's row (a `ResponderLock`); the kernel drops the lock if the
    /// process dies.
    public func claimResponder(_ responder: Sender, answering name: NoticeName) throws -> any ResponderClaim {
        try ResponderLock.claim(responder, answering: name, in: self)
    }

    /// The rows of `responders` whose key's lock is held, in key order.
    /// Rows whose lock nobody holds are deleted, when the journal may be
    /// written.
    public func liveResponders() throws -> [LiveResponder] {
        try withResponderTable { table in
            var rows: [LiveResponder] = []
            try table.rows("SELECT key, name, responder FROM responders ORDER BY key", []) { row in
                // A row NoticeHub did not write is passed over: a key out of
                // range would make the lock test fail for every row.
                guard let key = row[0].integer, ResponderRows.keys.contains(key), case .text(let name) = row[1],
                    case .text(let responder) = row[2]
                else { return }
                rows.append(
                    LiveResponder(responder: Sender(trusted: responder), name: NoticeName(trusted: name), key: key))
            }
            let live = try responderLocks.lockedKeys(among: rows.map(\.key))
            try? ResponderRows.delete(rows.map(\.key).filter { !live.contains($0) }, from: table)
            return rows.filter { live.contains($0.key) }
        }
    }

    /// The keys whose lock is held: the lock file alone answers.
    public func liveResponderKeys(among keys: Set<Int64>) throws -> Set<Int64> {
        try responderLocks.lockedKeys(among: keys)
    }

    /// The lock file of responders' claims.
    var responderLocks: KeyedLockFile { KeyedLockFile(journalPath: path, family: "responder") }

    /// Runs `body` on a connection of its own, turning SQLite's errors
    /// into `JournalError/storage(_:)`.
    func withResponderTable<T>(_ body: (any ProjectionStore) throws -> T) throws -> T {
        let connection = try openConnection(synchronous: .full)
        do {
            return try body(SQLiteProjectionStore(connection))
        } catch let error as SQLiteError {
            throw JournalError.storage(StorageFailure(error.description, underlying: error))
        }
    }
}
