public import CoreMetrics
public import Logging
import Synchronization
public import Tracing

/// A mediator modeled on Foundation's `NotificationCenter`: colleagues post
/// notices to the hub and observe them, filtered by name and by sender, and the
/// hub delivers. It adds what NotificationCenter lacks: replies
/// (``request(_:payload:from:as:askingOnly:)``), typed messages, async
/// sequences and, on a journal, persistence and replay.
///
/// ```swift
/// let hub = NoticeHub()
/// let token = hub.observe("greeting", sender: "Athos") { notice in
///     print("heard", notice.name)
/// }
/// try hub.post("greeting", sender: "Athos")
/// token.cancel()
/// ```
///
/// ## Delivery rules
/// - Synchronous, on the posting thread, in registration order; notices a
///   ``HubJournal/follow(pollInterval:onFailure:)`` brings from other processes arrive on the
///   follower's thread, and replayed ones on the thread calling ``HubJournal/replay(from:through:names:into:onUndecodable:)``.
/// - Matching is NotificationCenter's: a nil name observes every name, a nil
///   sender every sender; a sender filter never matches a notice posted
///   without a sender.
/// - A handler may post (the new notice is delivered at once, depth-first),
///   observe or cancel. A subscription added during a delivery does not get
///   the notice in flight; one cancelled during it is skipped.
/// - Post, observe and cancel are safe from any thread at once.
/// - On a journal, a notice is appended (under the hub's ``Durability``)
///   before it is delivered, and carries its sequence number.
public final class NoticeHub: Sendable {
    let observers = Registry(cachedPerThread: true)
    let responders = Registry(cachedPerThread: false)
    /// The journal and its writer; nil for an in-memory hub.
    let backend: (any NoticeJournal)?
    let writer: JournalWriter?
    /// The streams being iterated, which closing or dropping the hub ends.
    let streams = OpenStreams()
    /// Where replies to requests across processes arrive, once one was made.
    let replyInbox = Mutex<ReplyInbox?>(nil)
    /// This hub's responders across processes, which withdraw when it closes.
    let journalResponders = JournalResponders()
    /// Where typed observers and streams report what they cannot decode.
    let undecodableReports = UndecodableReports()
    /// Deliveries handed to isolated and asynchronous observers that have
    /// not run yet.
    package let pendingDeliveries = PendingDeliveries()
    /// The hub's journal and its tools: reads, replays, followers, durable
    /// subscribers, trims, retention, imports and projections.
    public var journal: HubJournal { HubJournal(self) }
    /// The connections ``journal``'s reads go through, kept for the hub's
    /// life; nil for an in-memory hub.
    let readConnections: ReadConnections?
    /// The observations of projections' state
    /// (``HubJournal/observe(_:scheduling:reading:onFailure:onChange:)``);
    /// nil for an in-memory hub.
    let stateWatch: StateWatch?
    /// The projection rebuilds that opening the hub ran, in order.
    let rebuiltOnOpening: [ProjectionRebuild]
    /// What the hub reports through swift-metrics; nil when no metrics
    /// backend was bootstrapped as it was made.
    let metrics: HubMetrics?
    /// How the hub carries trace context through its journal; nil when no
    /// tracer was given or bootstrapped as it was made.
    let tracing: HubTracing?
    /// Where a journaled hub tells what happens to its journal and its
    /// requests across processes; none for an in-memory hub.
    let logger: Logger?

    /// An in-memory hub: notices live only as long as their delivery.
    ///
    /// - Parameter metrics: where the hub reports its posts, deliveries and
    ///   requests (see <doc:JournalAndDurability#Metrics>); by default the
    ///   backend bootstrapped with `MetricsSystem`, and none when there is none.
    public init(metrics: (any MetricsFactory)? = nil) {
        backend = nil
        readConnections = nil
        stateWatch = nil
        writer = nil
        rebuiltOnOpening = []
        self.metrics = HubMetrics.make(metrics)
        // Deliveries run on the poster's thread, in the poster's context.
        tracing = nil
        logger = nil
    }

    /// The largest payload a hub accepts unless told otherwise, in bytes of
    /// JSON: 1 MiB. `noticectl import` accepts no more, so `verify` reports
    /// a stored payload above it.
    @usableFromInline package static let payloadLimitByDefault = 1 << 20

    /// A hub that journals every notice before delivering it.
    ///
    /// Opening installs `projections` that the journal lacks or holds at an
    /// older version or schema: their missing migrations run, and a
    /// projection new to a journal that holds its notices, or whose version
    /// went up, is rebuilt from the journal before `init` returns (posting
    /// waits meanwhile; readers see its old state until the rebuild
    /// commits). The journal then remembers them: a hub that does not carry
    /// one of them cannot post the notices it handles
    /// (``JournalError/projectionMissing(name:projection:)``).
    ///
    /// - Parameters:
    ///   - journal: where notices go, e.g. `SQLiteJournal`.
    ///   - durability: when a post counts as safe (default ``Durability/always``).
    ///   - projections: the app's state kept in the journal's transaction.
    ///   - payloadLimit: the largest payload accepted, in bytes of JSON
    ///     (by default 1 MiB, which `noticectl import` accepts at most).
    ///   - rebuildProgress: called after each batch of a rebuild that opening
    ///     runs, on the opening thread.
    ///   - logger: where the hub tells what happens to its journal (see
    ///     <doc:JournalAndDurability#Logging>): opening and closing it and
    ///     refused posts at debug level, rebuilds at notice, a commit retried
    ///     after a lost server connection at warning. Never a payload.
    ///   - metrics: where the hub reports its posts, deliveries, commits,
    ///     followers and requests (see <doc:JournalAndDurability#Metrics>);
    ///     by default the backend bootstrapped with `MetricsSystem`, and
    ///     none when there is none.
    ///   - tracer: how trace context crosses the journal (see
    ///     <doc:JournalAndDurability#Tracing>): posts store the poster's
    ///     context in their ``Notice/metadata``, requests across processes
    ///     and their answers are spans; by default the tracer bootstrapped
    ///     with `InstrumentationSystem`, and none when there is none.
    public init(
        journal: any NoticeJournal,
        durability: Durability = .always,
        projections: [any Projection] = [],
        payloadLimit: Int = NoticeHub.payloadLimitByDefault,
        rebuildProgress: ((RebuildProgress) -> Void)? = nil,
        logger: Logger = Logger(label: "NoticeHub"),
        metrics: (any MetricsFactory)? = nil,
        tracer: (any Tracer)? = nil
    ) throws {
        self.backend = journal
        let readConnections = ReadConnections(journal)
        self.readConnections = readConnections
        let stateWatch = StateWatch(journal: journal, connections: readConnections)
        self.stateWatch = stateWatch
        let metrics = HubMetrics.make(metrics)
        self.metrics = metrics
        tracing = HubTracing.make(tracer)
        var logger = logger
        logger[metadataKey: "journal"] = "\(journal.location)"
        self.logger = logger
        let writer = try JournalWriter(
            journal: journal, durability: durability, projections: projections, payloadLimit: payloadLimit,
            logger: logger, metrics: metrics, stateWatch: stateWatch)
        self.writer = writer
        do {
            rebuiltOnOpening = try writer.installProjections(progress: rebuildProgress)
        } catch {
            logger.debug("the journal could not be opened", metadata: ["error": "\(error)"])
            try? writer.close()
            throw error
        }
        for rebuild in rebuiltOnOpening {
            logger.notice(
                "a projection was rebuilt from the journal",
                metadata: [
                    "projection": "\(rebuild.identity)", "version": "\(rebuild.version)",
                    "replayed": "\(rebuild.replayed)", "refused": "\(rebuild.refusedCount)",
                ])
        }
        logger.debug(
            "the journal is open",
            metadata: ["durability": "\(durability)", "projections": "\(projections.count)"])
    }

    deinit {
        stateWatch?.stop()
        streams.finishAll()
        replyInbox.locked { $0.take() }?.close()
    }

    /// The identity tokens carry, so a hub can refuse tokens it did not issue.
    var identity: ObjectIdentifier { ObjectIdentifier(self) }

    /// Cancels a token this hub issued, throwing
    /// ``NoticeHubError/foreignSubscription`` for a token from another hub
    /// (the token is then left untouched).
    public func remove(_ subscription: Subscription) throws(NoticeHubError) {
        guard subscription.issuer == identity else { throw .foreignSubscription }
        subscription.cancel()
    }

    /// Live observers (streams included), for diagnostics and tests.
    package var liveObserverCount: Int { observers.count }

    /// Live responders, for diagnostics and tests.
    package var liveResponderCount: Int { responders.count }

    /// Removes subscriptions whose owners are gone now, instead of waiting for
    /// the hub to notice them during delivery or registration.
    package func sweepOrphans() {
        observers.sweepOrphans()
        responders.sweepOrphans()
    }

    /// How many observers a notice with this name and sender would reach: what
    /// a post costs, whatever is registered under other names.
    package func targetCount(for name: NoticeName, sender: Sender?) -> Int {
        observers.targets(name: name, sender: sender).count
    }

    /// Stops journaling and ends the hub's streams. Calling it again does
    /// nothing; dropping the hub closes it too.
    ///
    /// On a journaled hub it commits what a batched hub holds and waits for
    /// the durable posts already under way. Afterwards posts and
    /// ``HubJournal/importNotices(_:transactionSize:progress:)`` throw
    /// ``JournalError/closed`` and ``HubJournal/flush()`` does nothing, but reading goes
    /// on: ``journal``'s reads, ``HubJournal/replay(from:through:names:into:onUndecodable:)``,
    /// ``HubJournal/follow(pollInterval:onFailure:)`` and
    /// ``HubJournal/subscribe(as:names:pollInterval:delivery:sharing:onFailure:handler:)-5cpon``
    /// use connections of their own and still work, and followers already
    /// running keep delivering until cancelled.
    ///
    /// An in-memory hub has nothing to close: posts made after `close()`
    /// are still delivered to its observers.
    ///
    /// On both, observers, responders and requests keep working, and each
    /// loop over ``notices(named:sender:buffering:)`` or
    /// ``messages(of:sender:buffering:)`` gets what its buffer holds, then
    /// nil; a stream iterated later ends at once.
    ///
    /// Deliveries already handed to observers that run elsewhere still run:
    /// an observer on the main actor, an actor or a queue gets every notice
    /// posted before `close()`, after it returns, as its isolation gets to
    /// them (and, on an in-memory hub, those posted later). An asynchronous
    /// observer (``observe(_:sender:buffering:using:)-(NoticeName?,_,_,_)``)
    /// handles what its buffer holds, as a stream's loop does, and then its
    /// task ends: it gets nothing posted after `close()`.
    public func close() throws {
        replyInbox.locked { $0.take() }?.close()
        journalResponders.withdrawAll()
        do {
            try writer?.close()
        } catch JournalError.reentrant {
            throw JournalError.reentrant // nothing was closed
        } catch {
            // The writer is closed even when its last commit failed.
            streams.finishAll()
            throw error
        }
        streams.finishAll()
    }

    /// Group commits so far and the notices they carried (durability
    /// `always`), for the benchmark's report of batch sizes.
    package var groupCommits: (commits: Int, notices: Int) {
        writer?.groupCommits ?? (0, 0)
    }

    @available(*, deprecated, renamed: "journal.flush()")
    public func flush() throws {
        try journal.flush()
    }
}

extension NoticeHub {
    func requireJournal() throws(JournalError) -> any NoticeJournal {
        guard let backend else { throw .noJournal }
        return backend
    }
}

typealias ObserverHandler = @Sendable (Notice) -> Void
