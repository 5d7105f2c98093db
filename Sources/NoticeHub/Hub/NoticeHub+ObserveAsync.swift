import Synchronization

extension NoticeHub {
    /// Observes notices with an asynchronous handler, which handles one
    /// notice at a time, in posting order, on a task of its own.
    ///
    /// Notices wait for the handler in a buffer that works as an async
    /// sequence's (``NoticeStream``): `buffering` says what happens when it is
    /// full, and ``Subscription/droppedCount`` counts what it dropped. The
    /// subscription starts before this returns, so every notice posted after
    /// it is handled (or counted as dropped). Cancelling the subscription
    /// cancels the handler's task: a handler that is running sees
    /// `Task.isCancelled`, and no later notice is handled. Closing or
    /// releasing the hub ends the task once the buffer is handled.
    ///
    /// ```swift
    /// let indexer = hub.observe("page.saved") { notice async in
    ///     await search.index(notice)
    /// }
    /// ```
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        buffering: NoticeStream.Buffering = .unbounded,
        using handler: @escaping @Sendable (Notice) async -> Void
    ) -> Subscription {
        let drops = DropCounter()
        let channel = NoticeChannel(buffering: buffering, drops: drops)
        let backlog = AsyncObserverBacklog(pendingDeliveries)
        let subscription = observe(name, sender: sender) { notice in
            backlog.handingOver()
            backlog.finished(channel.send(notice))
        }
        let connection = NoticeStream.Connection(channel: channel, subscription: subscription, streams: streams)
        streams.add(channel)
        let task = Task {
            var notices = NoticeStream.Iterator(connection: connection)
            // A batch taken before the cancel is not handled after it.
            while let notice = await notices.next(), !Task.isCancelled {
                await handler(notice)
                backlog.finished(1)
            }
            backlog.end()
        }
        return Subscription(
            registration: AsyncObserverRegistration(task: task, connection: connection, drops: drops), issuer: identity)
    }

    /// Observes a typed message with an asynchronous handler; see
    /// ``observe(_:sender:buffering:using:)-(NoticeName?,_,_,_)``. A notice
    /// that does not decode is reported as a synchronous typed observer's is.
    @_disfavoredOverload
    public func observe<Message: NoticeMessage>(
        _ type: Message.Type,
        sender: Sender? = nil,
        buffering: NoticeStream.Buffering = .unbounded,
        using handler: @escaping @Sendable (Message, Notice) async -> Void
    ) -> Subscription {
        let reports = undecodableReports
        let identity = identity
        return observe(Message.name, sender: sender, buffering: buffering) { notice in
            guard let message = reports.decode(notice, as: Message.self, hub: identity) else { return }
            await handler(message, notice)
        }
    }
}

/// An asynchronous observer's subscription: its task, and the stream
/// connection that feeds it.
final class AsyncObserverRegistration: CancellableRegistration {
    private let task: Task<Void, Never>
    private let connection: NoticeStream.Connection
    private let drops: DropCounter

    init(task: Task<Void, Never>, connection: NoticeStream.Connection, drops: DropCounter) {
        self.task = task
        self.connection = connection
        self.drops = drops
    }

    func cancel() {
        task.cancel()
        connection.end()
    }

    var isCancelled: Bool { task.isCancelled }

    var droppedCount: Int { drops.value }
}

/// An asynchronous observer's share of its hub's ``PendingDeliveries``:
/// notices handed to its buffer and not yet handled. When its task ends
/// (cancelled, or the hub closed), what it will never handle stops counting.
final class AsyncObserverBacklog: Sendable {
    private struct State {
        var count = 0
        var ended = false
    }

    private let state = Mutex(State())
    private let pending: PendingDeliveries

    init(_ pending: PendingDeliveries) {
        self.pending = pending
    }

    /// A notice is about to go into the buffer: counted before, so that the
    /// handler cannot finish it first.
    func handingOver() {
        state.locked { state in
            guard !state.ended else { return }
            state.count += 1
            pending.add()
        }
    }

    /// `count` notices were handled or dropped.
    func finished(_ count: Int) {
        guard count > 0 else { return }
        state.locked { state in
            guard !state.ended else { return }
            state.count -= count
            pending.remove(count)
        }
    }

    /// The task ended: nothing left in the buffer will be handled.
    func end() {
        state.locked { state in
            state.ended = true
            pending.remove(state.count)
            state.count = 0
        }
    }
}
