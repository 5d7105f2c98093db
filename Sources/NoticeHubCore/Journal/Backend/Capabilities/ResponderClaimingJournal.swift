/// A journal that carries requests between processes: responders announce
/// themselves with claims that end with their process, and requesters find
/// the live ones.
public protocol ResponderClaimingJournal: NoticeJournal {
    /// Announces that `responder` answers requests named `name` (or matching
    /// the pattern `name`) from any process, until the claim is released or
    /// the process ends. Several responders, and several claims of one
    /// responder, may announce the same name.
    func claimResponder(_ responder: Sender, answering name: NoticeName) throws -> any ResponderClaim
    /// The responders whose claims are alive now; a backend may forget the
    /// announcements of dead ones as it finds them.
    func liveResponders() throws -> [LiveResponder]
    /// Whether the claims with these keys are alive now: the subset of
    /// `keys` that is. A requester asks it while it waits for replies, so a
    /// responder that dies mid-request stops being waited for.
    func liveResponderKeys(among keys: Set<Int64>) throws -> Set<Int64>
}
