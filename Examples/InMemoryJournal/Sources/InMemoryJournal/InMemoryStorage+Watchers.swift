import Synchronization

extension InMemoryStorage {
    /// Registers `wake` to be called after each commit that adds notices;
    /// returns the registration's number for ``unwatch(_:)``.
    func watch(_ wake: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            let number = state.nextWatcher
            state.nextWatcher += 1
            state.watchers[number] = wake
            return number
        }
    }

    /// Ends the registration `number`; idempotent.
    func unwatch(_ number: Int) {
        _ = state.withLock { $0.watchers.removeValue(forKey: number) }
    }
}
