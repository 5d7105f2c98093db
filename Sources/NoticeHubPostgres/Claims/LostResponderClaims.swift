#if Postgres
    import NoticeHub
    import Synchronization

    /// The responder claims of one journal found lost and not yet made again,
    /// by responder and name, with when each loss was found: so that the
    /// claim that replaces one is told in the log beside the loss.
    final class LostResponderClaims: Sendable {
        private let lost = Mutex<[String: ContinuousClock.Instant]>([:])

        /// Notes that `responder`'s claim on `name` was found lost now.
        func noteLoss(of responder: Sender, answering name: NoticeName) {
            lost.locked { $0[Self.key(responder, name)] = .now }
        }

        /// How long ago `responder`'s claim on `name` was found lost, if it
        /// was and no claim has replaced it since; forgets the loss.
        func takeLoss(of responder: Sender, answering name: NoticeName) -> Duration? {
            lost.locked { $0.removeValue(forKey: Self.key(responder, name)) }.map { $0.duration(to: .now) }
        }

        private static func key(_ responder: Sender, _ name: NoticeName) -> String {
            "\(responder)\u{0}\(name)"
        }
    }
#endif
