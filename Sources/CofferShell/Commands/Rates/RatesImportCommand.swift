import CofferCore
import CofferScript
import Foundation
import LineEditing
import RateFiles

/// `rates import FILE`: reads a rates file (ECB XML, CSV, JSON, zip) into the history.
struct RatesImportCommand: Command {
  static let file = TypedSlot.path("FILE", "a rates file to import")
  static let entry = CommandEntry(
    "rates import", .slot(file),
    "import a rates file (ECB XML or CSV, history zip, JSON) into the rates history; "
      + "rows of units added with 'units add' are taken, other unknown codes skipped",
    examples: ["rates import eurofxref-hist.zip"], reachesOutside: true, command: Self.self)

  let path: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let file = try arguments.value(Self.file)
    path = file.value
    offset = file.offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let data: [UInt8]
    do {
      data = try RatesFileLoader.read(context.resolve(path))
    } catch {
      throw context.failure("cannot read rates file \(path): \(error.reason)", at: offset)
    }
    let name = (path as NSString).lastPathComponent
    return .lines([try RateImporting.importRates(data, name: name, context, at: offset, doing: "import")])
  }
}
