import CofferCore
import CofferScript
import Foundation
import LineEditing
import RateFiles

/// `holdings import FILE`: balances from a CSV of `date,code,amount` rows, each as
/// `set CODE AMOUNT at DATE` would write it, all in one transaction or none.
struct HoldingsImportCommand: Command {
  static let file = TypedSlot.path("FILE", "a CSV file of date,code,amount rows")
  static let entry = CommandEntry(
    "holdings import", .slot(file),
    "write down balances from a CSV file (header date,code,amount; a row a currency and day), all or none",
    examples: ["holdings import statements.csv"], reachesOutside: true, command: Self.self)

  let path: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let file = try arguments.value(Self.file)
    path = file.value
    offset = file.offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let name = (path as NSString).lastPathComponent
    let balances: [WrittenBalance]
    do {
      let bytes = try RatesFileLoader.read(context.resolve(path))
      balances = try BalanceFile.read(bytes, today: context.ledger.portfolio.today)
    } catch let problem as RatesFileLoader.Problem {
      throw context.failure("cannot read \(path): \(problem.reason)", at: offset)
    } catch let problem as RateFileError {
      throw context.failure("\(name): \(problem.description); nothing imported", at: offset)
    } catch {
      throw context.failure("cannot read \(path): \(error)", at: offset)
    }
    let bar = ProgressBar(output: context.output, label: "importing \(name)")
    defer { bar.finish() }
    let report: ImportedBalances?
    do {
      report = try context.ledger.importBalances(
        balances, shouldStop: RateImporting.stopRequested, progress: bar.update)
    } catch {
      throw context.failure(error, at: offset)
    }
    guard let report else {
      let reason: StopReason = Signals.pendingStop.map { .signal($0) } ?? .statementFailed
      throw context.failure("import interrupted; nothing imported", at: offset, reason: reason)
    }
    return .lines([report.description])
  }
}
