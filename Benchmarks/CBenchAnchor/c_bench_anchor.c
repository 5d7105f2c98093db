#include "c_bench_anchor.h"

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct c_bench_anchor {
    sqlite3 *db;
    sqlite3_stmt *insert;
    uint64_t counter;
    uint32_t random;
};

static const char indexed_schema[] =
    "CREATE TABLE notices ("
    " seq INTEGER PRIMARY KEY, id BLOB NOT NULL UNIQUE, name TEXT NOT NULL, sender TEXT,"
    " payload TEXT NOT NULL, posted_at INTEGER NOT NULL);"
    "CREATE INDEX notices_by_name ON notices (name);";

static const char bare_schema[] =
    "CREATE TABLE notices ("
    " seq INTEGER PRIMARY KEY, id BLOB NOT NULL, name TEXT NOT NULL, sender TEXT,"
    " payload TEXT NOT NULL, posted_at INTEGER NOT NULL);";

c_bench_anchor *c_bench_anchor_open(const char *path, c_bench_anchor_schema schema, int full_sync) {
    c_bench_anchor *anchor = calloc(1, sizeof *anchor);
    if (anchor == NULL) return NULL;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path, &anchor->db, flags, NULL) != SQLITE_OK) goto fail;
    const char *setup = full_sync ? "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                                  : "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;";
    if (sqlite3_exec(anchor->db, setup, NULL, NULL, NULL) != SQLITE_OK) goto fail;
    const char *tables = schema == c_bench_anchor_bare ? bare_schema : indexed_schema;
    if (sqlite3_exec(anchor->db, tables, NULL, NULL, NULL) != SQLITE_OK) goto fail;
    const char *sql = "INSERT INTO notices (id, name, sender, payload, posted_at) VALUES (?, ?, ?, ?, ?)";
    if (sqlite3_prepare_v3(anchor->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &anchor->insert, NULL) != SQLITE_OK)
        goto fail;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    anchor->random = (uint32_t)now.tv_nsec * 2654435761u;
    return anchor;
fail:
    c_bench_anchor_close(anchor);
    return NULL;
}

/// Writes `value`'s `count` lowest bytes at `out`, most significant first.
static void big_endian(unsigned char *out, uint64_t value, int count) {
    for (int i = count - 1; i >= 0; i--) {
        out[i] = (unsigned char)(value & 0xff);
        value >>= 8;
    }
}

/// A version-7 UUID's 16 bytes, as the journal stores ids: 48 bits of
/// milliseconds, the version, 12 bits and 62 bits of counter and process
/// randomness.
static void uuid_v7(unsigned char out[16], uint64_t milliseconds, uint64_t counter, uint32_t random) {
    big_endian(out, milliseconds, 6);
    big_endian(out + 6, 0x7000 | ((counter >> 50) & 0x0fff), 2);
    big_endian(out + 8, 0x8000 | ((counter >> 36) & 0x3fff), 2);
    big_endian(out + 10, ((uint64_t)random << 16 | (counter & 0xffff)) & 0xffffffffffffull, 6);
}

int c_bench_anchor_insert(c_bench_anchor *anchor, long count, int in_transaction) {
    static const char *quarters[] = {"0", "25", "5", "75"};
    unsigned char id[16];
    char payload[256];
    int rc = SQLITE_OK;
    if (in_transaction && (rc = sqlite3_exec(anchor->db, "BEGIN IMMEDIATE", NULL, NULL, NULL)) != SQLITE_OK)
        return rc;
    for (long i = 0; i < count; i++) {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        int64_t milliseconds = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
        uuid_v7(id, (uint64_t)milliseconds, anchor->counter++, anchor->random);
        long q = i % 1000;
        int length = snprintf(
            payload, sizeof payload,
            "{\"id\":%ld,\"user\":\"user%ld\",\"title\":\"Breaking news of the day\",\"score\":%ld.%s,"
            "\"flag\":%s,\"tags\":[\"a\",\"bb\"]}",
            i, i % 10000, q / 4, quarters[q % 4], i % 2 == 0 ? "true" : "false");
        sqlite3_bind_blob(anchor->insert, 1, id, 16, SQLITE_STATIC);
        sqlite3_bind_text(anchor->insert, 2, "bench.append", 12, SQLITE_STATIC);
        sqlite3_bind_text(anchor->insert, 3, "bench", 5, SQLITE_STATIC);
        sqlite3_bind_text(anchor->insert, 4, payload, length, SQLITE_STATIC);
        sqlite3_bind_int64(anchor->insert, 5, milliseconds);
        rc = sqlite3_step(anchor->insert);
        sqlite3_reset(anchor->insert);
        if (rc != SQLITE_DONE) {
            if (in_transaction) sqlite3_exec(anchor->db, "ROLLBACK", NULL, NULL, NULL);
            return rc;
        }
    }
    if (in_transaction) return sqlite3_exec(anchor->db, "COMMIT", NULL, NULL, NULL);
    return SQLITE_OK;
}

long c_bench_anchor_count(c_bench_anchor *anchor) {
    sqlite3_stmt *statement = NULL;
    long count = -1;
    if (sqlite3_prepare_v2(anchor->db, "SELECT count(*) FROM notices", -1, &statement, NULL) == SQLITE_OK
        && sqlite3_step(statement) == SQLITE_ROW) {
        count = (long)sqlite3_column_int64(statement, 0);
    }
    sqlite3_finalize(statement);
    return count;
}

const char *c_bench_anchor_error(c_bench_anchor *anchor) {
    return anchor->db ? sqlite3_errmsg(anchor->db) : "out of memory";
}

void c_bench_anchor_close(c_bench_anchor *anchor) {
    if (anchor == NULL) return;
    sqlite3_finalize(anchor->insert);
    sqlite3_close_v2(anchor->db);
    free(anchor);
}
