extension HubJournal {
    /// The members of `subscriber`'s group that hold notices now, each with
    /// how many it holds (taken and not yet handled); nil when the name is
    /// not a group's (``SubscriberSharing/group(lease:batchSize:)``), or the
    /// journal runs no groups. A member is named `host:process` and a random
    /// part; one that holds nothing is not listed.
    ///
    /// ```swift
    /// for (member, held) in try hub.journal.groupMembers(of: "thumbnails") ?? [:] {
    ///     print("\(member) holds \(held)")
    /// }
    /// ```
    public func groupMembers(of subscriber: String) throws -> [String: Int]? {
        try checkName(subscriber)
        return try withConnection { connection in
            guard let groups = connection.subscriberGroups, try groups.isGroup(subscriber) else { return nil }
            return try groups.leaseCounts(of: subscriber)
        }
    }
}
