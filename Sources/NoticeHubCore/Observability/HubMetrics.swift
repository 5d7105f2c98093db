import CoreMetrics

/// The figures a hub reports through swift-metrics, made once when the hub
/// is: see <doc:JournalAndDurability#Metrics> for each label.
///
/// A hub made while no metrics backend is bootstrapped (swift-metrics'
/// `NOOPMetricsHandler`) holds none, so posting and delivering then check one
/// nil reference and report nothing.
final class HubMetrics: Sendable {
    private let posts: Counter
    private let deliveries: Counter
    /// Reported by the writer, around each commit.
    let commitDuration: Timer
    private let followerLag: Timer
    private let liveResponders: Gauge
    private let parkedNotices: Counter
    /// Requests by why they stopped, in ``ReplyCollection/StopReason``'s order.
    private let requests: [Counter]

    /// The labels, as a backend shows them.
    enum Label {
        static let posts = "noticehub.posts"
        static let deliveries = "noticehub.deliveries"
        static let commitDuration = "noticehub.journal.commit.duration"
        static let followerLag = "noticehub.follower.lag"
        static let requests = "noticehub.requests"
        static let liveResponders = "noticehub.responders.live"
        static let parked = "noticehub.subscriber.parked"
    }

    /// The metrics made by `factory`, or by the bootstrapped backend when
    /// nil; nil when that is swift-metrics' no-op backend.
    static func make(_ factory: (any MetricsFactory)?) -> HubMetrics? {
        let factory = factory ?? MetricsSystem.factory
        if factory is NOOPMetricsHandler { return nil }
        return HubMetrics(factory)
    }

    private init(_ factory: any MetricsFactory) {
        posts = Counter(label: Label.posts, factory: factory)
        deliveries = Counter(label: Label.deliveries, factory: factory)
        commitDuration = Timer(label: Label.commitDuration, factory: factory)
        followerLag = Timer(label: Label.followerLag, factory: factory)
        liveResponders = Gauge(label: Label.liveResponders, factory: factory)
        parkedNotices = Counter(label: Label.parked, factory: factory)
        requests = ["allAnswered", "maxRepliesReached", "timedOut", "noResponders", "cancelled"].map { stop in
            Counter(label: Label.requests, dimensions: [("stop", stop)], factory: factory)
        }
    }

    /// Counts a post. Not inlined: a post without metrics pays for the nil
    /// check of its caller alone.
    @inline(never)
    func posted() { posts.increment() }

    /// Counts `count` handler calls for one notice.
    @inline(never)
    func delivered(_ count: Int) { deliveries.increment(by: count) }

    /// Counts a notice a durable subscriber parked.
    func parked() { parkedNotices.increment() }

    /// Reports how many responders across processes are live.
    func respondersLive(_ count: Int) { liveResponders.record(count) }

    /// Reports how long after its post a follower delivers `notice`, in
    /// milliseconds by the wall clocks of the two hosts (never below zero).
    func followed(_ notice: Notice) {
        followerLag.recordMilliseconds(max(0, WallClock.nowMilliseconds() - notice.postedAtMilliseconds))
    }

    /// Counts a request that ended for `reason`.
    func requestEnded<Value>(_ reason: ReplyCollection<Value>.StopReason) {
        let index =
            switch reason {
            case .allAnswered: 0
            case .maxRepliesReached: 1
            case .timedOut: 2
            case .noResponders: 3
            case .cancelled: 4
            }
        requests[index].increment()
    }
}

extension CoreMetrics.Timer {
    /// Records `duration`, in nanoseconds.
    func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        recordNanoseconds(seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000)
    }
}
