extension String {
  /// `lowercased()` for the ASCII words that commands, functions and options are made of,
  /// without Unicode case mapping: it runs for every statement of a script, and a word
  /// already in lower case is returned as it is.
  var lowercasedWord: String {
    let isUpper: (UInt8) -> Bool = { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    guard utf8.allSatisfy({ $0 < 0x80 }) else { return lowercased() }
    guard utf8.contains(where: isUpper) else { return self }
    let count = utf8.count
    return String(unsafeUninitializedCapacity: count) { buffer in
      for (index, byte) in utf8.enumerated() { buffer[index] = isUpper(byte) ? byte + 0x20 : byte }
      return count
    }
  }
}
