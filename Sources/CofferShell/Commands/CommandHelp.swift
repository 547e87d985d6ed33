/// Every command's name, usage, one-line summary and examples: what `help` prints and
/// what completion and "did you mean" draw on.
public struct CommandHelp: Sendable {
  public let name: String
  public let usage: String
  public let summary: String
  public let examples: [String]
  /// Options the command accepts; `format` takes a value, the others are flags.
  let options: [String]
  let aliases: [String]

  init(
    _ name: String, _ usage: String, _ summary: String, examples: [String] = [], options: [String] = [],
    aliases: [String] = []
  ) {
    self.name = name
    self.usage = usage
    self.summary = summary
    self.examples = examples
    self.options = options
    self.aliases = aliases
  }

  static let listing = ["format", "all"]

  public static let all: [CommandHelp] = [
    CommandHelp("help", "help [COMMAND]", "list commands, or show one command's usage", examples: ["help set"]),
    CommandHelp(
      "open", "open [C]", "open the sheet, focused on C or on the first row", examples: ["open", "open USD"]),
    CommandHelp(
      "set", "set C EXPR", "set C's amount (in the sheet: focus C and set its draft)",
      examples: ["set USD 1200.50", "set JPY 150_000", "set EUR $rent * 3"]),
    CommandHelp(
      "clear", "clear C | clear all [--yes]", "set one amount, or every amount, to 0",
      examples: ["clear USD", "clear all"], options: ["yes"]),
    CommandHelp(
      "holdings", "holdings [--all] [--format FMT]", "each held currency with its rate and value, then the total",
      examples: ["holdings", "holdings --format json"], options: listing),
    CommandHelp(
      "total", "total [--format FMT]", "the total of all holdings in the local currency", examples: ["total"],
      options: listing),
    CommandHelp("local", "local [C]", "show or change the local currency", examples: ["local", "local USD"]),
    CommandHelp(
      "rates", "rates [C...] [--format FMT] | rates set C RATE",
      "the rates in use, with date and source; 'rates set' records a rate",
      examples: ["rates", "rates USD EUR", "rates set USD 7.2"], options: listing),
    CommandHelp(
      "convert", "convert X FROM [to] TO", "convert an amount between currencies", examples: ["convert 100 USD to CNY"],
      options: ["format"]),
    CommandHelp(
      "print", "print EXPR...", "print each value on its own line",
      examples: ["print total()", "print amount(USD) * 2"]),
    CommandHelp("echo", "echo WORDS...", "print the words, separated by spaces", examples: ["echo month end"]),
    CommandHelp(
      "let", "let NAME = EXPR", "define a variable, read as $NAME", examples: ["let rent = 1500", "set EUR $rent"]),
    CommandHelp(
      "assert", "assert EXPR OP EXPR [MESSAGE]", "fail unless the comparison holds (== != < <= > >=)",
      examples: ["assert total() > 0", "assert amount(USD) == 1200 \"USD is wrong\""]),
    CommandHelp(
      "save", "save [--force]", "write pending edits now; --force overwrites another session's change",
      examples: ["save"], options: ["force"]),
    CommandHelp(
      "check", "check", "verify the store (SQLite's integrity check) and say whether it is sound", examples: ["check"]),
    CommandHelp(
      "log", "log [C] [N]", "the last N saved changes, newest first", examples: ["log", "log USD 5"],
      options: ["format"]),
    CommandHelp(
      "stats", "stats [--format FMT]", "the counters of reads, recomputes, saves and renders",
      examples: ["stats --format plain"], options: listing),
    CommandHelp(
      "chart", "chart C|total [from DATE] [to DATE]",
      "chart the local value of one unit of C, or of today's holdings, over time",
      examples: ["chart USD from 2020-01-01", "chart total from 2024-01-01 to 2024-12-31"]),
    CommandHelp("history", "history [N]", "the last N lines entered (interactive only)", examples: ["history 20"]),
    CommandHelp(
      "source", "source FILE", "run a script file (relative to the current script's folder)",
      examples: ["source monthly.coffer"]),
    CommandHelp("quit", "quit [STATUS]", "save and leave", examples: ["quit"], aliases: ["exit"]),
  ]

  /// Inputs only the open sheet understands.
  public static let sheet: [CommandHelp] = [
    CommandHelp(
      "focus", "focus C  (or just C)", "move the focus to C, committing the field left", examples: ["focus USD", "USD"]),
    CommandHelp("next", "next", "move the focus to the next row (wrapping)"),
    CommandHelp("prev", "prev", "move the focus to the previous row (wrapping)"),
    CommandHelp("first", "first", "move the focus to the first row"),
    CommandHelp("last", "last", "move the focus to the last row"),
    CommandHelp("blur", "blur", "drop the focus, committing the field left"),
    CommandHelp("show", "show [all]", "show the rows around the focus, or all of them"),
    CommandHelp(
      "dismiss", "dismiss", "commit the focused draft, save, close the sheet and print the total", aliases: ["done"]),
    CommandHelp("cancel", "cancel", "close the sheet, dropping the focused draft and invalid drafts"),
    CommandHelp("undo", "undo", "revert the most recent commit of this sheet session"),
  ]

  /// Every command word, aliases included, for completion and suggestions.
  public static var names: [String] {
    (all + sheet).flatMap { [$0.name] + $0.aliases }
  }

  static func find(_ name: String) -> CommandHelp? {
    let lowered = name.lowercased()
    return (all + sheet).first { $0.name == lowered || $0.aliases.contains(lowered) }
  }
}
