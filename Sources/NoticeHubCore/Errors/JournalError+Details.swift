// The details a caller acts on, each nil for the codes that do not carry it.
// The rest of what an error carries (paths, sequence numbers, limits) is in
// its one-line description.
extension JournalError {
    /// The notice that was not journaled: for ``Code-swift.struct/refused``,
    /// ``Code-swift.struct/projectionMissing`` and
    /// ``Code-swift.struct/payloadTooLarge``.
    public var noticeName: NoticeName? {
        switch kind {
        case let .refused(name, _), let .projectionMissing(name, _), let .payloadTooLarge(name, _, _): name
        default: nil
        }
    }

    /// Why, in the words of whoever refused: the projection's reason for
    /// ``Code-swift.struct/refused``, the trim's for
    /// ``Code-swift.struct/trimRefused``, the erasure's for
    /// ``Code-swift.struct/erasureRefused``.
    public var reason: String? {
        switch kind {
        case let .refused(_, reason), let .trimRefused(reason), let .erasureRefused(reason): reason
        default: nil
        }
    }

    /// The identity of the projection at fault: the one the hub does not
    /// carry for ``Code-swift.struct/projectionMissing``, the one that
    /// cannot be installed for ``Code-swift.struct/projectionUnusable``.
    public var projection: String? {
        switch kind {
        case let .projectionMissing(_, projection), let .projectionUnusable(projection, _): projection
        default: nil
        }
    }

    /// The sequence number of the row at fault, for
    /// ``Code-swift.struct/malformedRow``: what ``MalformedRows/listed``
    /// names.
    public var sequence: Int64? {
        guard case let .malformedRow(sequence, _) = kind else { return nil }
        return sequence
    }

    /// The journal's first retained notice, where a read can start, for
    /// ``Code-swift.struct/trimmed``.
    public var firstRetained: Int64? {
        guard case let .trimmed(_, firstRetained) = kind else { return nil }
        return firstRetained
    }

    /// The storage's failure, with the backend's own error, for
    /// ``Code-swift.struct/storage``.
    public var storageFailure: StorageFailure? {
        guard case let .storage(failure) = kind else { return nil }
        return failure
    }

    /// The notice whose commit was cut off, to post again once the server
    /// is back, for ``Code-swift.struct/outcomeUnknown``.
    public var uncertainAppend: UncertainAppend? {
        guard case let .outcomeUnknown(uncertain) = kind else { return nil }
        return uncertain
    }
}
