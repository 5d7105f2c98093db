#include "wait_word.h"

#if defined(__linux__)
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void noticehub_wait_word_wait(uint32_t *word, uint32_t seen) {
    // The kernel compares the word with `seen` before it sleeps, so an
    // advance between the caller's load and this call is never missed.
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
}

void noticehub_wait_word_wait_for(uint32_t *word, uint32_t seen, uint64_t nanoseconds) {
    struct timespec timeout = {
        .tv_sec = (time_t)(nanoseconds / 1000000000u), .tv_nsec = (long)(nanoseconds % 1000000000u)};
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, seen, &timeout, NULL, 0);
}

void noticehub_wait_word_advance(uint32_t *word) {
    __atomic_fetch_add(word, 1, __ATOMIC_RELEASE);
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}
#elif defined(__APPLE__)
#include <os/os_sync_wait_on_address.h>

// macOS 14.4's counterpart of the futex (the package requires macOS 15).
void noticehub_wait_word_wait(uint32_t *word, uint32_t seen) {
    os_sync_wait_on_address(word, seen, sizeof(uint32_t), OS_SYNC_WAIT_ON_ADDRESS_NONE);
}

void noticehub_wait_word_wait_for(uint32_t *word, uint32_t seen, uint64_t nanoseconds) {
    os_sync_wait_on_address_with_timeout(
        word, seen, sizeof(uint32_t), OS_SYNC_WAIT_ON_ADDRESS_NONE, OS_CLOCK_MACH_ABSOLUTE_TIME,
        nanoseconds == 0 ? 1 : nanoseconds);
}

void noticehub_wait_word_advance(uint32_t *word) {
    __atomic_fetch_add(word, 1, __ATOMIC_RELEASE);
    os_sync_wake_by_address_all(word, sizeof(uint32_t), OS_SYNC_WAKE_BY_ADDRESS_NONE);
}
#else
#include <pthread.h>
#include <time.h>

// Elsewhere, one lock for every word: correct, not fast.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;

void noticehub_wait_word_wait(uint32_t *word, uint32_t seen) {
    pthread_mutex_lock(&lock);
    while (__atomic_load_n(word, __ATOMIC_ACQUIRE) == seen) {
        pthread_cond_wait(&changed, &lock);
    }
    pthread_mutex_unlock(&lock);
}

void noticehub_wait_word_wait_for(uint32_t *word, uint32_t seen, uint64_t nanoseconds) {
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    uint64_t total = (uint64_t)deadline.tv_nsec + nanoseconds % 1000000000u;
    deadline.tv_sec += (time_t)(nanoseconds / 1000000000u + total / 1000000000u);
    deadline.tv_nsec = (long)(total % 1000000000u);
    pthread_mutex_lock(&lock);
    if (__atomic_load_n(word, __ATOMIC_ACQUIRE) == seen) {
        pthread_cond_timedwait(&changed, &lock, &deadline);
    }
    pthread_mutex_unlock(&lock);
}

void noticehub_wait_word_advance(uint32_t *word) {
    pthread_mutex_lock(&lock);
    __atomic_fetch_add(word, 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
}
#endif
