extension HubJournal {
    /// Deletes a durable subscriber that is gone for good: its cursor and
    /// its parked notices. Returns false when it had neither. Subscribing
    /// under its name afterwards starts from the journal's first notice.
    ///
    /// The subscriber must not be running: the deletion holds its name while
    /// it writes, and throws ``JournalError/subscriberBusy(_:)`` while it
    /// runs, in any process, changing nothing. A group's members hold no
    /// such claim: the deletion of a group's name stops the members still
    /// running at their next look at the journal, through their `onFailure`.
    ///
    /// ```swift
    /// try hub.journal.deleteSubscriber("old-indexer")
    /// ```
    @discardableResult
    public func deleteSubscriber(_ subscriber: String) throws -> Bool {
        try checkName(subscriber)
        let journal = try requireJournal()
        let claim = try journal.claimSubscriber(subscriber)
        defer { claim.release() }
        let connection = try claim.takeConnection() ?? journal.connect(durability: .always)
        return try connection.requireParking(at: location).deleteSubscriber(subscriber)
    }
}
