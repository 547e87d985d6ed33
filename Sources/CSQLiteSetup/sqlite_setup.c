#include "CSQLiteSetup.h"

#include <sqlite3.h>

int coffer_sqlite_take_pages_one_by_one(void) {
  // No page-cache buffer of our own and no pages in it: SQLite's page cache then
  // allocates no first block either (its `nInitPage` is the count given here).
  return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

int coffer_sqlite_keep_statement_journals_in_memory(void) {
  // -1: never spilled to a temporary file, however large.
  return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, -1);
}

int coffer_sqlite_accept_uri_file_names(void) {
  return sqlite3_config(SQLITE_CONFIG_URI, 1);
}
