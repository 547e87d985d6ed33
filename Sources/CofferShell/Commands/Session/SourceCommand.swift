import CofferScript
import Foundation

/// `source FILE`: runs a script file, its relative paths resolved against its folder.
struct SourceCommand: Command {
  static let entry = CommandEntry(
    "source", .path("FILE", "a file to run"), "run a script file (relative to the current script's folder)",
    examples: ["source monthly.coffer"], reachesOutside: true, readsHoldings: false, command: Self.self)

  /// `source` may nest this deep; deeper is almost always a file sourcing itself.
  static let maxDepth = 16

  let path: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    guard case .path(let path, let offset) = arguments["FILE"] else { preconditionFailure("source reads FILE") }
    self.path = path
    self.offset = offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard context.scriptFolders.count < Self.maxDepth else {
      throw context.failure(
        "source nested deeper than \(Self.maxDepth) files (does a script source itself?)", at: offset)
    }
    let resolved = context.resolve(path)
    let reader: LineReader
    switch LineReader.open(path: resolved, source: path.hasPrefix("/") ? path : resolved) {
    case .success(let opened): reader = opened
    case .failure(let error): throw context.failure(error.message, at: offset)
    }
    let line = context.line
    let flow = context.runScript(reader, (resolved as NSString).deletingLastPathComponent)
    context.line = line
    if context.interrupted { return .nothing }
    if flow == .proceed {
      // A sourced file is a script file too: its edits are saved when it ends.
      _ = try context.saving.save(at: .scriptEnded, offset: offset)
    }
    if case .stop(let reason) = flow {
      if context.quitStatus != nil { return .nothing }
      // The failure was reported where it happened; stop the including script too.
      var stop = context.failure("\(path) failed", at: offset, reason: reason)
      stop.alreadyReported = true
      throw stop
    }
    return .nothing
  }
}
