#ifndef C_BENCH_ANCHOR_H
#define C_BENCH_ANCHOR_H

/// The append anchor of `noticehub-bench`: journal rows inserted by a
/// hand-written C program, as a careful person would write one without
/// NoticeHub, into a table of its own making.
///
/// Each row gets what a journaled notice gets: a version-7 UUID's 16 bytes, the
/// posting time in milliseconds, a name, a sender and a JSON payload of
/// about 100 bytes (the benchmark's `Reading`), built with the C library's
/// formatting. One prepared statement, reused, binding without copies.

typedef struct c_bench_anchor c_bench_anchor;

/// What the anchor's table guarantees.
typedef enum {
    /// A unique 16-byte id and an index on names, read in sequence order
    /// (SQLite ends each entry with the row's key, seq): what NoticeHub's
    /// journal guarantees a notice.
    c_bench_anchor_indexed = 0,
    /// The same columns with no index beyond the rowid.
    c_bench_anchor_bare = 1,
} c_bench_anchor_schema;

/// Creates the table in a new SQLite file at `path` (WAL; `synchronous`
/// is NORMAL, or FULL when `full_sync` is set). NULL on failure.
c_bench_anchor *c_bench_anchor_open(const char *path, c_bench_anchor_schema schema, int full_sync);

/// Inserts `count` rows; `in_transaction` wraps them in one transaction,
/// otherwise each commits on its own. Returns 0, or SQLite's error code.
int c_bench_anchor_insert(c_bench_anchor *anchor, long count, int in_transaction);

/// How many rows the table holds, or -1 on failure.
long c_bench_anchor_count(c_bench_anchor *anchor);

/// SQLite's message for the last failure.
const char *c_bench_anchor_error(c_bench_anchor *anchor);

void c_bench_anchor_close(c_bench_anchor *anchor);

#endif
