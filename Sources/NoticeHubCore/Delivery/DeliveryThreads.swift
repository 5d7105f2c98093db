import Synchronization

/// Every thread that has delivered a notice, so that a cancel can wait for
/// those running the cancelled handler.
enum DeliveryThreads {
    private static let all = Mutex<[ObjectIdentifier: DeliveryThread]>([:])

    static func add(_ thread: DeliveryThread) {
        all.locked { $0[ObjectIdentifier(thread)] = thread }
    }

    static func remove(_ thread: DeliveryThread) {
        all.locked { $0[ObjectIdentifier(thread)] = nil }
    }

    /// Returns once no thread but `caller` runs `registration`'s handler.
    ///
    /// Call after setting the registration's cancelled bit. A thread that
    /// joins after the snapshot below sees that bit (it joins under the same
    /// lock), so it can never start the handler; the heavy fence makes every
    /// thread in the snapshot either show its running slot or see the bit.
    static func waitUntilNoneRuns(_ registration: UInt, except caller: DeliveryThread?) {
        let others = all.locked { threads in
            threads.values.filter { $0 !== caller }
        }
        guard !others.isEmpty else { return }
        AsymmetricFence.heavy()
        for thread in others {
            thread.waitWhileRunning(registration)
        }
    }
}
