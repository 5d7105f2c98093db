import Foundation

/// The password file libpq reads, `$PGPASSFILE` or else `~/.pgpass`: lines
/// of `host:port:database:user:password`, where `*` matches anything, `\`
/// escapes a `:` or a `\`, and a line starting with `#` is a comment. The
/// first line that matches gives the password.
///
/// Like libpq, it is read only for a URL with no password and no
/// `$PGPASSWORD`, and only when no one but its owner may read or write it
/// (mode 0600 or less); unlike libpq, which skips such a file with a
/// warning, a file others may read is an error that says how to fix it.
enum PasswordFile {
    /// The password for the connection, if the file names one; nil when
    /// there is no file. Throws when the file is open to others.
    static func password(
        host: String, port: Int, database: String, user: String, environment: [String: String]
    ) throws(PostgresURLError) -> String? {
        let path: String
        if let named = environment["PGPASSFILE"], !named.isEmpty {
            path = named
        } else if let home = environment["HOME"], !home.isEmpty {
            path = home + "/.pgpass"
        } else {
            return nil
        }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard status.st_mode & 0o077 == 0 else {
            throw PostgresURLError(
                "the password file \(path) may be read by others: make it readable by its owner alone (chmod 600)")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw PostgresURLError("the password file \(path) cannot be read")
        }
        let wanted = [host, String(port), database, user]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(of: line)
            guard fields.count == 5 else { continue }
            if zip(fields, wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// A line's fields, split at each `:` that no `\` escapes.
    static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
