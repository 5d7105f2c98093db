#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>
#include <stddef.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_db_config is variadic, which Swift cannot call. Sets the
// connection's defensive flag (SQLITE_DBCONFIG_DEFENSIVE: 1 on, 0 off, -1
// as it is), which some builds of SQLite turn on by default and which
// forbids editing sqlite_schema; returns the flag as it is afterwards.
static inline int csqlite_defensive(sqlite3 *db, int on) {
    int state = -1;
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, &state);
    return state;
}

// The value of one hexadecimal digit, or -1.
static inline int csqlite_hex_digit(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The SQL function csqlite_define_uuid_bytes defines: a UUID's canonical
// text (8-4-4-4-12 hexadecimal digits, either case) as its 16 bytes, most
// significant first. Any other value is returned as it is, NULL included, so
// that a value the library could not have written stays as found.
static inline void csqlite_uuid_bytes(sqlite3_context *context, int count, sqlite3_value **values) {
    (void)count;
    sqlite3_value *value = values[0];
    unsigned char bytes[16];
    const unsigned char *text = NULL;
    if (sqlite3_value_type(value) == SQLITE_TEXT && sqlite3_value_bytes(value) == 36) {
        text = sqlite3_value_text(value);
    }
    int out = 0;
    for (int i = 0; text != NULL && i < 36; i++) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (text[i] != '-') text = NULL;
            continue;
        }
        int high = csqlite_hex_digit(text[i]), low = i + 1 < 36 ? csqlite_hex_digit(text[i + 1]) : -1;
        if (high < 0 || low < 0) {
            text = NULL;
            break;
        }
        bytes[out++] = (unsigned char)(high << 4 | low);
        i++;
    }
    if (text == NULL || out != 16) {
        sqlite3_result_value(context, value);
        return;
    }
    sqlite3_result_blob(context, bytes, 16, SQLITE_TRANSIENT);
}

// Defines `name(text)` on the connection as csqlite_uuid_bytes, for the
// migration that stores ids as 16 bytes. Returns SQLite's result code.
static inline int csqlite_define_uuid_bytes(sqlite3 *db, const char *name) {
    return sqlite3_create_function_v2(
        db, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL, csqlite_uuid_bytes, NULL, NULL,
        NULL);
}

#endif
