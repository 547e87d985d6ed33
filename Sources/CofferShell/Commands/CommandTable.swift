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
    HoldingsCommand.entry,
    TotalCommand.entry,
    LocalCommand.entry,
    RatesCommand.entry,
    RatesSetCommand.entry,
    RatesImportCommand.entry,
    RatesFetchCommand.entry,
    ConvertCommand.entry,
    PrintCommand.entry,
    EchoCommand.entry,
    LetCommand.entry,
    AssertCommand.entry,
    SaveCommand.entry,
    CheckCommand.entry,
    LogCommand.entry,
    StatsCommand.entry,
    ChartCommand.entry,
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

  /// The entry a statement names: `rates set` before `rates`; the sheet's own `set`
  /// while the sheet is open. `second` is the word after the first, if any.
  static func entry(named first: String, then second: String?, sheetOpen: Bool) -> CommandEntry? {
    let name = first.lowercasedWord
    let candidates = entries.filter { entry in
      let words = entry.words
      guard words[0] == name || entry.aliases.contains(name) else { return false }
      if words.count == 2 { return second?.lowercasedWord == String(words[1]) }
      return fits(entry, sheetOpen: sheetOpen)
    }
    return candidates.first { $0.words.count == 2 } ?? candidates.first { $0.scope == .sheet }
      ?? candidates.first
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
