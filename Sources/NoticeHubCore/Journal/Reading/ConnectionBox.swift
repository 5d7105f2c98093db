/// Hands a connection to another thread, which takes it and alone uses it
/// from then on (or until the thread that handed it over has waited for it to
/// finish). Connections are not `Sendable`: one owner at a time serializes
/// them.
final class ConnectionBox: @unchecked Sendable {
    private var connection: (any JournalConnection)?

    init(_ connection: any JournalConnection) {
        self.connection = connection
    }

    /// The connection, once: the box keeps no reference afterwards, so the
    /// taker's is the last one the receiving thread holds.
    func take() -> any JournalConnection {
        guard let connection else { preconditionFailure("ConnectionBox: the connection was already taken") }
        self.connection = nil
        return connection
    }
}
