import Synchronization

/// The connections ``HubJournal``'s reads go through: opened when first
/// needed and kept, so that a read does not open the file (or take a server
/// session) each time. A read takes an idle connection, or opens one when
/// all are busy (a read inside another read's body, or reads on several
/// threads), and gives it back after; a connection whose read failed is
/// dropped, not kept.
///
/// `@unchecked Sendable`: a connection is used by one thread at a time, the
/// one that took it out of `idle`, which only the lock touches.
final class ReadConnections: @unchecked Sendable {
    /// How many idle connections are kept.
    static let kept = 2

    private let journal: any NoticeJournal
    private let lock = Mutex(())
    private var idle: [any JournalConnection] = []

    init(_ journal: any NoticeJournal) {
        self.journal = journal
    }

    /// The journal's location, for messages.
    var location: String { journal.location }

    /// Runs `body` with a connection of its own for its duration.
    func with<T>(_ body: (any JournalConnection) throws -> T) throws -> T {
        let connection = try take()
        let result = try body(connection)
        giveBack(connection)
        return result
    }

    private func take() throws -> any JournalConnection {
        let kept: (any JournalConnection)? = lock.locked { _ in idle.popLast() }
        return try kept ?? journal.connectForReading()
    }

    private func giveBack(_ connection: any JournalConnection) {
        lock.locked { _ in
            if idle.count < Self.kept { idle.append(connection) }
        }
    }
}
