#ifndef NOTICEHUB_ASYMMETRIC_FENCE_H
#define NOTICEHUB_ASYMMETRIC_FENCE_H

/// The two halves of an asymmetric fence, as userspace RCU builds them.
///
/// The light half runs on every delivery and only stops the compiler from
/// reordering memory accesses across it. The heavy half runs on the rare
/// path (a cancel) and makes every thread of the process execute a full
/// memory barrier, which is what lets the light half skip its own.

/// Orders the compiler only: no instruction is emitted.
static inline void noticehub_light_fence(void) {
    __asm__ __volatile__("" ::: "memory");
}

/// Asks the kernel for expedited process-wide barriers; 0 when granted.
/// Call once, before the first `noticehub_heavy_fence`.
int noticehub_heavy_fence_register(void);

/// A full memory barrier on every running thread of this process; 0 on
/// success. Only valid after a successful registration.
int noticehub_heavy_fence(void);

#endif
