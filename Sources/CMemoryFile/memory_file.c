#define _GNU_SOURCE
#include "CMemoryFile.h"

#include <sys/mman.h>

int coffer_memory_file(const char *name) { return memfd_create(name, MFD_CLOEXEC); }
