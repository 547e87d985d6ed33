/// How much Coffer reads for one rates import. The whole ECB history is 2 MB unpacked; a
/// file, a download or a zip entry past this is a mistake or a decompression bomb, and is
/// refused before it can fill memory (a 2 MB zip once unpacked to 2 GiB).
package enum RateLimits {
  /// 64 MiB, for a file, a download (after decompression) and a zip's unpacked files.
  package static let maximumBytes = 64 << 20
  /// The limit as the messages name it.
  package static let maximumText = "64 MiB"
  /// Room for the helper's framing around at most `maximumBytes` of answer.
  package static let maximumHelperAnswer = maximumBytes + (1 << 20)
}
