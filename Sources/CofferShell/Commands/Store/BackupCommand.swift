import CofferCore
import CofferScript
import CofferText

/// `backup FILE [--force]`: a consistent copy of the store through SQLite's online backup,
/// pending edits saved first. FILE is created 0600 and written whole or not at all.
struct BackupCommand: Command, SavesFirst {
  static let file = TypedSlot.file(tr("FILE"), tr("the file to copy the store to"))
  static let replace = Flag("force")
  static let entry = CommandEntry(
    "backup", .slot(file),
    tr("copy the store to FILE (mode 0600), saving pending edits first; --force replaces an existing FILE"),
    examples: ["backup ~/coffer-2026-11-22.db", "backup /mnt/usb/coffer.db --force"],
    options: [replace.spec], reachesOutside: true, readsHoldings: false, command: Self.self)

  let path: String
  let offset: Int
  let force: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let file = try arguments.value(Self.file)
    path = file.value
    offset = file.offset
    force = arguments.has(Self.replace)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if context.options.atomic {
      throw context.failure(
        tr("backup cannot run in an --atomic run: the copy would hold edits the run may still take back"), at: offset)
    }
    // Through the save policy, as `save` is: a save that fails (a conflict, a full disk)
    // fails the backup, and the edits stay pending.
    return .effect(.save(force: false, offset: offset, then: .run(self)))
  }

  var notDone: String { tr("no backup was made") }

  /// The copy itself, once nothing is pending.
  func afterSave(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let destination = context.resolve(path)
    do {
      try context.ledger.backup(to: destination, replacing: force)
    } catch {
      switch error {
      case .file(let problem):
        throw context.failure(tr("{reason}; no backup was made", ["reason": "\(problem)"]), at: offset)
      case .store(let failure):
        throw StatementFailure(
          tr("{reason}; no backup was made", ["reason": failure.description]),
          at: context.line.location(ofOffset: offset),
          reason: .storeFailed)
      }
    }
    return .lines([tr("backed up the store to {path}", ["path": destination])])
  }
}
