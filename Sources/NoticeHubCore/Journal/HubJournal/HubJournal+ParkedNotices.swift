extension HubJournal {
    /// The notices `subscriber` parked, in sequence order: those its handler
    /// threw for on every delivery its ``DeliveryPolicy`` allowed
    /// (``subscribe(as:names:pollInterval:delivery:sharing:onFailure:handler:)-5cpon``).
    ///
    /// ```swift
    /// for parked in try hub.journal.parkedNotices(of: "indexer") {
    ///     print("#\(parked.sequence) after \(parked.deliveries) deliveries: \(parked.error)")
    /// }
    /// ```
    public func parkedNotices(of subscriber: String) throws -> [ParkedNotice] {
        try checkName(subscriber)
        return try withConnection { connection in
            try connection.requireParking(at: location).parkedNotices(of: subscriber, replayRequestedOnly: false)
        }
    }

    /// Asks `subscriber` to hand its parked notices to its handler again;
    /// returns how many it has parked. They stay listed until handed over.
    ///
    /// The subscriber does it itself, running or at its next run: within
    /// about a second (at its first poll after the request, on SQLite;
    /// whatever process it runs in) it delivers them in sequence order under its ``DeliveryPolicy``, before
    /// it goes on with newer notices. Each one handled is unparked; one its
    /// handler throws for on every delivery again is parked again, its
    /// deliveries added up. A parked notice the journal no longer holds
    /// (trimmed) is unparked without a delivery. A replayed notice reaches
    /// the handler after notices numbered above it: order holds among the
    /// notices of one pass over the journal only.
    ///
    /// ```swift
    /// // The mail server is back: send what was parked while it was down.
    /// try hub.journal.replayParked(of: "mailer")
    /// ```
    @discardableResult
    public func replayParked(of subscriber: String) throws -> Int {
        try checkName(subscriber)
        let connection = try requireJournal().connect(durability: .always)
        return try connection.requireParking(at: location).requestReplay(of: subscriber)
    }

    /// Removes `subscriber`'s parked notices numbered `sequences`, or all of
    /// them when nil, without delivering them; returns how many it removed.
    ///
    /// ```swift
    /// try hub.journal.dropParked(of: "mailer", sequences: [42])
    /// ```
    @discardableResult
    public func dropParked(of subscriber: String, sequences: [Int64]? = nil) throws -> Int {
        try checkName(subscriber)
        let connection = try requireJournal().connect(durability: .always)
        return try connection.requireParking(at: location).removeParked(of: subscriber, sequences: sequences)
    }

    /// How many notices each subscriber that has any has parked; empty on a
    /// journal that keeps none.
    package func parkedCounts() throws -> [String: Int] {
        try withConnection { try $0.parking?.parkedCounts() ?? [:] }
    }

    /// Throws ``NoticeHubError/invalidSubscriber(_:reason:)`` for a name no
    /// subscriber can have.
    func checkName(_ subscriber: String) throws {
        if let problem = IdentifierRules.problem(with: subscriber) {
            throw NoticeHubError.invalidSubscriber(subscriber, reason: problem)
        }
    }
}
