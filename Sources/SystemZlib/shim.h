#ifndef COFFER_SYSTEM_ZLIB_H
#define COFFER_SYSTEM_ZLIB_H

// zlib (zlib1g-dev): inflate for unpacking zip archives, crc32 for them and for the
// checksums of the stored rates.
#include <zlib.h>

#endif
