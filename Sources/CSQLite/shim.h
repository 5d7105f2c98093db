#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

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

#endif
