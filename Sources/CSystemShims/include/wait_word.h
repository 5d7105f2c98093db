#ifndef NOTICEHUB_WAIT_WORD_H
#define NOTICEHUB_WAIT_WORD_H

#include <stdint.h>

/// A 32-bit word that threads sleep on until it changes, and that one call
/// advances to wake them all: a futex on Linux, `os_sync_wait_on_address` on
/// Apple platforms (one system call to wake N sleepers, not N), and a
/// process-wide mutex and condition variable elsewhere.

/// Reads the word with acquire ordering.
static inline uint32_t noticehub_wait_word_load(const uint32_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

/// Sleeps while the word still holds `seen`. It may also return early for
/// no reason, so callers recheck what they wait for and call it again.
void noticehub_wait_word_wait(uint32_t *word, uint32_t seen);

/// Like noticehub_wait_word_wait, for at most about `nanoseconds`.
void noticehub_wait_word_wait_for(uint32_t *word, uint32_t seen, uint64_t nanoseconds);

/// Adds one to the word (release ordering) and wakes every thread sleeping
/// on it.
void noticehub_wait_word_advance(uint32_t *word);

#endif
