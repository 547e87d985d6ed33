#ifndef COFFER_SQLITE_SETUP_H
#define COFFER_SQLITE_SETUP_H

// SQLite's process-wide settings, which only C can make: `sqlite3_config` takes
// variadic arguments, which Swift cannot pass. Call before the first connection opens.

/// Makes SQLite's page cache take each page's memory as the page is first needed,
/// instead of 20 pages' at once when a connection reads its first page (SQLite's
/// default). A short run reads a handful of pages per connection: the rest of that
/// block was written through (a link in each page's header), which cost the process a
/// page fault each, some 60 of a start-up's 230. Returns SQLite's result code.
int coffer_sqlite_take_pages_one_by_one(void);

#endif
