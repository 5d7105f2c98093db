import Foundation
import Logging
import Synchronization
import Tracing

/// A responder that answers requests posted to a journal by any process: it
/// announces itself with a claim (``ResponderClaimingJournal/claimResponder(_:answering:)``),
/// follows the journal for requests of its name, and journals each answer as
/// a reply (or a failure) that names the request as its cause.
///
/// Requests are answered one at a time, in journal order, on the follower's
/// thread. A request posted more than ``staleness`` before the responder
/// started, by the requester's clock (one brought in by an import, or from a
/// host whose clock is behind), is refused rather than answered: its
/// requester gets a failure saying why at once, `onAnswer` hears it, and the
/// hub's logger says so at warning level.
///
/// Each answer names the responder's claim (``NoticeMetadata/responderClaimKey``),
/// so a requester counts replicas that share a sender one by one. A claim
/// can end while the responder lives (a server's session lost, the server
/// restarted): every ``claimCheckInterval`` the responder checks, and claims
/// its place again under the same key when the backend can
/// (``RenewingClaimsJournal/claimResponder(_:answering:reusing:)``), so a request
/// under way still counts it. On a hub with a tracer, each answer is a span,
/// a child of the request's. The responder withdraws for good
/// when it can no longer answer: its hub closed, or its follower stopped
/// on a journal it cannot read on.
package final class JournalResponder: CancellableRegistration {
    /// How far back a request may have been posted and still be answered by
    /// a responder that has just started, in milliseconds: a minute, which
    /// tolerates clocks of hosts that disagree by less.
    static var staleness: Int64 { 60_000 }
    /// How often a lost claim is noticed and made again.
    static var claimCheckInterval: Duration { .seconds(1) }

    private let presence: Presence
    private let follower: JournalFollower

    /// The claim held now; nil once withdrawn.
    package var claim: (any ResponderClaim)? { presence.claim }

    init(
        hub: NoticeHub, journal: any ResponderClaimingJournal, name: NoticeName, responder: Sender,
        onAnswer: (@Sendable (Notice, Result<Notice, any Error>) -> Void)? = nil,
        handler: @escaping @Sendable (Notice) throws -> NoticePayload
    ) throws {
        // The start is read before the claim is announced: a requester that
        // sees the claim posts its request after this point.
        let start = try journal.connect(durability: .always).lastSequence() + 1
        let startedAt = WallClock.nowMilliseconds()
        let presence = Presence(try journal.claimResponder(responder, answering: name))
        self.presence = presence
        do {
            follower = try JournalFollower(
                journal: journal,
                options: .init(
                    query: JournalQuery(from: start, names: [name], kinds: [.request]),
                    pollInterval: journal.pollInterval),
                onFailure: { _ in presence.withdraw() }
            ) { request in
                // The hub is held: the responder answers until cancelled.
                guard request.sender != responder else { return }
                let earlier = startedAt - request.postedAtMilliseconds
                let answered: Result<Notice, any Error>?
                let claim = presence.claim?.key
                if earlier > Self.staleness {
                    hub.logger?.warning(
                        "a request was refused: posted before the responder started, by the requester's clock",
                        metadata: [
                            "responder": "\(responder)", "name": "\(request.name)", "request": "\(request.id)",
                            "earlier_s": "\(earlier / 1000)",
                        ])
                    answered = Self.answer(request, as: responder, claim: claim, on: hub) { _ in
                        throw StaleRequest(earlierMilliseconds: earlier)
                    }
                } else {
                    answered = Self.answer(request, as: responder, claim: claim, on: hub, handler: handler)
                }
                guard let answered else {
                    presence.withdraw()
                    return
                }
                onAnswer?(request, answered)
            }
        } catch {
            presence.withdraw()
            throw error
        }
        presence.keepClaimed(on: journal, responder, name)
    }

    package var isCancelled: Bool { follower.isCancelled }

    /// Gives the claim up for good, as the hub's close does: requesters stop
    /// counting on a responder that can no longer journal an answer.
    func withdraw() {
        presence.withdraw()
    }

    /// Stops making the claim again, as the process's death would: for
    /// tests that end a claim and want it to stay ended.
    package func stopRenewingClaim() {
        presence.stopRenewing()
    }

    package func cancel() {
        // The answer under way, if any, is journaled before the claim goes:
        // its requester gets it rather than a responder that vanished.
        follower.cancel()
        presence.withdraw()
    }

    /// Journals `handler`'s answer to `request`, naming `claim`: a reply, or
    /// a failure whose payload is `{"error": "…"}` when it throws, its answer
    /// cannot be encoded or the journal refuses it. On a hub with a tracer,
    /// the answer is a span whose parent is the context the request carries.
    /// Returns the answer journaled, or why the journal took neither; nil
    /// when the hub is closed, and nothing can be answered any more.
    private static func answer(
        _ request: Notice, as responder: Sender, claim: Int64?, on hub: NoticeHub,
        handler: @Sendable (Notice) throws -> NoticePayload
    ) -> Result<Notice, any Error>? {
        var metadata = NoticeMetadata.empty
        if let claim { metadata[NoticeMetadata.responderClaimKey] = String(claim) }
        guard let tracing = hub.tracing else {
            return answer(request, as: responder, metadata: metadata, on: hub, handler: handler)
        }
        return tracing.tracer.withSpan(
            "respond \(request.name)", context: tracing.context(of: request) ?? .topLevel, ofKind: .server
        ) { span in
            let answered = answer(
                request, as: responder, metadata: tracing.injecting(span.context, into: metadata), on: hub,
                handler: handler)
            if case .success(let answer) = answered {
                span.attributes["noticehub.answer.kind"] = answer.kind.rawValue
            }
            return answered
        }
    }

    /// ``answer(_:as:claim:on:handler:)`` with the answer's metadata made.
    private static func answer(
        _ request: Notice, as responder: Sender, metadata: NoticeMetadata, on hub: NoticeHub,
        handler: @Sendable (Notice) throws -> NoticePayload
    ) -> Result<Notice, any Error>? {
        let links = NoticeLinks.caused(by: request)
        func failure(_ error: any Error) -> Notice {
            Notice(
                name: request.name, sender: responder, payload: .encodable(ReplyFailure(error: "\(error)")),
                kind: .failure, links: links, metadata: metadata)
        }
        var answer: Notice
        do {
            let payload = try NoticeHub.withCause(request) { try handler(request) }
            answer = Notice(
                name: request.name, sender: responder, payload: payload, kind: .reply, links: links,
                metadata: metadata)
        } catch {
            answer = failure(error)
        }
        while true {
            do {
                return .success(try hub.journalWithoutDelivery(answer))
            } catch JournalError.closed {
                return nil
            } catch  where answer.kind == .reply {
                // Not encodable, too large or refused: the requester hears why.
                answer = failure(error)
            } catch {
                // The journal cannot take even the failure (its server is
                // unreachable): the requester's timeout ends its wait.
                return .failure(error)
            }
        }
    }

    /// The responder's claim, kept while it answers: made again when lost,
    /// given up for good by ``withdraw()``.
    private final class Presence: Sendable {
        private let claims: Mutex<(any ResponderClaim)?>
        /// Checks the claim while the responder answers.
        private let keeper = Mutex<BackgroundWorker?>(nil)
        private let withdrawn = Atomic<Bool>(false)

        init(_ claim: any ResponderClaim) {
            claims = Mutex(claim)
        }

        var claim: (any ResponderClaim)? { claims.locked { $0 } }

        /// Checks the claim every ``JournalResponder/claimCheckInterval``
        /// from a ``BackgroundWorker`` until withdrawn. Without the worker a
        /// lost claim stays lost while requests are still answered, so a
        /// failure to start it is not the caller's.
        func keepClaimed(on journal: any ResponderClaimingJournal, _ responder: Sender, _ name: NoticeName) {
            let interval = JournalResponder.claimCheckInterval
            let worker = BackgroundWorker(name: "NoticeHub responder claim", firstRest: interval) { [self] in
                claimAgainIfLost(journal, responder, name)
                return .after(interval)
            }
            let alreadyWithdrawn = keeper.locked { keeper in
                keeper = worker
                return withdrawn.load(ordering: .acquiring)
            }
            if alreadyWithdrawn { worker?.stop() }
        }

        func stopRenewing() {
            keeper.locked { $0 }?.stop()
        }

        /// Gives the claim up and stops checking it; idempotent.
        func withdraw() {
            guard !withdrawn.exchange(true, ordering: .acquiringAndReleasing) else { return }
            keeper.locked { $0 }?.stop()
            claims.locked { $0.take() }?.release()
        }

        /// Claims the place again if the claim was lost, under its key when
        /// the journal can, else anew; a failure is tried again at the next
        /// check.
        private func claimAgainIfLost(_ journal: any ResponderClaimingJournal, _ responder: Sender, _ name: NoticeName)
        {
            // Confirmed outside the lock: a server's claim makes a round trip.
            guard let held = claims.locked({ $0 }), !held.confirmHeld() else { return }
            let reclaimed = try? (journal as? any RenewingClaimsJournal)?.claimResponder(
                responder, answering: name, reusing: held.key)
            guard let renewed = reclaimed ?? (try? journal.claimResponder(responder, answering: name)) else {
                return
            }
            let replaced = claims.locked { claim -> (any ResponderClaim)? in
                // Withdrawn meanwhile: the new claim goes too.
                guard claim != nil else { return renewed }
                defer { claim = renewed }
                return claim
            }
            replaced?.release()
        }
    }
}

/// A hub's responders across processes, held weakly: the subscriptions
/// own them.
final class JournalResponders: Sendable {
    private struct Entry {
        weak var responder: JournalResponder?
    }
    private let entries = Mutex<[Entry]>([])

    func add(_ responder: JournalResponder) {
        entries.locked { entries in
            entries.removeAll { $0.responder == nil }
            entries.append(Entry(responder: responder))
        }
    }

    /// Withdraws every responder still alive.
    func withdrawAll() {
        entries.locked { $0.compactMap(\.responder) }.forEach { $0.withdraw() }
    }
}

/// Why a responder refused a request posted well before it started.
struct StaleRequest: Error, CustomStringConvertible {
    let earlierMilliseconds: Int64

    var description: String {
        let seconds = earlierMilliseconds / 1000
        return "not answered: posted \(seconds) s before the responder started, by the requester's clock "
            + "(an imported request, or hosts whose clocks disagree by over \(JournalResponder.staleness / 1000) s)"
    }
}

/// The payload of a ``NoticeKind/failure``: what the responder's handler threw.
struct ReplyFailure: Codable, Sendable {
    let error: String
}
