/// Runs a call that may block, such as a journal's write or a round trip to
/// its server, for an async API, on a thread of its own rather than on one
/// of the concurrency runtime's: those are as many as the processors (two on
/// a two-core host), and one blocked on a disk or a network holds up every
/// task of the process that could have run on it.
///
/// The thread is started by ``SystemThread``; when the system cannot start
/// one, the call runs where it was made, as it would without this.
package enum BlockingCall {
    /// `body`'s result or error, from a thread named `name`.
    package static func run<T: Sendable>(
        _ name: String, _ body: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let started = SystemThread.start(name: name) { continuation.resume(with: Result(catching: body)) }
            if !started { continuation.resume(with: Result(catching: body)) }
        }
    }
}
