import CZlib
import Foundation

/// The lines of a file, or of standard input for `-`, read one at a time so
/// that importing a large file never holds it in memory whole. Input
/// compressed with gzip (an archive, `export | gzip`) is read through zlib,
/// which checks each member's CRC-32 and length; other input is read as it
/// is.
///
/// A line that is not UTF-8 is not repaired, and input that cannot be read
/// (damaged or cut-short gzip) does not end quietly: either reads as a line
/// no import accepts (a NUL), so the import stops there and commits nothing,
/// and ``invalidUTF8Line`` or ``readFailure`` tells the caller why.
final class InputLines: Sequence, IteratorProtocol {
    private let file: gzFile
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false
    private var lineNumber = 0
    /// The number of the first line that was not valid UTF-8, once read.
    private(set) var invalidUTF8Line: Int?
    /// Why the input could not be read to its end, and at which line.
    private(set) var readFailure: (line: Int, reason: String)?
    /// The size of a regular file; nil for standard input, a pipe or a device.
    let totalBytes: Int64?

    /// Bytes read from the file so far (compressed bytes, for gzip input).
    var bytesRead: Int64 { Int64(gzoffset(file)) }

    /// Opens `path` (`-` for standard input), refusing a directory or a file
    /// that cannot be read with a one-line error naming it.
    init(path: String) throws {
        let descriptor = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CommandFailure("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        let known = fstat(descriptor, &status) == 0
        if known, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw CommandFailure("cannot read \(path): it is a directory")
        }
        guard let opened = gzdopen(descriptor, "rb") else {
            close(descriptor)
            throw CommandFailure("cannot read \(path): out of memory")
        }
        gzbuffer(opened, 1 << 17)
        file = opened
        buffer = [UInt8](repeating: 0, count: 1 << 16)
        totalBytes = path != "-" && known && status.st_mode & S_IFMT == S_IFREG ? Int64(status.st_size) : nil
    }

    deinit {
        gzclose(file)
    }

    /// The next line without its line break; nil at the end of the input.
    func next() -> String? {
        var line: [UInt8] = []
        while true {
            if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                line += buffer[start..<newline]
                start = newline + 1
                return decoded(line)
            }
            line += buffer[start..<end]
            start = 0
            end = 0
            guard !atEnd, fill() else {
                atEnd = true
                return line.isEmpty ? nil : decoded(line)
            }
        }
    }

    /// Reads the next block; false at the end of the input, or when it could
    /// not be read (``readFailure``, which ``next()`` turns into a NUL line).
    private func fill() -> Bool {
        let count = buffer.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
        var code: Int32 = 0
        let message = String(cString: gzerror(file, &code))
        if count > 0 {
            end = Int(count)
            return true
        }
        guard code != Z_OK else { return false }
        let reason = code == Z_BUF_ERROR ? "the compressed input ends early" : "damaged compressed input (\(message))"
        readFailure = (lineNumber + 1, reason)
        buffer[0] = 0
        end = 1
        atEnd = true
        return true
    }

    private func decoded(_ bytes: [UInt8]) -> String {
        lineNumber += 1
        guard let line = String(validating: bytes, as: UTF8.self) else {
            if invalidUTF8Line == nil { invalidUTF8Line = lineNumber }
            return "\u{0}"
        }
        return line
    }
}
