import CofferCore
import CofferText

/// The sheet's header and status, whichever view shows them: the form's first line, the
/// line sheet's header when it opens and its status line after each input, in the same
/// words.
enum SheetHeader {
  /// `Coffer sheet · local CNY · as of 2025-10-31 · rates 2026-10-30`: what the sheet
  /// is. Nothing in the sheet changes it (not the local currency, not the rates), so a
  /// view makes it once.
  static func title(of sheet: SheetController) -> String {
    let portfolio = sheet.portfolio
    var title = tr("Coffer sheet · local {code}", ["code": portfolio.local.code])
    if let date = sheet.date { title += " · " + tr("as of {date}", ["date": date.description]) }
    if let rates = portfolio.units.compactMap({ portfolio.currentRate(of: $0)?.date }).max() {
      title += " · " + tr("rates {date}", ["date": rates.description])
    }
    return title
  }

  /// The total (partial ones marked), how many edits are unsaved and, with `invalid`,
  /// the fields holding invalid drafts: `total ¥1,995.86 CNY · 1 unsaved · invalid: EUR`.
  static func status(of sheet: SheetController, invalid: Bool) -> Status {
    let portfolio = sheet.portfolio
    var parts: [String] = []
    var style = Status.Style.plain
    switch portfolio.total() {
    case .success(let total):
      var text = tr(
        "total {amount} {code}", ["amount": MoneyText.plain(total.value, total.local), "code": total.local.code])
      if total.isPartial {
        text += tr(" (partial: {missing})", ["missing": total.missingRates])
        style = .partial
      }
      parts.append(text)
    case .failure(let error):
      parts.append(tr("total: {problem}", ["problem": error.description]))
      style = .failed
    }
    let unsaved = sheet.ledger.pending.count
    parts.append(unsaved == 0 ? tr("nothing unsaved") : tr("{count} unsaved", ["count": String(unsaved)]))
    if invalid {
      let fields = sheet.invalidFields
      if !fields.isEmpty {
        parts.append(tr("invalid: {fields}", ["fields": fields.map(\.holding.description).joined(separator: " ")]))
      }
    }
    return Status(text: parts.joined(separator: " · "), style: style)
  }

  /// A status line, with what its total is like (for its colour).
  struct Status {
    enum Style {
      case plain
      /// The total left currencies out for want of a rate.
      case partial
      /// There is no total (an overflow).
      case failed
    }

    let text: String
    let style: Style
  }
}
