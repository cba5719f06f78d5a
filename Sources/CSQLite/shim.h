#ifndef LATCHKEY_CSQLITE_SHIM_H
#define LATCHKEY_CSQLITE_SHIM_H
#include <sqlite3.h>

// sqlite3_db_config is variadic and SQLITE_TRANSIENT is a cast macro; Swift sees neither.
static inline int latchkey_sqlite3_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}
static inline sqlite3_destructor_type latchkey_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
