/// The responders' claims a request across processes was sent to, and which
/// of them have answered or died: each claim asked is waited for once, so
/// replicas that share a sender are counted one by one.
///
/// A reply names its claim (``NoticeMetadata/responderClaimKey``). A claim
/// found gone is waited for during the journal's
/// ``RenewingClaimsJournal/claimRenewalGrace``, in which its responder may claim
/// again under the same key and answer; after that it counts as a responder
/// that died without answering.
struct AskedResponders: ReplyAccounting {
    /// Who sent a reply: its sender, and the claim it names, if any.
    struct Answerer {
        let responder: Sender
        let claim: Int64?
    }

    /// The claims asked, and their responders.
    private let asked: [Int64: Sender]
    /// The claims asked that have not answered, alive or within their grace.
    private var waiting: Set<Int64>
    /// When each waiting claim was first found gone, while it stays gone.
    private var goneSince: [Int64: ContinuousClock.Instant] = [:]
    private let grace: Duration

    /// How many claims were asked.
    var count: Int { asked.count }

    init(_ responders: [LiveResponder], grace: Duration = .zero) {
        asked = Dictionary(responders.map { ($0.key, $0.responder) }, uniquingKeysWith: { first, _ in first })
        waiting = Set(asked.keys)
        self.grace = grace
    }

    /// Counts a reply: against the claim it names, or, from a responder
    /// that names none (an earlier release), against one of its sender's
    /// claims still waited for.
    mutating func answer(from answerer: Answerer) {
        if let claim = answerer.claim, waiting.remove(claim) != nil { return }
        if let claim = waiting.first(where: { asked[$0] == answerer.responder }) {
            waiting.remove(claim)
        }
    }

    /// The keys whose claims may still die before answering.
    var keysToWatch: Set<Int64> { waiting }

    /// Forgets the claims of `keys` that are not in `alive` and have been
    /// gone for longer than the grace, as of `now`.
    mutating func keep(_ alive: Set<Int64>, of keys: Set<Int64>, at now: ContinuousClock.Instant = .now) {
        for key in keys {
            if alive.contains(key) {
                goneSince[key] = nil
                continue
            }
            let since = goneSince[key] ?? now
            goneSince[key] = since
            if since.duration(to: now) >= grace {
                waiting.remove(key)
            }
        }
    }

    /// Whether every claim asked has answered or died.
    var allSettled: Bool { waiting.isEmpty }
}
