/// A journal whose responder claims can be lost while their responder lives
/// (a server's session cut) and made again under the same key, which a
/// requester waits for. Claims that end only with their process (file
/// locks) need not adopt it.
public protocol RenewingClaimsJournal: ResponderClaimingJournal {
    /// Claims again, under `key`, the place of a claim of this process that
    /// was lost while its responder lives: a request under way then counts
    /// the renewed claim as the responder it asked. Nil when `key` cannot be
    /// had (a session not yet ended holds it); the responder then claims
    /// anew.
    func claimResponder(_ responder: Sender, answering name: NoticeName, reusing key: Int64) throws
        -> (any ResponderClaim)?
    /// How long a requester goes on waiting for a responder whose claim it
    /// found gone, for the claim to be made again under its key.
    var claimRenewalGrace: Duration { get }
}
