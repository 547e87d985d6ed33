import CofferCore
import CofferScript
import CofferText

extension CommandContext {
  /// The currency a listing's values are to be expressed in: `in C` (read into `slot`) or
  /// `--in C`, nil for the local currency. Given both ways, they must agree.
  func expressedIn(_ arguments: Arguments, slot: TypedSlot<Written<String>>?) throws(StatementFailure) -> Currency? {
    var chosen: Currency?
    if let slot { chosen = try currency(arguments[slot]) }
    if let option = arguments[ListingOptions.expressedIn] {
      let named = try currency(option)
      if let chosen, chosen != named {
        throw failure(
          tr("'in {first}' and '--in {second}' disagree; give one", ["first": chosen.code, "second": named.code]),
          at: option.offset)
      }
      chosen = named
    }
    return chosen
  }

  /// The total of a portfolio expressed in `target` (the local currency when nil), failing
  /// only when it cannot be computed at all (no rate for `target`, overflow).
  func readTotal(of portfolio: Portfolio, in target: Currency?, at offset: Int) throws(StatementFailure) -> Total {
    guard let target else { return try readTotal(of: portfolio, at: offset) }
    switch portfolio.total(in: target) {
    case .success(let total): return total
    case .failure(let error): throw failure("total in \(target.code): \(error.description)", at: offset)
    }
  }
}
