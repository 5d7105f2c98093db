internal import CSQLite

/// The SQLite library this process runs, and the oldest it may be.
package enum SQLiteLibrary {
    /// The oldest SQLite the journal works with: 3.37.0 brought
    /// `sqlite3_changes64`, and 3.34.0 `sqlite3_txn_state`, both of which it calls.
    package static let minimumVersion = 3_037_000

    /// The running library's version, as SQLite numbers it (3.45.1 is 3045001).
    package static var version: Int { Int(sqlite3_libversion_number()) }

    /// `3.45.1` for 3045001.
    package static func text(of version: Int) -> String {
        "\(version / 1_000_000).\(version / 1_000 % 1_000).\(version % 1_000)"
    }

    /// Why a library of `version` cannot run the journal, in one line; nil
    /// when it can.
    package static func problem(version: Int = version) -> String? {
        guard version < minimumVersion else { return nil }
        return "NoticeHub needs SQLite \(text(of: minimumVersion)) or newer, and this process runs \(text(of: version))"
    }
}
