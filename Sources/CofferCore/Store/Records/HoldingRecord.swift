import GRDB

/// A row of `holding`: the amount of one currency held now, as plain decimal text, under
/// its upper-case code.
///
/// Reading a row checks it as Coffer writes it: a known code, spelt as Coffer spells it,
/// and a valid amount of that currency. A row that is not is a `StoreDamage`, never a
/// currency left out of the total.
package struct HoldingRecord: Sendable, Equatable {
  package var currency: Currency
  package var amount: DecimalValue

  package init(currency: Currency, amount: DecimalValue) {
    self.currency = currency
    self.amount = amount
  }

  package static let databaseTableName = "holding"
  /// The columns `init(row:)` reads, in order.
  static let selection = "SELECT rowid, code, amount FROM holding"
}

extension HoldingRecord: FetchableRecord {
  package init(row: Row) throws {
    try self.init(checking: row)
  }

  /// Reads a row of `selection`, or throws what is wrong with it.
  init(checking row: Row) throws(StoreDamage) {
    let rowid: Int64 = row[0]
    let codeValue = StoredValue(row, 1)
    let amountValue = StoredValue(row, 2)
    func damage(_ key: String?, _ problem: String) -> StoreDamage {
      StoreDamage(table: Self.databaseTableName, row: rowid, key: key, problem: problem)
    }
    guard let code = codeValue.text else { throw damage(nil, "code is \(codeValue.shown), not text") }
    // Named only in a damage found.
    var key: String { "code \(StoredText.quoted(code))" }
    guard let currency = Catalog.currency(code) else { throw damage(key, "not a currency Coffer knows") }
    guard code == currency.code else {
      throw damage(key, "the code is not written as Coffer writes it (\(currency.code)); a second row for it?")
    }
    guard let text = amountValue.text else {
      throw damage(key, "amount is \(amountValue.shown), not text")
    }
    guard let amount = DecimalValue(storedText: text) else {
      throw damage(key, "amount \(StoredText.quoted(text)) is not a number as Coffer writes one")
    }
    if let problem = AmountRules.problem(with: amount, for: currency) {
      throw damage(key, "amount \(StoredText.quoted(text)): \(problem)")
    }
    self.init(currency: currency, amount: amount)
  }
}

/// Written as Coffer writes every holding: the upper-case code, and the amount as plain
/// decimal text (what `DecimalValue(storedText:)` reads back). Not `Decodable`: a row is
/// read by `init(row:)`, which names a bad row's table, row and value, which a
/// `DecodingError` could not.
extension HoldingRecord: Encodable, PersistableRecord {
  enum CodingKeys: String, CodingKey, ColumnExpression {
    case code, amount
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(currency.code, forKey: .code)
    try container.encode(amount.description, forKey: .amount)
  }
}
