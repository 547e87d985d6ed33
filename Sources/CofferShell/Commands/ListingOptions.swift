import CofferScript

/// The options listing commands share.
enum ListingOptions {
  static let format = OptionSpec(
    "format", values: OutputFormat.allCases.map(\.rawValue), valueError: "--format takes table, plain, csv or json")
  static let all = OptionSpec("all")
  /// `--in C`: the values expressed in C instead of the local currency (the command
  /// checks the code).
  static let expressedIn = OptionSpec(
    "in", values: [], valueError: "--in takes a currency code such as USD", valueName: "C")
  static let listing = [format, all]
}
