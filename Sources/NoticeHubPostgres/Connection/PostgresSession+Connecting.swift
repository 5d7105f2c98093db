#if Postgres
    import Foundation
    import Logging
    import NIOCore
    import NIOPosix
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// Connecting: the shared connection or a private one, with backoff after failures.
    extension PostgresSession {
        /// The connection, connecting first if there is none.
        @discardableResult
        func connectIfNeeded() throws(JournalError) -> PostgresConnection {
            if holdsOwnConnection {
                if let ownConnection, !ownConnection.isClosed { return ownConnection }
                throw .storage(
                    StorageFailure(
                        "lost the connection to \(settings.url)"
                            + (holdsTransaction ? " with the transaction open; it was rolled back" : ""),
                        lostConnection: .beforeCommit))
            }
            if let connection, !connection.isClosed { return connection }
            if connection != nil {
                connection = nil
                try claimLost()
            }
            if holdsTransaction {
                throw .storage(
                    StorageFailure(
                        "lost the connection to \(settings.url) with the transaction open; it was rolled back",
                        lostConnection: .beforeCommit))
            }
            if hasConnectedBefore { try claimLost() }
            if !isAttached {
                shared.attach()
                isAttached = true
            }
            let wait = ContinuousClock.now.duration(to: nextAttempt)
            if wait > .zero { Thread.sleep(forTimeInterval: wait.seconds) }
            do {
                let made = try shared.connection(settings)
                connection = made
                // What is queued belongs to the connection it was queued for.
                deferred.removeAll()
                backoff = .zero
                hasConnectedBefore = true
                return made
            } catch {
                backoff = backoff == .zero ? .milliseconds(50) : min(backoff * 2, .seconds(1))
                nextAttempt = .now + backoff
                throw cannotConnect(error)
            }
        }

        /// A connection of its own, apart from ``shared``.
        func connectOwn() throws(JournalError) -> PostgresConnection {
            do {
                return try SharedConnection.connect(settings, purpose: purpose)
            } catch {
                throw cannotConnect(error)
            }
        }

        /// `error`, a failed connection attempt, as the journal tells it.
        func cannotConnect(_ error: any Error) -> JournalError {
            if let error = error as? JournalError { return error }
            let failure = PostgresFailure.describe(error, url: settings.url)
            if hasConnectedBefore {
                settings.logger.warning(
                    "cannot reconnect to the journal", metadata: ["journal": "\(settings.url)", "error": "\(failure)"])
            }
            return .cannotOpen(path: settings.url.description, detail: failure)
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
