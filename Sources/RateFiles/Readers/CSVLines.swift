import CofferCore
import CofferText
import Foundation

/// The lines and cells of a CSV rates file, as byte ranges (the ECB history has some
/// 7,000 rows of 42 cells: nothing becomes a String that need not).
///
/// A file that holds more than one line must end with a newline (blanks may follow it):
/// every real rates file does, and it is the only sure sign that the last row was not
/// cut short — `…, 71.143` cut after its first digit still reads as a number.
struct CSVLines {
  let bytes: [UInt8]
  /// Each line's bytes, without its `\n` or `\r\n` (and without a leading byte-order mark).
  let lines: [Range<Int>]

  init(_ bytes: [UInt8]) throws(RateFileError) {
    self.bytes = bytes
    var lines: [Range<Int>] = []
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    // memchr finds the line ends: a debug build walks a 2 MB history byte by byte slowly.
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      while start < buffer.count, let found = memchr(base + start, 0x0A, buffer.count - start) {
        let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        let end = index > start && buffer[index - 1] == 0x0D ? index - 1 : index
        lines.append(start..<end)
        start = index + 1
      }
    }
    let rest = start..<bytes.count
    if !rest.isEmpty {
      lines.append(rest)
      if lines.count > 1 && !Self.isBlank(bytes[rest]) {
        throw RateFileError(tr("the file ends inside this row (no newline after it): cut short?"), line: lines.count)
      }
    }
    self.lines = lines
  }

  var count: Int { lines.count }

  /// Whether line `index` (0-based) holds nothing but blanks.
  func isBlank(_ index: Int) -> Bool {
    Self.isBlank(bytes[lines[index]])
  }

  /// The comma-separated cells of line `index`, trimmed of blanks, into `cells` (reused
  /// from row to row). A trailing comma ends the line with an empty cell; a comma inside
  /// a quoted cell is the cell's.
  func cells(ofLine index: Int, into cells: inout [Range<Int>]) {
    cells.removeAll(keepingCapacity: true)
    let line = lines[index]
    // Through a buffer pointer: a history has 300,000 cells, and slicing the array for
    // each one cost more than finding it.
    bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return cells.append(line) }
      var start = line.lowerBound
      while true {
        // A cell quoted (RFC 4180) runs to its closing quote, commas and all (`""` inside
        // is a quote); the comma after it ends it. The quotes stay in the cell, for the
        // reader of its text to take off (a quote left open runs to the end of the line).
        var from = start
        while from < line.upperBound, Self.isBlankByte(bytes[from]) { from += 1 }
        if from < line.upperBound, bytes[from] == UInt8(ascii: "\"") {
          from += 1
          while from < line.upperBound {
            if bytes[from] == UInt8(ascii: "\"") {
              if from + 1 < line.upperBound, bytes[from + 1] == UInt8(ascii: "\"") {
                from += 2
                continue
              }
              from += 1
              break
            }
            from += 1
          }
        }
        var end = line.upperBound
        if from < line.upperBound, let comma = memchr(base + from, Int32(UInt8(ascii: ",")), line.upperBound - from) {
          end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(comma))
        }
        var cell = start..<end
        while !cell.isEmpty, Self.isBlankByte(bytes[cell.lowerBound]) {
          cell = (cell.lowerBound + 1)..<cell.upperBound
        }
        while !cell.isEmpty, Self.isBlankByte(bytes[cell.upperBound - 1]) {
          cell = cell.lowerBound..<(cell.upperBound - 1)
        }
        cells.append(cell)
        guard end < line.upperBound else { return }
        start = end + 1
      }
    }
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// A rate as the ECB writes it: digits, optionally a point and more digits, above zero.
  /// Anything else (`1.`, `.5`, `1_000`, `-1`, `1e3`) is not read as a number.
  func rate(_ range: Range<Int>) -> DecimalValue? {
    bytes.withUnsafeBufferPointer { bytes in
      let cell = UnsafeBufferPointer(rebasing: bytes[range])
      var digits = 0
      var point: Int?
      // The digits as one number, while there are at most 19 (below 10^19 < 2^64);
      // past that it wraps, unused, and the general reading takes over.
      var magnitude: UInt64 = 0
      for byte in cell {
        switch byte {
        case 0x30...0x39:
          digits += 1
          magnitude = magnitude &* 10 &+ UInt64(byte &- 0x30)
        case UInt8(ascii: ".") where point == nil && digits > 0: point = digits
        default: return nil
        }
      }
      guard digits > 0, point != digits else { return nil }
      // Digits and a point: never negative, so above zero is not zero.
      if digits <= 19 {
        return magnitude == 0 ? nil : DecimalValue(digits: magnitude, scale: digits - (point ?? digits))
      }
      guard let value = try? DecimalValue.parseDigits(cell), !value.isZero else { return nil }
      return value
    }
  }

  /// Whether the cell is exactly `text`.
  func cell(_ range: Range<Int>, is text: StaticString) -> Bool {
    // The lengths first: nearly every cell of a history is a rate, longer than N/A.
    range.count == text.utf8CodeUnitCount && text.withUTF8Buffer { bytes[range].elementsEqual($0) }
  }

  private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.allSatisfy { isBlankByte($0) || $0 == 0x0D }
  }

  private static func isBlankByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09
  }
}
