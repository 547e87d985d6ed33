import CofferCore
import CofferScript
import CofferText

/// The options listing commands share. A command lists only those it reads: any other
/// is refused when the statement is read.
enum ListingOptions {
  /// `--format FMT`: read by the renderer, for a command that gives a listing.
  /// (Built as every run starts: its values are listed here, where their type is known.)
  static let format = ValueOption<OutputFormat>(
    "format", values: OutputFormat.allCases.map { $0.rawValue },
    valueError: tr("--format takes {formats}", ["formats": OutputFormat.spelledOut]),
    valueName: tr("FMT")
  ) { OutputFormat(rawValue: $0.lowercased()) }
  /// `--all`: every currency, not only those held (`holdings`).
  static let all = Flag("all")
  /// `--why`: the path of each value, leg by leg (`holdings`; SPEC §12).
  static let why = Flag("why")
  /// `--in C`: the values expressed in C instead of the local currency (the command
  /// checks the code).
  static let expressedIn = ValueOption(
    anyWord: "in", valueError: tr("--in takes a currency code such as USD"), valueName: tr("C"))
}
