public import Testing

/// One promise every journal backend keeps, checked on a fresh place of a
/// backend: ``run(on:)`` records each broken expectation as an issue of the
/// test that runs it.
public struct ConformanceCheck: Sendable, CustomTestStringConvertible {
    /// What the check promises, as test output names it.
    public let name: String
    /// What a backend must be able to do for the check to apply.
    public let needs: BackendCapabilities
    private let body: @Sendable (ConformanceBackend) async throws -> Void

    init(
        _ name: String, needs: BackendCapabilities = [],
        _ body: @escaping @Sendable (ConformanceBackend) async throws -> Void
    ) {
        self.name = name
        self.needs = needs
        self.body = body
    }

    /// Whether `backend` can do what the check needs.
    public func applies(to backend: ConformanceBackend) -> Bool {
        backend.capabilities.isSuperset(of: needs)
    }

    /// Runs the check on fresh places of `backend`.
    public func run(on backend: ConformanceBackend) async throws {
        try await body(backend)
    }

    public var testDescription: String { name }
}

/// A check that could not go on, with what it found.
struct CheckFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
