#ifndef LATCHKEY_CSQLITE_SHIM_H
#define LATCHKEY_CSQLITE_SHIM_H
#include <sqlite3.h>

// sqlite3_db_config is variadic and SQLITE_TRANSIENT is a cast macro; Swift sees neither.
static inline int latchkey_sqlite3_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}
// sqlite3_config is variadic too. Memory statistics off: with them on, every allocation SQLite
// makes takes a process-wide mutex, and nothing here reads the statistics.
static inline int latchkey_sqlite3_config_memstatus(int on) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on); }
static inline sqlite3_destructor_type latchkey_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
