import Foundation

/// The lines of a file, or of standard input for `-`, read one at a time so
/// that importing a large file never holds it in memory whole.
///
/// A line that is not UTF-8 is not repaired: it reads as a line no import
/// accepts (a NUL), so the import stops there and commits nothing, and
/// ``invalidUTF8Line`` tells the caller why.
final class InputLines: Sequence, IteratorProtocol {
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    private var lineNumber = 0
    /// The number of the first line that was not valid UTF-8, once read.
    private(set) var invalidUTF8Line: Int?
    /// Bytes read so far, line breaks included.
    private(set) var bytesRead: Int64 = 0
    /// The size of a regular file; nil for standard input, a pipe or a device.
    let totalBytes: Int64?

    /// Opens `path` (`-` for standard input), refusing a directory or a file
    /// that cannot be read with a one-line error naming it.
    init(path: String) throws {
        let opened = path == "-" ? fdopen(dup(STDIN_FILENO), "r") : fopen(path, "r")
        guard let opened else {
            throw CommandFailure("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        let known = fstat(fileno(opened), &status) == 0
        if known, status.st_mode & S_IFMT == S_IFDIR {
            fclose(opened)
            throw CommandFailure("cannot read \(path): it is a directory")
        }
        file = opened
        totalBytes = path != "-" && known && status.st_mode & S_IFMT == S_IFREG ? Int64(status.st_size) : nil
    }

    deinit {
        free(buffer)
        fclose(file)
    }

    /// The next line without its line break; nil at the end of the input.
    func next() -> String? {
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else { return nil }
        bytesRead += Int64(length)
        var bytes = UnsafeRawBufferPointer(start: buffer, count: length)
        if bytes.last == UInt8(ascii: "\n") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        lineNumber += 1
        guard let line = String(validating: bytes, as: UTF8.self) else {
            if invalidUTF8Line == nil { invalidUTF8Line = lineNumber }
            return "\u{0}"
        }
        return line
    }
}
