#if canImport(Glibc)
  import Glibc
#endif

/// Why the system refused a file operation, in the reader's language: the common reasons
/// are in the catalogs; any other is the C library's own text (English).
package func systemReason(_ code: Int32) -> String {
  switch code {
  case ENOENT: tr("No such file or directory")
  case EACCES: tr("Permission denied")
  case EPERM: tr("Operation not permitted")
  case EISDIR: tr("Is a directory")
  case ENOTDIR: tr("Not a directory")
  case ENOSPC: tr("No space left on device")
  case EROFS: tr("Read-only file system")
  case EEXIST: tr("File exists")
  case ENAMETOOLONG: tr("File name too long")
  case ELOOP: tr("Too many levels of symbolic links")
  case EIO: tr("Input/output error")
  default: String(cString: strerror(code))
  }
}
