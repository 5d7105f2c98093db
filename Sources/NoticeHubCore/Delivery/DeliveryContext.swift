#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization

/// The current thread's delivery state (``DeliveryThread``), looked up once
/// per post and then reached through a plain pointer.
///
/// Thread-specific, because it is read on every post and every cancel, and a
/// handler's nested posts run on the same thread as the delivery. The state is
/// created on a thread's first delivery and released when the thread ends.
struct DeliveryContext {
    /// Kept alive by the thread-specific slot, which outlives every use of a
    /// context (a context never leaves the thread that looked it up).
    private let state: UnsafeMutablePointer<DeliveryThread.State>

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { block in
            guard let block else { return }
            let thread = Unmanaged<DeliveryThread>.fromOpaque(block)
            DeliveryThreads.remove(thread.takeUnretainedValue())
            thread.release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// This thread's context, created on first use.
    @inline(__always)
    static var current: DeliveryContext {
        if let block = pthread_getspecific(key) {
            return Unmanaged<DeliveryThread>.fromOpaque(block).withBorrowedInstance {
                DeliveryContext(state: $0.state)
            }
        }
        let thread = DeliveryThread()
        DeliveryThreads.add(thread)
        pthread_setspecific(key, Unmanaged.passRetained(thread).toOpaque())
        return DeliveryContext(state: thread.state)
    }

    /// This thread's state if it ever delivered, without creating it.
    static var existingThread: DeliveryThread? {
        pthread_getspecific(key).map { Unmanaged<DeliveryThread>.fromOpaque($0).takeUnretainedValue() }
    }

    /// A fresh notice id for a notice posted at `milliseconds`. Ids count
    /// from a process-wide counter, which each thread takes in blocks: one
    /// atomic read-modify-write per block rather than one per post, where it
    /// cost a tenth of a post.
    @inline(__always)
    func nextID(milliseconds: Int64) -> NoticeID {
        if state.pointee.nextIDCount == state.pointee.idBlockEnd {
            let block = NoticeIDGenerator.shared.reserveBlock()
            state.pointee.nextIDCount = block.lowerBound
            state.pointee.idBlockEnd = block.upperBound
        }
        defer { state.pointee.nextIDCount += 1 }
        return NoticeIDGenerator.shared.id(counter: state.pointee.nextIDCount, milliseconds: milliseconds)
    }

    /// The nesting level of the delivery running now (0 for the outermost).
    var level: Int { state.pointee.depth - 1 }

    /// True outside every delivery on this thread: a post here is the
    /// outermost, the only one that may use ``TargetCache``.
    var isOutermost: Bool { state.pointee.depth == 0 }

    /// True when this post may use ``TargetCache``: it is the outermost, and
    /// the thread's recent posts did not miss the cache too often.
    @inline(__always)
    func usesTargetCache() -> Bool {
        isOutermost && state.pointee.targets.isWorthAsking()
    }

    /// This thread's current list for a lookup, unretained; outermost posts only.
    @inline(__always)
    func cachedTargets(
        at index: Int, registry: UInt64, changeCount: UInt64, name: NoticeName, sender: Sender?
    ) -> TargetCache.Buffer? {
        state.pointee.targets.buffer(
            at: index, registry: registry, changeCount: changeCount, name: name, sender: sender)
    }

    /// Caches `entry` and returns the entry it replaces (see
    /// ``TargetCache/replace(at:with:)``); outermost posts only.
    func cacheTargets(_ entry: TargetCache.Entry, at index: Int) -> TargetCache.Entry? {
        state.pointee.targets.replace(at: index, with: entry)
    }

    /// The conversation and cause a notice posted on this thread now carries.
    @inline(__always)
    var causing: NoticeLinks { state.pointee.causing }

    /// Runs `body` with what it posts on this thread carrying `links`.
    @inline(__always)
    func causing<T>(_ links: NoticeLinks, _ body: () throws -> T) rethrows -> T {
        let saved = swapCausing(links)
        defer { swapCausing(saved) }
        return try body()
    }

    /// Makes what this thread posts from now on carry `links`; returns what
    /// it carried, for the caller to put back. The delivery loop calls it
    /// directly: a closure around the loop made posts to many observers
    /// take twice as long.
    @inline(__always)
    @discardableResult
    func swapCausing(_ links: NoticeLinks) -> NoticeLinks {
        let saved = state.pointee.causing
        state.pointee.causing = links
        return saved
    }

    /// Runs `body` counted as a delivery on this thread.
    @inline(__always)
    func delivering<T>(_ body: () throws -> T) rethrows -> T {
        state.pointee.depth += 1
        defer { state.pointee.depth -= 1 }
        return try body()
    }

    /// Announces that this thread starts running the registration `value`'s
    /// handler at `level`; the caller then checks the cancelled bit.
    @inline(__always)
    func enter(_ value: UInt, at level: Int) {
        state.pointee.running[level].store(value, ordering: .relaxed)
        AsymmetricFence.light(expedited: state.pointee.expedited)
    }

    /// The handler at `level` has returned (or was skipped).
    @inline(__always)
    func leave(at level: Int) {
        state.pointee.running[level].store(0, ordering: .releasing)
    }

    /// True while this thread is delivering a replay of the hub `hub`.
    @inline(__always)
    func isReplaying(_ hub: ObjectIdentifier) -> Bool {
        state.pointee.replaying == UInt(bitPattern: hub)
    }

    /// Runs `body` marked as replaying `hub` on this thread.
    func replaying<T>(_ hub: ObjectIdentifier, _ body: () throws -> T) rethrows -> T {
        let saved = state.pointee.replaying
        state.pointee.replaying = UInt(bitPattern: hub)
        defer { state.pointee.replaying = saved }
        return try body()
    }

    /// Runs `body` marked as replaying `hub` on this thread.
    static func replaying<T>(_ hub: ObjectIdentifier, _ body: () throws -> T) rethrows -> T {
        try current.replaying(hub, body)
    }

    /// Runs `body` marked as replaying `hub` on this thread, with the
    /// undecodable notices its typed observers meet going to `undecodables`.
    func replaying<T>(
        _ hub: ObjectIdentifier, collecting undecodables: ReplayUndecodables, _ body: () throws -> T
    ) rethrows -> T {
        let saved = state.pointee.replayUndecodables
        state.pointee.replayUndecodables = undecodables
        defer { state.pointee.replayUndecodables = saved }
        return try replaying(hub, body)
    }

    /// Hands `undecodable` to the replay into `hub` this thread runs, if it
    /// runs one; false otherwise.
    func collect(_ undecodable: UndecodableNotice, replayingInto hub: ObjectIdentifier) -> Bool {
        guard isReplaying(hub), let undecodables = state.pointee.replayUndecodables else { return false }
        undecodables.add(undecodable)
        return true
    }
}
