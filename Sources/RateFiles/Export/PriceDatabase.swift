import CofferCore

/// Prices as the plain-text accounting tools read them: ledger and hledger's `P` lines,
/// beancount's `price` directives, or CSV.
package enum PriceDatabase {
  package enum Format: String, Sendable, CaseIterable {
    case ledger
    case beancount
    case csv
  }

  /// The file's lines, one per price, in the order given. Ledger, hledger and beancount
  /// take `;` for a comment, so their files say first what they hold. The CSV has the
  /// header `rates import` reads, with its meaning: `rate` units of `code` per one unit
  /// of `base`. So a price of USD in CNY is the row `DATE,CNY,RATE,USD` (1 USD = RATE
  /// CNY), and such a file given back to `rates import` is refused (its rates are not
  /// against the euro) rather than read upside down.
  package static func lines(_ prices: [PriceHistory.Price], in local: Currency, format: Format) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(prices.count + 1)
    switch format {
    case .ledger:
      lines.append("; Coffer rates history: the value of one unit in \(local.code) on each date it changed")
      // A code with a digit in it (a unit added as `X2`) is quoted, as the tools need.
      let target = LedgerCommodity.written(local.code)
      for price in prices {
        lines.append("P \(price.date) \(LedgerCommodity.written(price.currency.code)) \(price.value) \(target)")
      }
    case .beancount:
      lines.append("; Coffer rates history: the value of one unit in \(local.code) on each date it changed")
      for price in prices { lines.append("\(price.date) price \(price.currency.code) \(price.value) \(local.code)") }
    case .csv:
      lines.append("date,code,rate,base")
      for price in prices { lines.append("\(price.date),\(local.code),\(price.value),\(price.currency.code)") }
    }
    return lines
  }
}
