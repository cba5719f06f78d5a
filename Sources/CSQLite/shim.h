#ifndef LATCHKEY_CSQLITE_SHIM_H
#define LATCHKEY_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
