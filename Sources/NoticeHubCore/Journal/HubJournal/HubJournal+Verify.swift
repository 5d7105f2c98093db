extension HubJournal {
    /// Checks the journal as `noticectl verify` does, and says what it found.
    ///
    /// In order, each stage running only when those before it found nothing:
    /// the storage's own check of every page (beside the next, on a
    /// connection of its own), every row (``malformedRows(limit:after:)``),
    /// the payloads of `messageTypes` (``undecodableNotices(as:limit:from:)``),
    /// then each installed projection among `projections`: stale or not, and
    /// its tables compared with what the journal's notices give
    /// (``projectionDifferences(_:)``). It changes nothing: once the journal
    /// is sound, save ``JournalVerification/checkedThrough`` as the checkpoint
    /// the next check since a checkpoint starts after.
    ///
    /// ```swift
    /// let found = try hub.journal.verify()
    /// if found.isSound {
    ///     try hub.journal.saveVerifiedCheckpoint(found.checkedThrough)
    /// } else {
    ///     print(found.projectionDifferences)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - projections: the projections to compare; nil (the default) compares
    ///     those the hub carries. An installed projection not among them is
    ///     listed as unchecked.
    ///   - messageTypes: the message types whose payloads are decoded; none
    ///     by default.
    ///   - sinceCheckpoint: check only the rows after the saved checkpoint
    ///     (``verifiedCheckpoint()``), the counts against the span of
    ///     sequence numbers, and whether a projection is stale: a time that
    ///     grows with what was appended since, not with the journal. It skips
    ///     the storage's check of every page and the comparison of
    ///     projections. Without a checkpoint, the whole journal is checked.
    ///   - limit: how many malformed rows, gaps and undecodable payloads are
    ///     listed; the rest are counted.
    public func verify(
        projections: [any Projection]? = nil, messageTypes: [any NoticeMessage.Type] = [],
        sinceCheckpoint: Bool = false, listing limit: Int = 20
    ) throws -> JournalVerification {
        var found = JournalVerification()
        found.checkpoint = sinceCheckpoint ? try verifiedCheckpoint() : nil
        let checkpoint = found.checkpoint
        let journal = self
        let integrity = checkpoint == nil ? BackgroundResult { try journal.integrityProblems() } : nil
        let malformed: MalformedRows
        do {
            malformed = try malformedRows(limit: limit, after: checkpoint)
        } catch {
            // Damage the storage's check names says more than the read's error.
            guard let problems = try integrity?.value(), !problems.isEmpty else { throw error }
            found.integrityProblems = problems
            return found
        }
        found.integrityProblems = try integrity?.value()
        guard found.integrityProblems?.isEmpty ?? true else { return found }
        found.malformedRows = malformed
        guard malformed.isEmpty else { return found }
        if !messageTypes.isEmpty {
            let undecodable = try undecodableNotices(
                as: messageTypes, limit: limit, from: checkpoint.map { $0 + 1 })
            found.undecodable = undecodable
            guard undecodable.count == 0 else { return found }
        }
        let projections = projections ?? carriedProjections
        for installed in try installedProjections() {
            guard let projection = projections.first(where: { $0.schema.identity == installed.identity }) else {
                found.uncheckedProjections.append(UncheckedProjection(identity: installed.identity))
                continue
            }
            if installed.isStale {
                found.projectionDifferences.append(
                    "projection \(installed.identity): stale, notices it handles follow #\(installed.currentThrough)")
            }
            guard checkpoint == nil else { continue }
            do {
                found.projectionDifferences += try projectionDifferences(projection).map {
                    "\(installed.identity): \($0)"
                }
            } catch let error as JournalError {
                guard let firstRetained = error.firstRetained else { throw error }
                found.uncheckedProjections.append(
                    UncheckedProjection(identity: installed.identity, trimmedFrom: firstRetained))
            }
        }
        found.notices = try statistics().notices
        return found
    }
}
