#if Postgres
import NoticeHub
import PostgresNIO
import Synchronization

/// A durable subscriber's claim on a PostgreSQL journal: a session advisory
/// lock on a key made from the schema and the name, held by a session of
/// its own.
///
/// The server lets go of the lock when the session ends: at once when the
/// holder's process dies, and within about 11 s when its host vanishes, as
/// the session's startup parameters ask the server to probe a silent client
/// (TCP keepalives every 2 s after 5 s idle, 3 probes;
/// `client_connection_check_interval`). The subscriber reads and saves its
/// cursor through this same session, which never reconnects: a holder that
/// lost its session has lost the claim, and stops with
/// ``JournalError/claimLost(_:)`` instead of delivering beside its
/// successor or overwriting its cursor.
final class PostgresSubscriberClaim: SubscriberClaim, @unchecked Sendable {
    private let subscriber: String
    private let state: Mutex<(session: PostgresSession?, taken: Bool)>

    init(_ subscriber: String, settings: PostgresSettings) throws(JournalError) {
        self.subscriber = subscriber
        let session = try PostgresSession(settings, purpose: .watchful)
        var binds = PostgresBindings()
        binds.append(Self.key(for: subscriber, in: settings.url))
        let claimed = try session.query("SELECT pg_try_advisory_lock($1)", binds).rows.first
            .flatMap { try? $0.decode(Bool.self) } ?? false
        guard claimed else {
            session.close()
            throw .subscriberBusy(subscriber)
        }
        session.claimedSubscriber = subscriber
        state = Mutex((session, false))
    }

    deinit { release() }

    /// The claim's session, as the subscriber's connection: once.
    func takeConnection() -> (any JournalConnection)? {
        state.locked { state -> (any JournalConnection)? in
            guard let session = state.session, !state.taken else { return nil }
            state.taken = true
            return PostgresJournalConnection(session, durability: .always)
        }
    }

    func release() {
        let session = state.locked { state in
            defer { state.session = nil }
            return state.session
        }
        session?.close()
    }

    /// The lock's key: the schema and the name, hashed as the same in every
    /// process (FNV-1a, not Swift's seeded `Hasher`).
    static func key(for subscriber: String, in url: PostgresURL) -> Int64 {
        Int64(IdentifierRules.fingerprint("noticehub subscriber \(url.schema ?? "")\u{0}\(subscriber)"))
    }
}
#endif
