/// Hands a connection to another thread, which alone uses it from then on (or
/// until the thread that handed it over has waited for it to finish).
/// Connections are not `Sendable`: one owner at a time serializes them.
final class ConnectionBox: @unchecked Sendable {
    let connection: any JournalConnection

    init(_ connection: any JournalConnection) {
        self.connection = connection
    }
}
