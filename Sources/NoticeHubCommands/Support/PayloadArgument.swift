import ArgumentParser
import Foundation
import NoticeJSON

/// The text of `post --payload`: JSON given inline, or `@FILE` (`@-` for
/// standard input) for payloads larger than a command-line argument may be
/// (Linux caps one argument at 128 KiB; the journal accepts up to 1 MiB).
/// A file must be UTF-8: other bytes are refused, not repaired.
enum PayloadArgument {
    /// The text of `argument`, which must be one JSON value: anything else
    /// is a usage error (exit 64) naming `option` and what is wrong.
    static func json(of argument: String, option: String) throws -> String {
        let text = try text(of: argument)
        do {
            _ = try JSONParser.parse(text)
        } catch {
            throw ValidationError("\(option) is not one JSON value: \(error)")
        }
        return text
    }

    static func text(of argument: String) throws -> String {
        guard argument.hasPrefix("@") else { return argument }
        let path = String(argument.dropFirst())
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try contents(of: path)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CommandFailure("payload \(path == "-" ? "on standard input" : "file \(path)") is not valid UTF-8")
        }
        return text
    }

    /// The file's bytes, or a one-line error naming it and the system's reason.
    private static func contents(of path: String) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure("cannot read payload file \(path): \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        var status = stat()
        if fstat(handle.fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure("cannot read payload file \(path): it is a directory")
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw CommandFailure("cannot read payload file \(path): \(error.localizedDescription)")
        }
    }
}
