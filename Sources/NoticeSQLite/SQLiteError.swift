internal import CSQLite

/// An error reported by SQLite, or by this wrapper when it refuses a misuse.
///
/// Contract:
/// - `code` is the extended result code when SQLite provided one; match
///   families with `case .constraint` (see `SQLiteResultCode.~=`).
/// - `message` comes from `sqlite3_errmsg` (or `sqlite3_errstr` when the
///   connection has no message for this code).
/// - `sql` is the statement's text as written by the caller, never expanded:
///   bound values are never part of an error, so secrets and personal data
///   bound as parameters cannot leak into logs through it.
/// - `description` is always a single line, with long SQL truncated.
package struct SQLiteError: Error, CustomStringConvertible, Equatable {
    /// The (usually extended) result code.
    package let code: SQLiteResultCode
    /// SQLite's English message for this failure.
    package let message: String
    /// The SQL being prepared or run, if any. Parameters stay as `?`.
    package let sql: String?

    package init(code: SQLiteResultCode, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// Builds an error from a failing C call on `connection`.
    ///
    /// `sqlite3_errmsg` describes the most recent failing call on the
    /// connection; when its code disagrees with `resultCode` (e.g. the message
    /// was already overwritten) the generic `sqlite3_errstr` text is used so a
    /// message never describes a different failure.
    package init(resultCode: Int32, connection: OpaquePointer?, sql: String?) {
        let code = SQLiteResultCode(resultCode)
        var message = code.explanation
        if let connection, sqlite3_extended_errcode(connection) == resultCode,
            let text = sqlite3_errmsg(connection)
        {
            message = String(cString: text)
        }
        self.init(code: code, message: message, sql: sql)
    }

    /// Longest SQL excerpt kept in `description`, in characters.
    package static let maximumSQLLengthInDescription = 200

    /// One line: `SQLite error NAME (code): message, in "SQL"`.
    package var description: String {
        var text = "SQLite error \(code.name) (\(code.rawValue)): \(Self.singleLine(message))"
        if let sql {
            text += ", in \"\(Self.excerpt(of: sql))\""
        }
        return text
    }

    /// Collapses every run of whitespace (newlines included) into one space so
    /// multi-line SQL and messages keep log records on one line.
    private static func singleLine(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if character.isWhitespace || character.isNewline {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace {
                    result.append(" ")
                    pendingSpace = false
                }
                result.append(character)
            }
        }
        return result
    }

    private static func excerpt(of sql: String) -> String {
        let flat = singleLine(sql)
        guard flat.count > maximumSQLLengthInDescription else { return flat }
        return String(flat.prefix(maximumSQLLengthInDescription)) + "…"
    }
}
