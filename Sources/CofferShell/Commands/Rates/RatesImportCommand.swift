import CofferCore
import CofferScript
import CofferText
import Foundation
import LineEditing
import RateFiles

/// `rates import FILE`: reads a rates file (ECB XML, CSV, JSON, zip) into the history.
struct RatesImportCommand: Command {
  static let file = TypedSlot.file(tr("FILE"), tr("a rates file to import"))
  static let entry = CommandEntry(
    "rates import", .slot(file),
    tr(
      """
      import a rates file (ECB XML or CSV, history zip, JSON) into the rates history; rows of units added \
      with 'units add' are taken, other unknown codes skipped
      """),
    examples: ["rates import eurofxref-hist.zip", "rates import rates.csv --accept"],
    options: [RateImporting.accept.spec], reachesOutside: true, command: Self.self)

  let path: String
  let offset: Int
  let accept: Bool

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let file = try arguments.value(Self.file)
    path = file.value
    offset = file.offset
    accept = arguments.has(RateImporting.accept)
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let data: [UInt8]
    do {
      data = try RatesFileLoader.read(context.resolve(path))
    } catch {
      throw context.failure(
        tr("cannot read rates file {path}: {reason}", ["path": path, "reason": error.reason]), at: offset)
    }
    let name = (path as NSString).lastPathComponent
    return .lines([
      try RateImporting.importRates(data, name: name, accept: accept, context, at: offset, doing: "import")
    ])
  }
}
