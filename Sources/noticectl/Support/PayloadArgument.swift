import Foundation

/// The text of `post --payload`: JSON given inline, or `@FILE` (`@-` for
/// standard input) for payloads larger than a command-line argument may be
/// (Linux caps one argument at 128 KiB; the journal accepts up to 1 MiB).
enum PayloadArgument {
    static func text(of argument: String) throws -> String {
        guard argument.hasPrefix("@") else { return argument }
        let path = String(argument.dropFirst())
        let data: Data?
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = FileManager.default.contents(atPath: path)
        }
        guard let data else { throw CommandFailure("cannot read payload file \(path)") }
        return String(decoding: data, as: UTF8.self)
    }
}
