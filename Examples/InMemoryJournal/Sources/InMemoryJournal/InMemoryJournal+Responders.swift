public import NoticeHub

extension InMemoryJournal: ResponderClaimingJournal {
    /// Announces `responder` for `name` in the storage; the returned
    /// ``InMemoryResponderClaim`` holds until released or abandoned.
    public func claimResponder(_ responder: Sender, answering name: NoticeName) throws -> any ResponderClaim {
        InMemoryResponderClaim(key: storage.claimResponder(responder, answering: name), in: storage)
    }

    /// The announcements whose claims hold, in key order; those of dead
    /// claims are deleted as they are found.
    public func liveResponders() throws -> [LiveResponder] {
        storage.liveResponders()
    }

    /// The subset of `keys` whose claims hold.
    public func liveResponderKeys(among keys: Set<Int64>) throws -> Set<Int64> {
        storage.liveResponderKeys(among: keys)
    }
}
