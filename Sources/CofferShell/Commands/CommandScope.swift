/// Where a command can be typed.
enum CommandScope {
  /// At the top level, and in the sheet too (where it acts on the holdings as usual).
  case everywhere
  /// At the top level only (`open`).
  case topLevel
  /// Only while the sheet is open (`next`, `dismiss`…).
  case sheet
}
