#if Postgres
    public import NoticeHub
    import PostgresNIO

    extension PostgresJournal: RenewingClaimsJournal {
        /// Takes an advisory lock on a random key in a session of its own, then
        /// writes the claim's row (see ``PostgresResponderClaim``); the server
        /// lets go of the lock when the session ends.
        public func claimResponder(_ responder: Sender, answering name: NoticeName) throws -> any ResponderClaim {
            // Without a key to reuse, a claim is always made.
            try PostgresResponderClaim.claim(
                responder, answering: name, settings: settings, losses: lostResponderClaims)!
        }

        /// Takes the advisory lock on `key` again, as a session of its own,
        /// and writes the claim's row over the lost claim's; nil while the
        /// lost claim's session still holds the lock.
        public func claimResponder(_ responder: Sender, answering name: NoticeName, reusing key: Int64) throws
            -> (any ResponderClaim)?
        {
            try PostgresResponderClaim.claim(
                responder, answering: name, reusing: key, settings: settings, losses: lostResponderClaims)
        }

        /// Five seconds: a responder whose session was cut checks its claim
        /// every second and claims again as soon as the server answers, which
        /// a restarted server does within a few seconds.
        public var claimRenewalGrace: Duration { .seconds(5) }

        /// The rows of `responders` whose advisory lock `pg_locks` shows
        /// granted, in key order, read in one statement. The rows found dead
        /// are then deleted unless their key was claimed again meanwhile,
        /// best effort (a user who may only read keeps them).
        public func liveResponders() throws -> [LiveResponder] {
            try withSession { session in
                let rows = try session.query(
                    "SELECT key, name, responder, \(Self.isLocked("key")) FROM responders ORDER BY key"
                ).rows
                var live: [LiveResponder] = []
                var dead: [Int64] = []
                for row in rows {
                    let (key, name, responder, isLive) = try row.decode((Int64, String, String, Bool).self)
                    if isLive {
                        live.append(
                            LiveResponder(
                                responder: Sender(trusted: responder), name: NoticeName(trusted: name), key: key))
                    } else {
                        dead.append(key)
                    }
                }
                if !dead.isEmpty {
                    var binds = PostgresBindings()
                    binds.append(dead)
                    // A key claimed again since the read keeps its new row.
                    _ = try? session.query(
                        "DELETE FROM responders WHERE key = ANY($1) AND NOT \(Self.isLocked("key"))", binds)
                }
                return live
            }
        }

        /// The keys among `keys` whose advisory lock `pg_locks` shows granted,
        /// in one statement.
        public func liveResponderKeys(among keys: Set<Int64>) throws -> Set<Int64> {
            guard !keys.isEmpty else { return [] }
            return try withSession { session in
                var binds = PostgresBindings()
                binds.append(Array(keys))
                let rows = try session.query(
                    "SELECT key FROM unnest($1::int8[]) AS asked (key) WHERE \(Self.isLocked("asked.key"))", binds
                ).rows
                return Set(try rows.map { try $0.decode(Int64.self) })
            }
        }

        /// Whether a session of this database holds the advisory lock on the
        /// bigint `key`: `pg_locks` shows such a key split into `classid` (the
        /// high half) and `objid` (the low half), with `objsubid` 1.
        private static func isLocked(_ key: String) -> String {
            """
            EXISTS (SELECT 1 FROM pg_locks
                    WHERE locktype = 'advisory' AND objsubid = 1 AND granted
                      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                      AND ((classid::bigint << 32) | objid::bigint) = \(key))
            """
        }
    }
#endif
