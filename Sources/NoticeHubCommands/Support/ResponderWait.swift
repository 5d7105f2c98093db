import Foundation
import NoticeHub

/// `request --wait-for-responders`: a responder started just before (`respond
/// … &`) needs a moment to claim its place; the request waits for a live
/// responder of its name, other than the requester's own, before it asks.
enum ResponderWait {
    /// How often the claims are looked at while waiting.
    static let pollInterval: Duration = .milliseconds(20)

    /// Returns once a live responder answers `name` for someone other than
    /// `sender`, or `limit` has passed (the request then goes out and says
    /// `noResponders`).
    static func untilOneAnswers(_ name: NoticeName, askedBy sender: Sender, on hub: NoticeHub, for limit: Duration)
        throws
    {
        let deadline = ContinuousClock.now + limit
        while true {
            let live = try hub.journal.liveResponders()
            if live.contains(where: { $0.responder != sender && $0.name.matches(name) }) { return }
            guard ContinuousClock.now < deadline else { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
