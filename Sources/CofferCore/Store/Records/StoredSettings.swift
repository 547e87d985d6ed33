import CofferText
import GRDB

/// The rows of `setting`, read and checked: the local currency and the rates revision.
/// Coffer writes no other key; any other, or a value it would not write, is damage.
package struct StoredSettings: Sendable, Equatable {
  /// The local currency, if one was ever chosen (CNY otherwise).
  package var local: Currency?
  /// A number that changes whenever the stored rates change, so that sessions re-read
  /// rates only then.
  package var ratesRevision = 0
  /// `rates max-age`: how many days old a rate in use may be before a total says so (0:
  /// never).
  package var maxAge = StoredSettings.defaultMaxAge
  /// `rates max-jump`: how many percent a rate may move from the previous one.
  package var maxJump = RateChecker.Rules.defaultMaxJump

  package static let defaultMaxAge = 7

  static let databaseTableName = SettingRecord.databaseTableName
  static let selection = SettingRecord.selection

  static let localKey = "local"
  static let ratesRevisionKey = "rates_revision"
  static let maxAgeKey = "max_age"
  static let maxJumpKey = "max_jump"
  /// The largest max-age and max-jump kept: a century of days, a hundredfold.
  package static let maxAgeLimit = 36_500
  package static let maxJumpLimit = DecimalValue(uncheckedCoefficient: 10_000, scale: 0)

  /// The revision after `revision`: any different number will do, so the largest one
  /// goes round to 0 rather than overflowing.
  static func revision(after revision: Int) -> Int {
    revision == Int.max ? 0 : revision + 1
  }

  /// Reads every setting row; the damaged ones are returned apart.
  static func fetch(_ db: Database) throws -> (StoredSettings, [StoreDamage]) {
    var settings = StoredSettings()
    var damage: [StoreDamage] = []
    let rows = try Row.fetchCursor(db.cachedStatement(sql: selection))
    while let row = try rows.next() {
      do throws(StoreDamage) {
        try settings.read(row)
      } catch {
        damage.append(error)
      }
    }
    return (settings, damage)
  }

  /// The stored rates revision, or nil when there is none or it cannot be read.
  static func ratesRevision(_ db: Database) throws -> Int? {
    let rows = try Row.fetchCursor(
      db.cachedStatement(sql: "SELECT value FROM setting WHERE key = ?"), arguments: [ratesRevisionKey])
    guard let row = try rows.next() else { return nil }
    return StoredValue(row, 0).text.flatMap(revision(in:))
  }

  /// A revision as stored: plain digits, from 0 to `Int.max`.
  private static func revision(in text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      return nil
    }
    return Int(text)
  }

  private mutating func read(_ row: Row) throws(StoreDamage) {
    let record = try SettingRecord(checking: row)
    let text = record.value
    func damage(_ problem: String) -> StoreDamage {
      StoreDamage(
        table: Self.databaseTableName, row: record.rowid, key: "key \(StoredText.quoted(record.key))",
        problem: problem)
    }
    switch record.key {
    case Self.localKey:
      guard let currency = Catalog.unit(storedAs: text) else {
        throw damage(tr("{value} is not a currency Coffer knows", ["value": StoredText.quoted(text)]))
      }
      local = currency
    case Self.ratesRevisionKey:
      guard let revision = Self.revision(in: text) else {
        throw damage(
          tr(
            "{value} is not a whole number from 0 to {limit}",
            ["value": StoredText.quoted(text), "limit": "\(Int.max)"]))
      }
      ratesRevision = revision
    case Self.maxAgeKey:
      guard let days = Self.revision(in: text), days <= Self.maxAgeLimit else {
        throw damage(
          tr(
            "{value} is not a whole number of days from 0 to {limit}",
            ["value": StoredText.quoted(text), "limit": "\(Self.maxAgeLimit)"]))
      }
      maxAge = days
    case Self.maxJumpKey:
      guard let percent = DecimalValue(storedText: text), percent > .zero, percent <= Self.maxJumpLimit else {
        throw damage(
          tr(
            "{value} is not a percentage above 0 and at most {limit}",
            ["value": StoredText.quoted(text), "limit": "\(Self.maxJumpLimit)"]))
      }
      maxJump = percent
    default:
      throw damage(tr("not a setting Coffer keeps"))
    }
  }
}
