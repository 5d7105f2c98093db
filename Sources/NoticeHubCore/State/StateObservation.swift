import Foundation

/// What a hub's ``StateWatch`` keeps of each observation, whatever its value.
protocol ObservedState: AnyObject, Sendable {
    /// The identity of the projection whose state it reads.
    var identity: String { get }
    /// Reads the value again from `source` and delivers it if it changed.
    func refresh(from source: any StateSource)
}

/// One observation of a projection's state
/// (``HubJournal/observe(_:scheduling:reading:onFailure:onChange:)``): a
/// read, the last value it gave, and where a changed value goes.
///
/// One thread refreshes it at a time. A refresh asked for while another
/// runs (a commit on another thread, or a post made by the handler itself)
/// marks it dirty instead of waiting, and the thread refreshing reads once
/// more before it lets go: so values are delivered in the order they were
/// read, each read sees every commit asked about before it, and a handler
/// that posts never waits for itself.
///
/// A read that throws ends the observation: `fail` is called once with the
/// error.
///
/// `@unchecked Sendable`: the mutable fields are used under `condition`.
final class StateObservation<Value: Equatable & Sendable>: ObservedState, CancellableRegistration,
    @unchecked Sendable
{
    typealias Read = @Sendable (any ProjectionStore) throws -> Value

    let identity: String
    private let read: Read
    private let delivery: StateDelivery<Value>
    private let fail: @Sendable (any Error) -> Void
    /// Called once, when the observation ends, to stop the watch keeping it.
    private let onEnd: @Sendable (StateObservation) -> Void

    private let condition = NSCondition()
    private var last: Value?
    private var refresher: pthread_t?
    private var dirty = false
    private var ended = false

    /// An observation that is refreshing on the calling thread: ``start(from:)``
    /// makes its first read, and refreshes asked for meanwhile wait for it.
    init(
        identity: String, read: @escaping Read, delivery: StateDelivery<Value>,
        fail: @escaping @Sendable (any Error) -> Void, onEnd: @escaping @Sendable (StateObservation) -> Void
    ) {
        self.identity = identity
        self.read = read
        self.delivery = delivery
        self.fail = fail
        self.onEnd = onEnd
        refresher = pthread_self()
    }

    /// Makes the first read and delivers its value, then what commits made
    /// meanwhile; throws what the first read throws, and the observation
    /// has then ended.
    func start(from source: any StateSource) throws {
        let value: Value
        do {
            value = try source.readState(read)
        } catch {
            condition.withLock {
                refresher = nil
                condition.broadcast()
            }
            end()
            throw error
        }
        condition.withLock { last = value }
        delivery.deliver(value, initial: true)
        continueRefreshing(from: source)
    }

    func refresh(from source: any StateSource) {
        let refreshes = condition.withLock {
            guard !ended else { return false }
            guard refresher == nil else {
                dirty = true
                return false
            }
            refresher = pthread_self()
            return true
        }
        guard refreshes else { return }
        refreshOnce(from: source)
        continueRefreshing(from: source)
    }

    /// Reads again while refreshes were asked for meanwhile, then lets go.
    private func continueRefreshing(from source: any StateSource) {
        while true {
            let again = condition.withLock {
                if dirty && !ended {
                    dirty = false
                    return true
                }
                refresher = nil
                condition.broadcast()
                return false
            }
            guard again else { return }
            refreshOnce(from: source)
        }
    }

    /// One read, delivered if its value differs from the last one delivered.
    private func refreshOnce(from source: any StateSource) {
        do {
            let value = try source.readState(read)
            let changed = condition.withLock {
                guard !ended, value != last else { return false }
                last = value
                return true
            }
            if changed { delivery.deliver(value, initial: false) }
        } catch {
            guard end() else { return }
            fail(error)
        }
    }

    var isCancelled: Bool { condition.withLock { ended } }

    /// Ends the observation; unless called from the thread refreshing it,
    /// waits until no thread is running its handler.
    func cancel() {
        end()
        condition.withLock {
            while let refresher, pthread_equal(refresher, pthread_self()) == 0 { condition.wait() }
        }
    }

    /// Marks the observation ended and lets the watch drop it; false if it
    /// had ended.
    @discardableResult
    private func end() -> Bool {
        let ends = condition.withLock {
            guard !ended else { return false }
            ended = true
            return true
        }
        guard ends else { return false }
        delivery.stop()
        onEnd(self)
        return true
    }
}
