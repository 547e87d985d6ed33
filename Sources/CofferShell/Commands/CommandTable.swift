import CofferCore
import CofferScript

/// Every command, once: dispatch, `help` and completion all read this table. A new
/// command is a new file with its type and one line here.
enum CommandTable {
  static let entries: [CommandEntry] = [
    HelpCommand.entry,
    OpenCommand.entry,
    SetCommand.entry,
    ClearCommand.entry,
    MoveHoldingCommand.entry,
    HoldingsCommand.entry,
    HoldingsImportCommand.entry,
    HoldingsExportCommand.entry,
    TotalCommand.entry,
    LocalCommand.entry,
    PlacesCommand.entry,
    PlacesRenameCommand.entry,
    PlacesRemoveCommand.entry,
    UnitsCommand.entry,
    UnitsAddCommand.entry,
    UnitsRemoveCommand.entry,
    RatesCommand.entry,
    RatesSetCommand.entry,
    RatesImportCommand.entry,
    RatesFetchCommand.entry,
    RatesSourcesCommand.entry,
    RatesRecordCommand.entry,
    RatesQuoteCommand.entry,
    RatesPegCommand.entry,
    RatesPegsCommand.entry,
    RatesMaxAgeCommand.entry,
    RatesMaxJumpCommand.entry,
    RatesWhyCommand.entry,
    RatesClearCommand.entry,
    DumpCommand.entry,
    RatesExportCommand.entry,
    ConvertCommand.entry,
    PrintCommand.entry,
    EchoCommand.entry,
    LetCommand.entry,
    AssertCommand.entry,
    SaveCommand.entry,
    CheckCommand.entry,
    CheckRatesCommand.entry,
    BackupCommand.entry,
    RestoreCommand.entry,
    LogCommand.entry,
    StatsCommand.entry,
    ChartCommand.entry,
    WatchCommand.entry,
    HistoryCommand.entry,
    SourceCommand.entry,
    QuitCommand.entry,
    QuitCommand.forced,
    // In the sheet
    FocusCommand.entry,
    MoveCommand.next,
    MoveCommand.previous,
    MoveCommand.first,
    MoveCommand.last,
    MoveCommand.blur,
    ShowCommand.entry,
    DismissCommand.entry,
    CancelCommand.entry,
    UndoCommand.entry,
    SheetSetCommand.entry,
    DraftCommand.entry,
  ]

  /// The entries by the first word of their name and by alias (all lower case), in the
  /// table's order: what dispatch looks a statement's first word up in, built from
  /// `entries` once. (The sheet's bare draft is named by no word.)
  static let byFirstWord: [String: [CommandEntry]] = {
    var table: [String: [CommandEntry]] = [:]
    for entry in typed {
      let first = entry.words[0]
      table[first, default: []].append(entry)
      for (index, alias) in entry.aliases.enumerated()
      where alias != first && !entry.aliases[..<index].contains(alias) {
        table[alias, default: []].append(entry)
      }
    }
    return table
  }()

  /// The entries a word (any letter case) names, or whose subcommands it starts. A
  /// command is mostly written in lower case, as the table has it: the word as written
  /// is looked up first, without making a lowered copy.
  static func byName(_ word: String) -> [CommandEntry]? {
    byFirstWord[word] ?? byFirstWord[word.lowercasedWord]
  }

  /// The entry a statement names: `rates set` before `rates`; the sheet's own `set`
  /// while the sheet is open. `second` is the word after the first, if any.
  static func entry(named first: String, then second: @autoclosure () -> String?, sheetOpen: Bool) -> CommandEntry? {
    guard let candidates = byName(first) else { return nil }
    if candidates.count == 1 { return candidates[0].words.count == 1 ? candidates[0] : nil }
    if candidates.contains(where: { $0.words.count == 2 }), let second = second()?.lowercasedWord {
      for entry in candidates where entry.words.count == 2 && entry.words[1] == second { return entry }
    }
    var chosen: CommandEntry?
    for entry in candidates where entry.words.count == 1 {
      if entry.scope == .sheet && sheetOpen { return entry }
      guard let current = chosen else {
        chosen = entry
        continue
      }
      if !fits(current, sheetOpen: sheetOpen) && fits(entry, sheetOpen: sheetOpen) { chosen = entry }
    }
    return chosen
  }

  /// Whether an entry is typed where the session stands (the top level or the sheet).
  static func fits(_ entry: CommandEntry, sheetOpen: Bool) -> Bool {
    switch entry.scope {
    case .everywhere: true
    case .topLevel: !sheetOpen
    case .sheet: sheetOpen
    }
  }

  /// Entries named by a word a person types (not the sheet's bare draft).
  static var typed: [CommandEntry] { entries.filter { $0.name != DraftCommand.entry.name } }

  /// Every command word, aliases included, for suggestions and completion.
  static func names(sheetOpen: Bool? = nil) -> [String] {
    var seen: Set<String> = []
    var names: [String] = []
    for entry in typed where sheetOpen.map({ fits(entry, sheetOpen: $0) }) ?? true {
      for name in [String(entry.words[0])] + entry.aliases where seen.insert(name).inserted { names.append(name) }
    }
    return names
  }
}
