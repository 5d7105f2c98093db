#include "asymmetric_fence.h"

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

int noticehub_heavy_fence_register(void) {
    long supported = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (supported < 0 || !(supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED)) {
        return -1;
    }
    return (int)syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0);
}

int noticehub_heavy_fence(void) {
    return (int)syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
}
#else
int noticehub_heavy_fence_register(void) { return -1; }
int noticehub_heavy_fence(void) { return -1; }
#endif
