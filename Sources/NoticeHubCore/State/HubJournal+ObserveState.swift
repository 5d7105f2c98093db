import Logging

/// Watching state: a value read from a projection's tables, delivered at
/// once and again after each commit that changed it, in this process or
/// another. See <doc:WatchingState>.
///
/// The value is read again:
/// - after each commit of this hub that applied notices the projection
///   handles, on the thread that made the commit, once it has left the
///   journal's writer (a poster, the leader of a group commit, or the
///   batched writer's flusher): a hub posting from one thread at a time
///   returns from each durable `post` with a posting-thread observer
///   holding the value it made;
/// - after each exclusive change this hub makes (a rebuild, an import, a
///   trim, retention), on the thread that made it;
/// - after commits of other processes and other hubs that changed the
///   projection's row of the journal's registry (notices it applied, a
///   rebuild, an install or a removal), seen through the journal's change
///   counter as ``HubJournal/follow(pollInterval:onFailure:)`` sees them:
///   within ``NoticeJournal/pollInterval``, at once when the journal
///   announces commits. That read runs on the hub's state-watch thread.
///
/// A value equal to the last one delivered is not delivered again. Values
/// arrive in the order they were read; an observer on a queue or the main
/// actor that falls behind gets the newest value, not each one on the way.
///
/// A read that throws ends the observation: `onFailure` gets the error
/// (by default the hub's logger reports it at warning level), and the
/// token is cancelled. The first read is made before `observe` returns,
/// which throws what it throws: ``JournalError/noJournal`` on an in-memory
/// hub, a storage error for a journal that keeps no projections' state or
/// lacks the tables read.
extension HubJournal {
    /// Observes a value read from `projection`'s state.
    ///
    /// ```swift
    /// let watching = try hub.journal.observe(ClickCounter()) { store in
    ///     try store.integer("SELECT coalesce(sum(count), 0) FROM clicks", []) ?? 0
    /// } onChange: { total in
    ///     print("clicks so far:", total)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - projection: the projection whose state is read; the observation
    ///     is read again when a commit changed it. The hub need not carry
    ///     it: another process may.
    ///   - scheduling: where `onChange` runs: by default on the thread that
    ///     read the value (for the first value, the caller's, before
    ///     `observe` returns), or on a queue, after the read.
    ///   - read: reads the value in one read transaction; it runs on the
    ///     thread that commits, so keep it to a query.
    ///   - onFailure: called once with the error of a read that throws, on
    ///     the thread that read.
    ///   - onChange: called with the first value, then with each value that
    ///     differs from the last.
    /// - Returns: a token; cancel it, or drop it, to stop observing.
    public func observe<Value: Equatable & Sendable>(
        _ projection: any Projection,
        scheduling: ObserverScheduling = .postingThread,
        reading read: @escaping @Sendable (any ProjectionStore) throws -> Value,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        onChange: @escaping @Sendable (Value) -> Void
    ) throws -> Subscription {
        let delivery =
            if let lane = hub.lane(for: scheduling) {
                StateDelivery(through: lane, initialAtOnce: false, onChange)
            } else {
                StateDelivery(onChange)
            }
        return try startObserving(projection, read, delivery, onFailure: onFailure ?? reportFailure(of: projection))
    }

    /// Observes a value read from `projection`'s state on the main actor,
    /// as an `@Observable` model that views read does: the first value is
    /// handed over before this returns, later ones on the main actor.
    ///
    /// ```swift
    /// @MainActor @Observable final class ClickTotal {
    ///     private(set) var total = 0
    ///     @ObservationIgnored private var watching: Subscription?
    ///
    ///     init(hub: NoticeHub) throws {
    ///         watching = try hub.journal.observe(ClickCounter(), on: MainActor.self) { store in
    ///             try store.integer("SELECT coalesce(sum(count), 0) FROM clicks", []) ?? 0
    ///         } onChange: { [weak self] total in
    ///             self?.total = total
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The parameters are those of ``observe(_:scheduling:reading:onFailure:onChange:)``;
    /// `onFailure` runs on the main actor too.
    @MainActor
    public func observe<Value: Equatable & Sendable>(
        _ projection: any Projection,
        on mainActor: MainActor.Type,
        reading read: @escaping @Sendable (any ProjectionStore) throws -> Value,
        onFailure: (@MainActor @Sendable (any Error) -> Void)? = nil,
        onChange: @escaping @MainActor @Sendable (Value) -> Void
    ) throws -> Subscription {
        let delivery = StateDelivery<Value>(through: IsolationLanes.mainActor, initialAtOnce: true) { value in
            MainActor.assumeIsolated { onChange(value) }
        }
        let failure: @Sendable (any Error) -> Void =
            if let onFailure {
                { error in IsolationLanes.mainActor.enqueue { MainActor.assumeIsolated { onFailure(error) } } }
            } else {
                reportFailure(of: projection)
            }
        return try startObserving(projection, read, delivery, onFailure: failure)
    }

    /// The values read from `projection`'s state, as an async sequence: the
    /// first at once, then each that differs from the last, read as
    /// ``observe(_:scheduling:reading:onFailure:onChange:)`` reads them. A
    /// loop that falls behind gets the newest value. The sequence throws
    /// what a read throws, and the observation ends when the loop does.
    ///
    /// ```swift
    /// for try await total in hub.journal.values(of: ClickCounter(), reading: { store in
    ///     try store.integer("SELECT coalesce(sum(count), 0) FROM clicks", []) ?? 0
    /// }) {
    ///     print("clicks so far:", total)
    /// }
    /// ```
    public func values<Value: Equatable & Sendable>(
        of projection: any Projection,
        reading read: @escaping @Sendable (any ProjectionStore) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        let (values, continuation) = AsyncThrowingStream.makeStream(
            of: Value.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(1))
        do {
            let subscription = try startObserving(
                projection, read, StateDelivery { continuation.yield($0) },
                onFailure: { continuation.finish(throwing: $0) })
            continuation.onTermination = { _ in subscription.cancel() }
        } catch {
            continuation.finish(throwing: error)
        }
        return values
    }

    private func startObserving<Value: Equatable & Sendable>(
        _ projection: any Projection, _ read: @escaping @Sendable (any ProjectionStore) throws -> Value,
        _ delivery: StateDelivery<Value>, onFailure: @escaping @Sendable (any Error) -> Void
    ) throws -> Subscription {
        _ = try requireJournal()
        guard let watch = hub.stateWatch else { throw JournalError.noJournal }
        let observation = StateObservation(
            identity: projection.schema.identity, read: read, delivery: delivery, fail: onFailure,
            onEnd: { watch.remove($0) })
        try watch.add(observation)
        try observation.start(from: watch.source)
        return Subscription(registration: observation, issuer: identity)
    }

    /// Tells the hub's logger that an observation of `projection` ended.
    private func reportFailure(of projection: any Projection) -> @Sendable (any Error) -> Void {
        let logger = logger
        let identity = projection.schema.identity
        return { error in
            logger?.warning(
                "an observation of a projection's state ended: its read failed",
                metadata: ["projection": "\(identity)", "error": "\(error)"])
        }
    }
}
