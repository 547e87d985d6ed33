import CofferText

/// The member names of a JSON document's objects, read from its bytes. JSONDecoder (and
/// JSONSerialization) keep one value of a name written twice in an object without a
/// word, so `{"USD": 1.1, "USD": 1.3}` would be read as one of the two; only the text
/// can tell. Names are compared as the decoder compares them, once their escapes are
/// undone (`"\u0055SD"` is `"USD"`); in a map of rates, whose names are currency codes,
/// ASCII letters are compared without regard to case too, as codes are (`"usd"` and
/// `"USD"` are one currency).
enum JSONMemberNames {
  /// Where the members of the map of rates are (its names with ASCII letters in upper
  /// case, by byte offset), once no object repeats a name.
  ///
  /// - Parameters:
  ///   - bytes: a document already decoded, so valid JSON.
  ///   - rateMaps: the names of the top-level members that hold maps of rates.
  static func check(_ bytes: [UInt8], rateMaps: Set<String>) throws(RateFileError) -> [String: Int] {
    var frames: [Frame] = []
    var rateNames: [String: Int] = [:]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"):
        // A map of rates: the value of a top-level member named so.
        let isRateMap = frames.count == 1 && frames[0].lastName.map(rateMaps.contains) == true
        frames.append(Frame(isObject: true, foldsCase: isRateMap))
        index += 1
      case UInt8(ascii: "["):
        frames.append(Frame(isObject: false, foldsCase: false))
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if let closed = frames.popLast(), closed.foldsCase { rateNames = closed.offsets }
        index += 1
      case UInt8(ascii: ","):
        if !frames.isEmpty { frames[frames.count - 1].expectsName = frames[frames.count - 1].isObject }
        index += 1
      case UInt8(ascii: "\""):
        let start = index
        let text = string(bytes, &index)
        guard let top = frames.indices.last, frames[top].isObject, frames[top].expectsName else { continue }
        frames[top].expectsName = false
        frames[top].lastName = text
        let key = frames[top].foldsCase ? asciiUppercased(text) : text
        // One hash per name: the names of a map of 800,000 rates cost a fraction of what
        // decoding it did.
        if let first = frames[top].offsets.updateValue(start, forKey: key) {
          var earlierIndex = first
          let earlier = string(bytes, &earlierIndex)
          if earlier == text {
            throw RateFileError(
              tr(
                "the key \"{key}\" appears twice in one object (first at byte {byte}): which value is meant cannot be told",
                ["key": text, "byte": "\(first)"]),
              byte: start)
          }
          throw RateFileError(
            tr(
              "\"{key}\" and \"{other}\" (byte {byte}) are the same currency: which rate is meant cannot be told",
              ["key": text, "other": earlier, "byte": "\(first)"]),
            byte: start)
        }
      default:
        // Blanks, ':', numbers, true, false and null.
        index += 1
      }
    }
    return rateNames
  }

  /// An open object or array, and for an object the names read so far.
  private struct Frame {
    let isObject: Bool
    /// A map of rates: names compared without regard to ASCII case.
    let foldsCase: Bool
    /// After `{` or `,`, a string is a member's name; after `:`, its value.
    var expectsName: Bool
    var lastName: String?
    /// Each name (upper-cased in a map of rates) by the offset of its opening quote.
    var offsets: [String: Int] = [:]

    init(isObject: Bool, foldsCase: Bool) {
      self.isObject = isObject
      self.foldsCase = foldsCase
      expectsName = isObject
    }
  }

  /// The string whose opening quote is at `index`, its escapes undone; `index` ends
  /// after the closing quote.
  private static func string(_ bytes: [UInt8], _ index: inout Int) -> String {
    index += 1
    let start = index
    var escaped = false
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        escaped = true
        index += 1
      }
      index += 1
    }
    let end = min(index, bytes.count)
    index = end + 1
    guard escaped else { return String(decoding: bytes[start..<end], as: UTF8.self) }
    // UTF-16 code units, so that a pair of \u escapes makes one character.
    var units: [UInt16] = []
    var position = start
    var run = start
    func flush(_ upTo: Int) { units.append(contentsOf: String(decoding: bytes[run..<upTo], as: UTF8.self).utf16) }
    while position < end {
      guard bytes[position] == UInt8(ascii: "\\"), position + 1 < end else {
        position += 1
        continue
      }
      flush(position)
      let kind = bytes[position + 1]
      position += 2
      switch kind {
      case UInt8(ascii: "b"): units.append(8)
      case UInt8(ascii: "f"): units.append(12)
      case UInt8(ascii: "n"): units.append(10)
      case UInt8(ascii: "r"): units.append(13)
      case UInt8(ascii: "t"): units.append(9)
      case UInt8(ascii: "u"):
        let digits = bytes[position..<min(position + 4, end)]
        units.append(UInt16(String(decoding: digits, as: UTF8.self), radix: 16) ?? 0xFFFD)
        position += digits.count
      default: units.append(UInt16(kind))  // \" \\ \/
      }
      run = position
    }
    flush(end)
    return String(decoding: units, as: UTF16.self)
  }

  /// The text with ASCII letters in upper case (and nothing else changed: `ß` stays).
  static func asciiUppercased(_ text: String) -> String {
    guard text.utf8.contains(where: { (0x61...0x7A).contains($0) }) else { return text }
    return String(decoding: text.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
  }
}
