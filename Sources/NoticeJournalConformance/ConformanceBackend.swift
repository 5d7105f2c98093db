import NoticeHub
import Synchronization
public import Testing

/// A journal backend that the conformance checks run against: its name,
/// how to make a fresh ``JournalPlace`` for each check, and what it can do,
/// read from the protocols it adopts.
///
/// A backend's own test target runs every check that applies to it:
///
/// ```swift
/// import NoticeJournalConformance
/// import Testing
///
/// extension ConformanceBackend {
///     static let inMemory = ConformanceBackend(name: "in memory", durableCommitsTakeTime: false) {
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
    private let commitsTakeTime: Bool
    private let placeMaker: @Sendable () throws -> JournalPlace
    private let probe = CapabilityProbe()

    /// - Parameters:
    ///   - name: how test output names it.
    ///   - durableCommitsTakeTime: whether a durable commit waits for
    ///     storage (``BackendCapabilities/durableCommitsTakeTime``); false
    ///     for one whose commits are instant, as in memory.
    ///   - makePlace: a fresh, empty place for one check: a new file, a new
    ///     schema, a new in-memory store.
    public init(
        name: String, durableCommitsTakeTime: Bool = true,
        makePlace: @escaping @Sendable () throws -> JournalPlace
    ) {
        self.name = name
        self.commitsTakeTime = durableCommitsTakeTime
        self.placeMaker = makePlace
    }

    /// The capabilities are read from the protocols the backend adopts;
    /// of `capabilities`, only ``BackendCapabilities/durableCommitsTakeTime`` counts.
    @available(*, deprecated, renamed: "init(name:durableCommitsTakeTime:makePlace:)")
    public init(
        name: String, capabilities: BackendCapabilities,
        makePlace: @escaping @Sendable () throws -> JournalPlace
    ) {
        self.init(
            name: name, durableCommitsTakeTime: capabilities.contains(.durableCommitsTakeTime), makePlace: makePlace)
    }

    /// What the backend can do beyond the journal itself: the capability
    /// protocols a journal and a connection of a fresh place adopt, whether
    /// a commit watch is given, and whether the place runs SQL behind the
    /// hub's back. Read once. A backend whose place cannot be made is given
    /// every capability, so that each check runs and reports the failure.
    public var capabilities: BackendCapabilities {
        probe.capabilities {
            var capabilities: BackendCapabilities = commitsTakeTime ? [.durableCommitsTakeTime] : []
            guard let place = try? makePlace(), let journal = try? place.open(),
                let connection = try? journal.connectForReading()
            else { return .all }
            if journal is any ProjectionJournal, connection is any ProjectionJournalConnection {
                capabilities.insert(.projections)
            }
            if connection is any TrimmingJournalConnection { capabilities.insert(.trimming) }
            if connection is any NameRetentionJournalConnection { capabilities.insert(.retentionByName) }
            if connection is any ParkingJournalConnection { capabilities.insert(.parking) }
            if connection is any CursorResettingJournalConnection { capabilities.insert(.cursorResets) }
            if connection is any SubscriberGroupJournalConnection { capabilities.insert(.groups) }
            if connection is any ErasingJournalConnection { capabilities.insert(.erasure) }
            if journal is any ResponderClaimingJournal { capabilities.insert(.requests) }
            if journal is any RenewingClaimsJournal { capabilities.insert(.renewedClaims) }
            if let watch = (journal as? any CommitAnnouncingJournal)?.watchCommits({}) {
                watch.cancel()
                capabilities.insert(.commitAnnouncements)
            }
            if place.runsSQL { capabilities.insert(.behindTheBackSQL) }
            return capabilities
        }
    }

    /// A fresh place for one check.
    public func makePlace() throws -> JournalPlace {
        try placeMaker()
    }

    public var testDescription: String { name }
}

/// The capabilities of a backend, read once.
private final class CapabilityProbe: Sendable {
    private let read = Mutex<BackendCapabilities?>(nil)

    func capabilities(_ reading: () -> BackendCapabilities) -> BackendCapabilities {
        read.withLock { read in
            if let read { return read }
            let capabilities = reading()
            read = capabilities
            return capabilities
        }
    }
}
