/// The capabilities a connection or journal adopts, looked up where the
/// hub needs one, and the error that names a missing one.
extension JournalConnection {
    /// This connection as one that keeps projections' state, if it is.
    package var projectionState: (any ProjectionJournalConnection)? { self as? any ProjectionJournalConnection }

    /// This connection as one that keeps marks and trims, if it is.
    package var trimming: (any TrimmingJournalConnection)? { self as? any TrimmingJournalConnection }

    /// This connection as one that keeps retention rules by name, if it is.
    package var nameRetention: (any NameRetentionJournalConnection)? { self as? any NameRetentionJournalConnection }

    /// This connection as one that erases notices by key, if it is.
    package var erasing: (any ErasingJournalConnection)? { self as? any ErasingJournalConnection }

    /// This connection as one that keeps parked notices, if it is.
    package var parking: (any ParkingJournalConnection)? { self as? any ParkingJournalConnection }

    /// This connection as one whose cursors can be reset while their
    /// subscribers run, if it is.
    package var cursorResetting: (any CursorResettingJournalConnection)? {
        self as? any CursorResettingJournalConnection
    }

    /// This connection as one that runs subscriber groups, if it is.
    package var subscriberGroups: (any SubscriberGroupJournalConnection)? {
        self as? any SubscriberGroupJournalConnection
    }

    /// The notice numbered `sequence`, nil when the journal no longer
    /// holds it.
    package func storedNotice(numbered sequence: Int64) throws -> Notice? {
        var found: Notice?
        do {
            try read(JournalQuery(from: sequence, through: sequence)) { notice in
                found = notice
                return false
            }
        } catch let error as JournalError where error.code == .trimmed {
            return nil
        }
        return found
    }

    /// This connection as one that keeps parked notices, or a storage error
    /// naming `location`.
    package func requireParking(at location: String) throws -> any ParkingJournalConnection {
        guard let parking else {
            throw JournalError.storage(
                StorageFailure(
                    "the journal at \(location) keeps no parked notices: its connection is not a ParkingJournalConnection"
                ))
        }
        return parking
    }

    /// `mark` as the journal keeps it; nil on a backend without marks, which
    /// was never trimmed or checked.
    package func keptMark(_ mark: JournalMark) throws -> Int64? {
        try trimming?.mark(mark)
    }

    /// This connection as a trimming one, or ``JournalError/marksUnsupported``.
    package func requireTrimming() throws -> any TrimmingJournalConnection {
        guard let trimming else { throw JournalError.marksUnsupported }
        return trimming
    }

    /// This connection as one that retains by name, or ``JournalError/marksUnsupported``.
    package func requireNameRetention() throws -> any NameRetentionJournalConnection {
        guard let nameRetention else { throw JournalError.marksUnsupported }
        return nameRetention
    }

    /// This connection as one that keeps projections' state, or a storage
    /// error naming `location`.
    package func requireProjectionState(at location: String) throws -> any ProjectionJournalConnection {
        guard let projectionState else { throw JournalError.projectionStateUnsupported(location: location) }
        return projectionState
    }
}

extension NoticeJournal {
    /// This journal as one that carries requests between processes, or
    /// ``JournalError/requestsUnsupported(location:)``.
    package func requireResponderClaims() throws -> any ResponderClaimingJournal {
        guard let journal = self as? any ResponderClaimingJournal else {
            throw JournalError.requestsUnsupported(location: location)
        }
        return journal
    }
}

extension JournalError {
    /// The error of a projection asked of a journal that keeps no
    /// projections' state.
    package static func projectionStateUnsupported(location: String) -> JournalError {
        .storage(
            StorageFailure(
                "the journal at \(location) keeps no projections' state: its backend is not a ProjectionJournal"))
    }
}
