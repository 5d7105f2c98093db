import Foundation
import Synchronization

/// A responder that answers requests posted to a journal by any process: it
/// announces itself with a claim (``NoticeJournal/claimResponder(_:answering:)``),
/// follows the journal for requests of its name, and journals each answer as
/// a reply (or a failure) that names the request as its cause.
///
/// Requests are answered one at a time, in journal order, on the follower's
/// thread. A request posted more than ``staleness`` before the responder
/// started (one brought in by an import, say) is not answered.
///
/// A claim can end while the responder lives (a server's session lost, the
/// server restarted): every ``claimCheckInterval`` the responder checks, and
/// claims its place again.
final class JournalResponder: CancellableRegistration {
    /// How far back a request may have been posted and still be answered by
    /// a responder that has just started: a minute, which tolerates clocks
    /// of hosts that disagree by less.
    static var staleness: Int64 { 60_000 }
    /// How often a lost claim is noticed and made again.
    static var claimCheckInterval: Duration { .seconds(1) }

    private let claims: Mutex<(any ResponderClaim)?>
    private let follower: JournalFollower
    /// Signalled to stop the thread that checks the claim.
    private let stopChecking = DispatchSemaphore(value: 0)

    /// The claim held now; nil once cancelled.
    var claim: (any ResponderClaim)? { claims.locked { $0 } }

    init(
        hub: NoticeHub, journal: any NoticeJournal, name: NoticeName, responder: Sender,
        handler: @escaping @Sendable (Notice) throws -> NoticePayload
    ) throws {
        // The start is read before the claim is announced: a requester that
        // sees the claim posts its request after this point.
        let start = try journal.connect(durability: .always).lastSequence() + 1
        let startedAt = WallClock.nowMilliseconds()
        let claim = try journal.claimResponder(responder, answering: name)
        claims = Mutex(claim)
        do {
            follower = try JournalFollower(
                journal: journal,
                options: .init(
                    query: JournalQuery(from: start, names: [name], kinds: [.request]),
                    pollInterval: journal.pollInterval)
            ) { [weak hub] request in
                guard let hub, request.sender != responder,
                      request.postedAtMilliseconds >= startedAt - Self.staleness else { return }
                Self.answer(request, as: responder, on: hub, handler: handler)
            }
        } catch {
            claim.release()
            throw error
        }
        let stop = stopChecking
        // Without this thread a lost claim stays lost; requests are still
        // answered meanwhile, so a failure to start it is not the caller's.
        _ = SystemThread.start(name: "NoticeHub responder claim") { [weak self] in
            while stop.wait(timeout: .now() + Self.claimCheckInterval.seconds) == .timedOut {
                guard let self else { return }
                claimAgainIfLost(journal, responder, name)
            }
        }
    }

    var isCancelled: Bool { follower.isCancelled }

    func cancel() {
        stopChecking.signal()
        // The claim goes first: no requester counts on this responder once
        // it stops answering.
        claims.locked { $0.take() }?.release()
        follower.cancel()
    }

    /// Claims the responder's place again if its claim was lost; a failure
    /// is tried again at the next check.
    private func claimAgainIfLost(_ journal: any NoticeJournal, _ responder: Sender, _ name: NoticeName) {
        let lost = claims.locked { claim -> Bool in
            guard let held = claim else { return false }
            return !held.isHeld
        }
        guard lost, let renewed = try? journal.claimResponder(responder, answering: name) else { return }
        let replaced = claims.locked { claim -> (any ResponderClaim)? in
            // Cancelled meanwhile: the new claim goes too.
            guard claim != nil else { return renewed }
            defer { claim = renewed }
            return claim
        }
        replaced?.release()
    }

    /// Journals `handler`'s answer to `request`: a reply, or a failure whose
    /// payload is `{"error": "…"}` when it throws or its answer cannot be
    /// encoded. A reply that cannot be journaled is dropped: the requester
    /// then counts the responder as not answering, as if it had died.
    private static func answer(
        _ request: Notice, as responder: Sender, on hub: NoticeHub,
        handler: @Sendable (Notice) throws -> NoticePayload
    ) {
        let links = NoticeLinks.caused(by: request)
        var reply: Notice
        do {
            let payload = try NoticeHub.withCause(request) { try handler(request) }
            reply = Notice(name: request.name, sender: responder, payload: payload, kind: .reply, links: links)
            _ = try reply.payloadJSON()
        } catch {
            reply = Notice(
                name: request.name, sender: responder, payload: .value(ReplyFailure(error: "\(error)")),
                kind: .failure, links: links)
        }
        _ = try? hub.journalWithoutDelivery(reply)
    }
}

/// The payload of a ``NoticeKind/failure``: what the responder's handler threw.
struct ReplyFailure: Codable, Sendable {
    let error: String
}
