import Synchronization

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
