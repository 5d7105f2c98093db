import CZlib
import Foundation

/// A new file written through zlib's gzip stream, line by line, that appears
/// under its name only once it is whole: it is written beside it under a
/// temporary name, synced, and renamed over nothing.
final class GzipFile {
    private let path: String
    private let partial: String
    private let descriptor: Int32
    private var stream: gzFile?
    private var open = true

    /// Creates the temporary file; refuses when `path` exists.
    init(creating path: String) throws {
        guard access(path, F_OK) != 0 else { throw CommandFailure("\(path) exists; choose a new file") }
        self.path = path
        partial = path + ".partial-\(getpid())"
        descriptor = Foundation.open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        stream = gzdopen(dup(descriptor), "wb6")
        guard stream != nil else {
            discard()
            throw CommandFailure("cannot write \(path): out of memory")
        }
    }

    deinit {
        discard()
    }

    /// Writes `line` and a line break.
    func write(_ line: String) throws {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        let written = bytes.withUnsafeBytes { gzwrite(stream, $0.baseAddress, UInt32($0.count)) }
        guard written == Int32(bytes.count) else { throw failure() }
    }

    /// Ends the stream, syncs the file and gives it its name.
    func finish() throws {
        let closed = gzclose(stream)
        stream = nil
        guard closed == Z_OK else { throw CommandFailure("cannot write \(path): zlib error \(closed)") }
        guard fsync(descriptor) == 0, rename(partial, path) == 0 else {
            throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        open = false
    }

    /// The failure of the last write, in one line.
    private func failure() -> CommandFailure {
        var code: Int32 = 0
        let message = String(cString: gzerror(stream, &code))
        return CommandFailure("cannot write \(path): \(code == Z_ERRNO ? String(cString: strerror(errno)) : message)")
    }

    /// Removes the unfinished file.
    private func discard() {
        if let stream { gzclose(stream) }
        stream = nil
        if open {
            close(descriptor)
            unlink(partial)
            open = false
        }
    }
}
