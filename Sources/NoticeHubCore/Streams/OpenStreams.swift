import Synchronization

/// The streams of a hub being iterated, so that closing or dropping the hub
/// can end their loops.
final class OpenStreams: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: NoticeChannel] = [:]
        var finished = false
    }

    private let state = Mutex(State())

    /// Tracks `channel` until ``remove(_:)``; once ``finishAll()`` has run,
    /// finishes it at once instead.
    func add(_ channel: NoticeChannel) {
        let tracked = state.locked { state -> Bool in
            guard !state.finished else { return false }
            state.channels[ObjectIdentifier(channel)] = channel
            return true
        }
        if !tracked { channel.finish() }
    }

    /// Stops tracking `channel` (its iteration ended).
    func remove(_ channel: NoticeChannel) {
        state.locked { _ = $0.channels.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Finishes every tracked stream, and every stream added from now on:
    /// each consumer gets what its buffer holds, then nil.
    func finishAll() {
        let channels = state.locked { state -> [NoticeChannel] in
            state.finished = true
            defer { state.channels = [:] }
            return Array(state.channels.values)
        }
        channels.forEach { $0.finish() }
    }
}
