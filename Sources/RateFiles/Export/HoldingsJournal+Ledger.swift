import CofferCore

/// The journal in ledger's form, which hledger reads too:
///
///     2025-01-01 USD balance
///         Assets:Coffer:wise  = 1200 USD
///         Equity:Coffer
///
/// A balance assignment (`= AMOUNT`) makes the posting whatever brings the account's
/// balance in that one commodity to AMOUNT, its other commodities untouched, in both
/// tools; the posting with no amount takes the difference. So each entry is written as
/// what it is, the balance of one unit at one place from its day on, whatever came before;
/// of a day's entries the last written is the one that stands, as in Coffer. A move is one
/// transaction: both its assignments, and `Equity:Coffer` left with nothing.
extension HoldingsJournal {
  var ledgerLines: [String] {
    var lines = [
      "; Coffer holdings history: each balance on the day it took effect, as a balance assignment",
      "; balanced against Equity:Coffer, in an account per place. With the prices of `rates export`,",
      "; `hledger -f THIS -f PRICES bal Assets:Coffer -X \(local.code) -e DAY-AFTER` gives `total at DAY`.",
      "; An amount held since before any date is written on the day before its unit's first price",
      "; (the local currency's, and that of a unit with no price, on \(format.firstDay), ledger's first day).",
      "; Places and their accounts:",
    ]
    lines += placeList
    var index = 0
    while index < entries.count {
      let dated = entries[index]
      let code = dated.entry.currency.code
      lines.append("")
      if let move = move(at: index) {
        lines.append("\(dated.date) \(code) move")
        lines.append(assignment(move.from))
        lines.append(assignment(move.to))
        index += 2
      } else {
        lines.append("\(dated.date) \(code) \(dated.isOpening ? "held since before any date" : "balance")")
        lines.append(assignment(dated.entry))
        index += 1
      }
      lines.append("    Equity:Coffer")
    }
    return lines
  }

  /// `    Assets:Coffer:wise  = 1200 USD`: two blanks end the account name.
  private func assignment(_ entry: JournalEntry) -> String {
    "    \(accounts.account(for: entry.place))  = \(entry.new) \(LedgerCommodity.written(entry.currency.code))"
  }
}
