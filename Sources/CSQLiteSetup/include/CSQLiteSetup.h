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

/// Keeps every statement journal in memory. Inside a transaction SQLite keeps, for a
/// statement that may fail part-way (a save's journal rows written in one statement, with
/// their triggers), the pages it changes as they were, to undo the statement alone; past
/// 64 KiB (SQLite's default) it moves them into a temporary file, written and then thrown
/// away: a sheet's save of 41 rows changes some 60 pages, and wrote 11 of them to such a
/// file every time. The journal lasts only while its statement runs. Returns SQLite's
/// result code.
int coffer_sqlite_keep_statement_journals_in_memory(void);

/// Lets every connection read URI file names (`file:…?mode=ro&immutable=1`): `restore`
/// attaches the file it takes rows from read-only, and immutable when no WAL is beside
/// it, so that SQLite makes no file next to it. Returns SQLite's result code.
int coffer_sqlite_accept_uri_file_names(void);

#endif
