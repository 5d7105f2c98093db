internal import CSystemShims
import Synchronization

/// A fence split in two unequal halves, as userspace RCU does it: deliveries,
/// which are frequent, pay only a compiler barrier; cancellations, which are
/// rare, pay a kernel call that makes every thread of the process execute a
/// full barrier (Linux's `membarrier`). Where the kernel offers no such call,
/// both halves are full sequentially consistent fences.
enum AsymmetricFence {
    /// Whether the kernel's process-wide barrier was granted. Read once per
    /// thread by ``DeliveryThread``, so the light half costs no lookup.
    static let isExpedited: Bool = noticehub_heavy_fence_register() == 0

    /// The frequent half: orders this thread's earlier stores before its later
    /// loads, as far as a matching ``heavy()`` on another thread can tell.
    @inline(__always)
    static func light(expedited: Bool) {
        if expedited {
            noticehub_light_fence()
        } else {
            atomicMemoryFence(ordering: .sequentiallyConsistent)
        }
    }

    /// The rare half: after it returns, every store another thread made
    /// before its last ``light(expedited:)`` is visible here.
    static func heavy() {
        guard isExpedited else {
            atomicMemoryFence(ordering: .sequentiallyConsistent)
            return
        }
        let status = noticehub_heavy_fence()
        precondition(status == 0, "membarrier failed after it was granted")
    }
}
