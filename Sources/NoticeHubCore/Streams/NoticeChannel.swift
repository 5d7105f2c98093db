import Synchronization

/// The buffer between a stream's observer (any posting thread) and its single
/// consumer task.
final class NoticeChannel: Sendable {
    private struct State {
        var buffer: [Notice] = []
        var head = 0
        var waiter: CheckedContinuation<Void, Never>?
        var finished = false
    }

    private let state = Mutex(State())
    private let buffering: NoticeStream.Buffering
    private let drops: DropCounter

    init(buffering: NoticeStream.Buffering, drops: DropCounter) {
        self.buffering = buffering
        self.drops = drops
    }

    /// Called by the observer on the posting thread; never waits. Returns
    /// how many notices it dropped: `notice` (the buffer is full of older
    /// ones, or the stream ended), or the oldest waiting one, or none.
    @discardableResult
    func send(_ notice: Notice) -> Int {
        let (waiter, dropped) = state.locked { state -> (CheckedContinuation<Void, Never>?, Int) in
            guard !state.finished else { return (nil, 1) }
            var dropped = 0
            switch buffering {
            case .unbounded:
                state.buffer.append(notice)
            case .bufferingOldest(let limit):
                guard state.buffer.count - state.head < limit else {
                    drops.add()
                    return (nil, 1)
                }
                state.buffer.append(notice)
            case .bufferingNewest(let limit):
                guard limit > 0 else {
                    drops.add()
                    return (nil, 1)
                }
                if state.buffer.count - state.head >= limit {
                    state.head += 1
                    drops.add()
                    dropped = 1
                }
                state.buffer.append(notice)
            }
            defer { state.waiter = nil }
            return (state.waiter, dropped)
        }
        waiter?.resume()
        return dropped
    }

    /// Moves every waiting notice into `batch` (which must be empty), waiting
    /// for one if there is none. False when the stream has ended.
    func take(into batch: inout [Notice]) async -> Bool {
        while true {
            if Task.isCancelled { finish() }
            let ready = state.locked { state -> Bool? in
                if state.head < state.buffer.count {
                    if state.head == 0 {
                        swap(&batch, &state.buffer)
                    } else {
                        batch.append(contentsOf: state.buffer[state.head...])
                        state.buffer.removeAll(keepingCapacity: true)
                    }
                    state.head = 0
                    return true
                }
                return state.finished ? false : nil
            }
            if let ready { return ready }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let resumeNow = state.locked { state -> Bool in
                        if state.finished || state.head < state.buffer.count { return true }
                        state.waiter = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                self.finish()
            }
        }
    }

    /// Ends the stream: the consumer gets what is buffered, then nil.
    func finish() {
        let waiter = state.locked { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
