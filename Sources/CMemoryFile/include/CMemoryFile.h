#ifndef COFFER_MEMORY_FILE_H
#define COFFER_MEMORY_FILE_H

// An anonymous file in memory (Linux's memfd_create), for reading a zip archive as a
// file: ZIPFoundation's in-memory archive traps when a damaged zip's offsets point past
// the end of its bytes, where a file read simply finds the end. Swift cannot see
// memfd_create (it needs _GNU_SOURCE), hence this one function.

/// A new anonymous file, close-on-exec, named `name` in /proc; -1 with errno set when it
/// cannot be made.
int coffer_memory_file(const char *name);

#endif
