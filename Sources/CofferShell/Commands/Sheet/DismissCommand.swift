import CofferCore
import CofferScript

/// `dismiss` (or `done`): commits the focused draft, saves, closes the sheet and prints
/// the total. Refused while any field holds an invalid draft.
struct DismissCommand: Command {
  static let entry = CommandEntry(
    "dismiss", .none, "commit the focused draft, save, close the sheet and print the total", aliases: ["done"],
    scope: .sheet, command: Self.self)

  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    _ = context.commitFocusedDraft()
    guard let open = context.sheet else { return .nothing }
    if !open.invalid.isEmpty {
      let fields = open.rows.compactMap { currency in
        open.invalid[currency].map { "\(currency.code) ('\($0.text)': \($0.reason))" }
      }
      throw context.failure(
        "cannot dismiss: invalid drafts in " + fields.joined(separator: ", ") + "; fix them or cancel", at: offset)
    }
    let date = open.dated?.date
    // The sheet closes even if the save fails: its edits stay pending for the next save.
    context.sheet = nil
    try context.saving.save(at: .dismiss, offset: offset)
    // The total printed includes what other sessions saved meanwhile.
    do {
      try context.ledger.refresh(now: true)
    } catch {
      throw context.failure(error, at: offset)
    }
    try context.requireSoundStore(at: offset)
    guard let date else {
      return .lines([MoneyText.total(try context.readTotal(at: offset), output: context.output)])
    }
    let held = try context.readTotal(of: try context.portfolio(asHeldOn: date, at: offset), at: offset)
    return .lines([MoneyText.total(held, output: context.output, basis: "as held on \(date)")])
  }
}

/// `cancel`: closes the sheet and reverts every commit made in it.
struct CancelCommand: Command {
  static let entry = CommandEntry(
    "cancel", .none, "close the sheet, reverting every change made in it", scope: .sheet, readsHoldings: false,
    command: Self.self)

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {}

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard var closing = context.sheet else { return .nothing }
    let discarded = closing.revertAll(ledger: context.ledger)
    context.sheet = nil
    // Reverted amounts are read again from the store: another session may have saved
    // one of them while it was pending here.
    context.ledger.reloadBeforeNextStatement()
    let count = discarded.count
    return .lines([
      count == 0
        ? "cancelled: no changes"
        : "cancelled: \(count) \(count == 1 ? "change" : "changes") discarded (\(discarded.map(\.code).joined(separator: ", ")))"
    ])
  }
}

/// `undo`: reverts the most recent commit of this sheet session.
struct UndoCommand: Command {
  static let entry = CommandEntry(
    "undo", .none, "revert the most recent commit of this sheet session", scope: .sheet, readsHoldings: false,
    command: Self.self)

  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard var edited = context.sheet else { return .nothing }
    guard let undone = edited.undo(ledger: context.ledger) else {
      throw context.failure("nothing to undo in this sheet session", at: offset)
    }
    context.sheet = edited
    return context.options.interactive ? .lines(["\(undone.currency.code) is back to \(undone.restored)"]) : .nothing
  }
}
