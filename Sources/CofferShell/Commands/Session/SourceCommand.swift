import CofferScript
import CofferText
import Foundation

/// `source FILE`: runs a script file, its relative paths resolved against its folder;
/// its edits are saved when it ends, as a script file's are.
struct SourceCommand: Command {
  static let file = TypedSlot.path(tr("FILE"), tr("a file to run"))
  static let entry = CommandEntry(
    "source", .slot(file), tr("run a script file (relative to the current script's folder)"),
    examples: ["source monthly.coffer"], reachesOutside: true, readsHoldings: false, command: Self.self)

  /// `source` may nest this deep; deeper is almost always a file sourcing itself.
  static let maxDepth = 16

  let path: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let file = try arguments.value(Self.file)
    path = file.value
    offset = file.offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard context.scriptFolders.count < Self.maxDepth else {
      throw context.failure(
        tr("source nested deeper than {count} files (does a script source itself?)", ["count": String(Self.maxDepth)]),
        at: offset)
    }
    let resolved = context.resolve(path)
    switch LineReader.open(path: resolved, source: path.hasPrefix("/") ? path : resolved) {
    case .success(let reader):
      return .effect(.runScript(reader, folder: (resolved as NSString).deletingLastPathComponent, offset: offset))
    case .failure(let error):
      throw context.failure(error.message, at: offset)
    }
  }
}
