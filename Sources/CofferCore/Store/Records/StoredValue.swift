import CofferText
import GRDB

/// One column of a row as SQLite stored it, read whole. Coffer writes text where it
/// writes text: a number, a blob or NULL there is damage, never read as text (GRDB would
/// turn a blob into a string, and trap on NULL); so is text holding a NUL byte, which
/// GRDB, reading text as a C string, would cut short there without a word.
///
/// Read from a row of a statement (a cursor, or a record's `init(row:)`), which still
/// has SQLite's own bytes; a copied row has only GRDB's string.
struct StoredValue {
  let value: DatabaseValue
  private let holdsNUL: Bool

  init(_ row: Row, _ index: Int) {
    value = row[index]
    if case .string(let text) = value.storage {
      let length = (try? row.withUnsafeData(atIndex: index) { $0?.count ?? 0 }) ?? 0
      holdsNUL = length != text.utf8.count
    } else {
      holdsNUL = false
    }
  }

  /// The text of a value stored as TEXT; nil for any other storage class.
  // The readers below are not inlined: inlined into loops over a cursor's rows, they
  // crashed Swift 6.3's optimizer (CopyPropagation: an "outside of lifetime use" of the
  // borrowed value).
  @inline(never)
  var text: String? {
    if !holdsNUL, case .string(let text) = value.storage { return text }
    return nil
  }

  /// The value of an INTEGER column; nil for any other storage class.
  @inline(never)
  var integer: Int64? {
    if case .int64(let value) = value.storage { return value }
    return nil
  }

  /// How the value is named in a message: text quoted and cut short, anything else by
  /// its storage class.
  var shown: String {
    if holdsNUL { return tr("text with a NUL byte in it") }
    return switch value.storage {
    case .null: "NULL"
    case .int64(let value): tr("the integer {value}", ["value": String(value)])
    case .double(let value): tr("the real number {value}", ["value": "\(value)"])
    case .string(let text): StoredText.quoted(text)
    case .blob(let data): tr("a blob of {count} byte", "a blob of {count} bytes", count: data.count)
    }
  }
}
