import Foundation
import Testing
import TestSupport
import NoticeSQLite

/// Where a test database lives.
enum Storage: String, CaseIterable, CustomTestStringConvertible {
    case memory
    case file

    var testDescription: String { rawValue }
}

/// A fresh directory per test, removed afterwards, so tests can run in
/// parallel without sharing database files.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) rethrows -> T {
    let directory = TemporaryDirectory()
    return try withExtendedLifetime(directory) { try body(directory.url) }
}

/// Opens a connection on `storage`, inside a temporary directory for files.
func withConnection<T>(_ storage: Storage, _ body: (SQLiteConnection) throws -> T) throws -> T {
    switch storage {
    case .memory:
        return try body(SQLiteConnection(path: ":memory:"))
    case .file:
        return try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("test.sqlite").path
            return try body(SQLiteConnection(path: path))
        }
    }
}

/// Thread-safe mailbox for results produced on a helper thread.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storedValue: Value

    init(_ value: Value) { storedValue = value }

    var value: Value {
        get { lock.withLock { storedValue } }
        set { lock.withLock { storedValue = newValue } }
    }
}

/// Counts this process's open file descriptors on `path` (Linux only; nil
/// elsewhere). A zombie connection would keep its descriptor open.
func openDescriptorCount(for path: String) -> Int? {
    #if os(Linux)
        let fileManager = FileManager.default
        guard let entries = try? fileManager.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return entries.filter { entry in
            guard let target = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(entry)") else {
                return false
            }
            return target == path || target == resolved
        }.count
    #else
        return nil
    #endif
}

extension SQLiteConnection {
    /// Test shorthand: first column of the first row as an integer.
    func int64(_ sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        #expect(try statement.step())
        return statement.int64(at: 0)
    }

    /// Test shorthand: first column of the first row as text.
    func string(_ sql: String) throws -> String? {
        let statement = try prepare(sql)
        #expect(try statement.step())
        return statement.string(at: 0)
    }
}

// Why not `let error = #expect(throws: SQLiteError.self) { ... }`: with Swift
// 6.3.1, that result-capturing form used inside a closure (withConnection,
// transaction bodies…) gets a closure discriminator that collides with the
// next closure literal in the same scope, so that *other* closure's call
// silently runs the #expect body instead (observed: a transaction body ran a
// nested transaction). Plain functions have no macro expansion to collide.

/// Runs `body`, records an issue unless it throws an `SQLiteError`, and
/// returns that error for further checks.
@discardableResult
func expectSQLiteError(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> SQLiteError? {
    do {
        try body()
        Issue.record("expected an SQLiteError; nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as SQLiteError {
        return error
    } catch {
        Issue.record("expected an SQLiteError; got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Runs `body` and records an issue unless it throws exactly `expected`.
func expectError<E: Error & Equatable>(
    _ expected: E,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(expected); nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as E where error == expected {
        return
    } catch {
        Issue.record("expected \(expected); got \(error)", sourceLocation: sourceLocation)
    }
}
