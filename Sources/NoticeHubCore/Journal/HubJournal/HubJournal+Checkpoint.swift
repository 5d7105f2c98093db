extension HubJournal {
    /// Commits what a batched hub (``Durability/batched(maxDelay:)``,
    /// ``Durability/never``) holds now, without waiting for its delay.
    /// Nothing to do for a durable hub or after ``NoticeHub/close()``.
    public func flush() throws {
        try writer?.flush()
    }

    /// Saves `sequence` as the last one a check of the journal's rows found
    /// sound (``HubJournal/malformedRows(limit:after:)``), so that the
    /// next check may read only the rows after it
    /// (``HubJournal/verifiedCheckpoint()``). A backend without
    /// ``JournalMark``s throws ``JournalError/marksUnsupported``.
    public func saveVerifiedCheckpoint(_ sequence: Int64) throws {
        guard let writer else { throw JournalError.noJournal }
        try writer.exclusively { try $0.requireTrimming().setMark(.verifiedThrough, to: sequence) }
    }
}
