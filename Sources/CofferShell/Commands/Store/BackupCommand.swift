import CofferCore
import CofferScript

/// `backup FILE [--force]`: a consistent copy of the store through SQLite's online backup,
/// pending edits saved first. FILE is created 0600 and written whole or not at all.
struct BackupCommand: Command {
  static let entry = CommandEntry(
    "backup", .file("FILE", "the file to copy the store to"),
    "copy the store to FILE (mode 0600), saving pending edits first; --force replaces an existing FILE",
    examples: ["backup ~/coffer-2026-11-22.db", "backup /mnt/usb/coffer.db --force"],
    options: [OptionSpec("force")], reachesOutside: true, readsHoldings: false, command: Self.self)

  let path: String
  let offset: Int
  let force: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    guard case .path(let path, let offset) = arguments["FILE"] else { preconditionFailure("backup reads FILE") }
    self.path = path
    self.offset = offset
    force = arguments.option("force") != nil
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    if context.options.atomic {
      throw context.failure(
        "backup cannot run in an --atomic run: the copy would hold edits the run may still take back", at: offset)
    }
    // Through the save policy, as `save` is: a save that fails (a conflict, a full disk)
    // fails the backup, and the edits stay pending.
    return .effect(
      .save(.saveCommand(force: false), offset: offset) { saved throws(StatementFailure) in
        if case .failure(let error) = saved {
          throw StatementFailure(
            "no backup was made: the pending edits could not be saved first: \(error.message)", at: error.location,
            reason: error.reason)
        }
        return try backUp(context)
      })
  }

  /// The copy itself, once nothing is pending.
  private func backUp(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let destination = context.resolve(path)
    do {
      try context.ledger.backup(to: destination, replacing: force)
    } catch {
      switch error {
      case .file(let problem):
        throw context.failure("\(problem); no backup was made", at: offset)
      case .store(let failure):
        throw StatementFailure(
          "\(failure.description); no backup was made", at: context.line.location(ofOffset: offset),
          reason: .storeFailed)
      }
    }
    return .lines(["backed up the store to \(destination)"])
  }
}
