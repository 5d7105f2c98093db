public import NoticeHub

/// Where one check's journal lives. ``open(creatingIfMissing:)`` gives a
/// new journal object on it each time, as another process would open it:
/// hubs on two journal objects of one place stand for two processes.
public final class JournalPlace: Sendable {
    /// The path or URL, as errors name it.
    public let location: String
    /// What must live as long as the place (its directory, its schema).
    private let keeper: any Sendable
    private let opener: @Sendable (Bool) throws -> any NoticeJournal
    private let sqlRunner: (@Sendable (String) throws -> Void)?
    private let responderEnder: @Sendable (any ResponderClaim) throws -> Void

    /// - Parameters:
    ///   - location: the path or URL, as errors name it.
    ///   - keeper: what must live as long as the place, such as a
    ///     temporary directory that removes itself when released.
    ///   - open: a new journal object on the place; its argument is
    ///     `creatingIfMissing`.
    ///   - runSQL: runs one SQL statement behind the hub's back, for a
    ///     backend with ``BackendCapabilities/behindTheBackSQL``.
    ///   - endResponder: ends a responder claim as the death of the process
    ///     holding it would: its liveness goes, its row stays.
    public init(
        location: String, keeping keeper: any Sendable,
        open: @escaping @Sendable (_ creatingIfMissing: Bool) throws -> any NoticeJournal,
        runSQL: (@Sendable (String) throws -> Void)? = nil,
        endResponder: @escaping @Sendable (any ResponderClaim) throws -> Void
    ) {
        self.location = location
        self.keeper = keeper
        self.opener = open
        self.sqlRunner = runSQL
        self.responderEnder = endResponder
    }

    /// A new journal object on this place.
    public func open(creatingIfMissing: Bool = true) throws -> any NoticeJournal {
        try opener(creatingIfMissing)
    }

    /// A hub on a new journal object of this place.
    public func hub(durability: Durability = .always, projections: [any Projection] = []) throws -> NoticeHub {
        try NoticeHub(journal: open(), durability: durability, projections: projections)
    }

    /// Whether the place runs SQL behind the hub's back (``runSQL(_:)``).
    var runsSQL: Bool { sqlRunner != nil }

    /// Runs one SQL statement behind NoticeHub's back, as a tampering user would.
    public func runSQL(_ sql: String) throws {
        guard let sqlRunner else { throw CheckFailure("this place runs no SQL behind the hub's back") }
        try sqlRunner(sql)
    }

    /// Lets go of a responder claim behind its back and leaves its row, as
    /// the death of the process holding it would.
    public func endResponder(_ claim: any ResponderClaim) throws {
        try responderEnder(claim)
    }
}
