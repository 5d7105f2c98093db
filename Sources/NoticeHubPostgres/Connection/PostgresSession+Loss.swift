#if Postgres
    import Logging
    import NoticeHub

    /// What a lost connection means to the session's owner.
    extension PostgresSession {
        /// The error for a statement whose session has lost the connection it
        /// holds: its claim or its transaction went with it.
        func lost() throws(JournalError) -> JournalError {
            try claimLost()
            return .storage(
                StorageFailure(
                    "lost the connection to \(settings.url)"
                        + (holdsTransaction ? " with the transaction open; it was rolled back" : ""),
                    lostConnection: .beforeCommit))
        }

        /// Throws ``JournalError/claimLost(_:)`` for a claim's session, and
        /// says so in the log; returns for any other.
        func claimLost() throws(JournalError) {
            guard let claimedSubscriber else { return }
            settings.logger.warning(
                "a durable subscriber lost its claim",
                metadata: ["journal": "\(settings.url)", "subscriber": "\(claimedSubscriber)"])
            throw .claimLost(claimedSubscriber)
        }
    }
#endif
