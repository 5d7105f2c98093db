import NoticeHub
public import Testing

/// A journal backend that the conformance checks run against: its name,
/// what it can do, and how to make a fresh ``JournalPlace`` for each check.
///
/// A backend's own test target runs every check that applies to it:
///
/// ```swift
/// import NoticeJournalConformance
/// import Testing
///
/// extension ConformanceBackend {
///     static let inMemory = ConformanceBackend(name: "in memory", capabilities: []) {
///         let storage = MemoryStorage()
///         return JournalPlace(location: "memory", keeping: storage) { _ in
///             MemoryJournal(storage)
///         } endResponder: { claim in
///             (claim as! MemoryResponderClaim).abandon()
///         }
///     }
/// }
///
/// @Test(arguments: JournalConformance.checks(for: .inMemory))
/// func conforms(to check: ConformanceCheck) async throws {
///     try await check.run(on: .inMemory)
/// }
/// ```
public struct ConformanceBackend: Sendable, CustomTestStringConvertible {
    /// How test output names the backend.
    public let name: String
    /// What the backend can do beyond the journal itself.
    public let capabilities: BackendCapabilities
    private let placeMaker: @Sendable () throws -> JournalPlace

    /// - Parameters:
    ///   - name: how test output names it.
    ///   - capabilities: what it can do beyond the journal itself; the checks
    ///     that need more are left out by ``JournalConformance/checks(for:)``.
    ///   - makePlace: a fresh, empty place for one check: a new file, a new
    ///     schema, a new in-memory store.
    public init(
        name: String, capabilities: BackendCapabilities = .all,
        makePlace: @escaping @Sendable () throws -> JournalPlace
    ) {
        self.name = name
        self.capabilities = capabilities
        self.placeMaker = makePlace
    }

    /// A fresh place for one check.
    public func makePlace() throws -> JournalPlace {
        try placeMaker()
    }

    public var testDescription: String { name }
}
