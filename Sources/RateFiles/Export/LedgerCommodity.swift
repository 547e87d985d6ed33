/// How ledger and hledger read a unit's code as a commodity.
package enum LedgerCommodity {
  /// `USD` bare; a code with a digit in it quoted, `"X2"`: both tools read a digit next to
  /// an amount as part of the number, so a commodity symbol holding one must be quoted.
  /// Codes are letters and digits alone (`UnitRules`), so nothing inside needs escaping.
  package static func written(_ code: String) -> String {
    code.utf8.contains(where: { (48...57).contains($0) }) ? "\"" + code + "\"" : code
  }
}
