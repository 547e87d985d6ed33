import CofferCore
import CofferScript
import CofferText
import Foundation
import LineEditing
import RateFiles

/// `holdings import FILE`: balances from a CSV of `date,code,amount[,place]` rows, each as
/// `set CODE@PLACE AMOUNT at DATE` would write it (a row without a place as `set CODE`),
/// all in one transaction or none.
struct HoldingsImportCommand: Command {
  static let file = TypedSlot.path(tr("FILE"), tr("a CSV file of date,code,amount[,place] rows"))
  static let entry = CommandEntry(
    "holdings import", .slot(file),
    tr(
      """
      write down balances from a CSV file (header date,code,amount, and place if any; a row a holding and \
      day; what 'holdings --format csv' writes reads back as today's), all or none
      """),
    examples: ["holdings import statements.csv", "holdings import wise-and-cash.csv"], reachesOutside: true,
    command: Self.self)

  let path: String
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let file = try arguments.value(Self.file)
    path = file.value
    offset = file.offset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let name = (path as NSString).lastPathComponent
    let balances: WrittenBalances
    do {
      let bytes = try RatesFileLoader.read(context.resolve(path))
      let ledger = context.ledger
      balances = try BalanceFile.read(
        bytes, today: ledger.portfolio.today, units: KnownUnits(added: ledger.addedUnits),
        place: Self.placeRule(ledger))
    } catch let problem as RatesFileLoader.Problem {
      throw context.failure(tr("cannot read {path}: {reason}", ["path": path, "reason": problem.reason]), at: offset)
    } catch let problem as RateFileError {
      // A cell at fault is named as an editor would jump to it.
      let place =
        problem.cell.map {
          tr("{file}:{line}:{column}: ", ["file": name, "line": String($0.line), "column": String($0.column)])
        }
        ?? tr("{file}: {place}: ", ["file": name, "place": problem.place])
      throw context.failure(
        tr("{place}{problem}; nothing imported", ["place": place, "problem": problem.message]), at: offset)
    } catch {
      throw context.failure(tr("cannot read {path}: {reason}", ["path": path, "reason": "\(error)"]), at: offset)
    }
    let bar = ProgressBar(output: context.output, label: tr("importing {name}", ["name": name]))
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
      throw context.failure(tr("import interrupted; nothing imported"), at: offset, reason: reason)
    }
    context.sheet?.showOwnWrites()
    return .lines([report.description])
  }

  /// Where a row's amount goes, as `set` would write it: a place the row names, spelt as
  /// the ledger lists it (or new); for a row that names none, the write rule of a bare
  /// code, judged on the ledger as it stood before the import.
  private static func placeRule(_ ledger: Ledger) -> BalanceFile.PlaceRule {
    { named, currency, date throws(BalanceFile.PlaceRefusal) -> Place in
      if let named {
        do throws(Ledger.PlaceError) {
          return try ledger.resolve(named, mustExist: false)
        } catch {
          throw BalanceFile.PlaceRefusal(error.description)
        }
      }
      do throws(Ledger.PlaceFailure) {
        return try ledger.holdingForWriting(currency, on: date).place
      } catch {
        switch error {
        case .place(let problem): throw BalanceFile.PlaceRefusal(problem.description)
        case .store(let problem): throw BalanceFile.PlaceRefusal(problem.description)
        }
      }
    }
  }
}
