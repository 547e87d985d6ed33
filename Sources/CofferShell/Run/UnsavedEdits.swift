import CofferCore
import CofferText

/// What leaving now would lose, as lines a person can paste back into Coffer: a `set` per
/// unsaved amount, `local` for an unsaved local currency, a `rates set` per unsaved rate,
/// and a comment for each invalid sheet draft. Empty when nothing would be lost.
enum UnsavedEdits {
  static func lines(of ledger: Ledger, sheet: SheetController?) -> [String] {
    let portfolio = ledger.portfolio
    let named = { (holding: Holding) in holding.written(explicit: portfolio.hasNamedPlaces(holding.currency)) }
    // A balance for a day after today (a dump's `--ahead`) is given back so, as a dump
    // writes it: without the flag the line would be refused.
    var lines = ledger.pending.dated.map {
      "set \(named($0.holding)) \($0.amount) at \($0.date)" + ($0.date > portfolio.today ? " --ahead" : "")
    }
    for move in ledger.pending.moves {
      var words = ["move", "\(move.amount)", move.currency.code]
      if !move.from.isUnnamed { words += ["from", move.from.written] }
      if !move.to.isUnnamed { words += ["to", move.to.written] }
      lines.append((words + ["at", move.date.description]).joined(separator: " "))
    }
    lines += ledger.pending.amounts.map { "set \(named($0.holding)) \($0.amount)" }
    // Each quote was set in the local currency of its moment: `local` lines go before
    // the quotes that need another than the current one, and the last names the local
    // currency to end with. (The store's local currency is known to be that one only
    // when it was not changed.)
    var replayLocal: Currency? = ledger.pending.local == nil ? ledger.portfolio.local : nil
    for quote in ledger.pending.quotes {
      if quote.quotedIn != replayLocal {
        lines.append("local \(quote.quotedIn.code)")
        replayLocal = quote.quotedIn
      }
      lines.append("rates set \(quote.currency.code) \(quote.value)")
    }
    if replayLocal != ledger.portfolio.local { lines.append("local \(ledger.portfolio.local.code)") }
    for (holding, invalid) in sheet?.invalidFields ?? [] {
      // A comment, the one kind of line here that starts with `# ` (see `Session`).
      lines.append(
        "# "
          + tr(
            "{holding} draft '{text}' is not a valid amount ({reason})",
            ["holding": holding.description, "text": invalid.text, "reason": invalid.reason]))
    }
    return lines
  }
}
