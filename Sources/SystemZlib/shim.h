#ifndef COFFER_SYSTEM_ZLIB_H
#define COFFER_SYSTEM_ZLIB_H

// zlib (zlib1g-dev), for unpacking zip archives: inflate and crc32.
#include <zlib.h>

#endif
