import Foundation
import NoticeHub

/// The ``ProjectionStore`` of a journal that keeps no SQL state: every
/// statement throws ``JournalError/storage(_:)``, naming the statement's
/// first line (never its values). Handed out, rather than thrown at once,
/// because the hub's writer asks for the store at the start of its
/// exclusive transactions (imports) and only projections run SQL on it.
final class NoSQLStore: ProjectionStore {
    /// No dialect a migration is written in.
    let dialect = SQLDialect("none")
    private let location: String

    init(location: String) {
        self.location = location
    }

    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int {
        throw refusal(sql)
    }

    func integer(_ sql: String, _ arguments: [SQLValue]) throws -> Int64? {
        throw refusal(sql)
    }

    func rows(_ sql: String, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws {
        throw refusal(sql)
    }

    func executeScript(_ sql: String) throws {
        throw refusal(sql)
    }

    private func refusal(_ sql: String) -> JournalError {
        let statement = sql.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return .storage(
            StorageFailure(
                "\(location) is an in-memory journal, which keeps no SQL state (projections need one): "
                    + "cannot run \(statement.trimmingCharacters(in: .whitespaces))"))
    }
}
