import CofferCore
import CofferScript
import CofferText

/// `dump [FILE]`: the store as a Coffer script that recreates it (see `DumpScript`), to
/// stdout or, written atomically, to FILE. Pending edits are saved first.
struct DumpCommand: Command, SavesFirst {
  static let file = TypedSlot.file(tr("FILE"), tr("the file to write the script to"))
  static let entry = CommandEntry(
    "dump", .optional(.slot(file)),
    tr(
      """
      write the store as a Coffer script that recreates it (to FILE, or stdout); pending edits are saved \
      first
      """),
    examples: ["dump", "dump coffer-2026-11-22.coffer"], reachesOutside: true,
    usage: tr("dump [FILE]"), command: Self.self)

  let file: (path: String, offset: Int)?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    file = arguments[Self.file].map { ($0.value, $0.offset) }
    offset = arguments.commandOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    // A dump describes what is saved; an --atomic run saves nothing until it ends.
    if context.options.atomic {
      throw context.failure(
        tr("dump cannot run in an --atomic run: it would write edits the run may still take back"), at: offset)
    }
    return .effect(.save(force: false, offset: offset, then: .run(self)))
  }

  var notDone: String { tr("nothing was dumped") }

  /// The script itself, once nothing is pending.
  func afterSave(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let ledger = context.ledger
    var script: DumpScript
    do {
      let holdings = try ledger.journalHoldings()
      script = DumpScript(
        local: ledger.portfolio.local, sources: try ledger.rateSources(), today: ledger.portfolio.today,
        units: ledger.addedUnits, placed: Set(holdings.filter { !$0.place.isUnnamed }.map(\.currency)))
      // What `check rates` finds in the stored rates (a stale rate is about the day, not
      // a rate): those rates are given back with their findings, not judged again.
      let findings = try ledger.rateFindings(from: .first, to: .last).filter {
        if case .stale = $0.kind { return false }
        return true
      }
      script.addRules(
        maxAge: ledger.maxAge, maxJump: ledger.maxJump, pegs: try ledger.pegs(), accepted: try ledger.acceptedRates(),
        findings: findings)
      try ledger.recordedRates { day, rates, quotes, given in
        script.add(day: day, rates: rates, quotes: quotes, given: given)
      }
      try ledger.journalInOrder { entry in script.add(entry) }
      let listed = Set(ledger.places)
      var unlisted: [Place] = []
      for place in holdings.map(\.place) where !place.isUnnamed && !listed.contains(place) && !unlisted.contains(place)
      {
        unlisted.append(place)
      }
      script.removePlaces(unlisted.sorted())
    } catch {
      throw context.failure(error, at: offset)
    }
    guard let file else {
      context.output.line(String(script.text.dropLast()))
      return .nothing
    }
    let destination = context.resolve(file.path)
    do {
      try ledger.writeFile(Array(script.text.utf8), to: destination)
    } catch {
      throw context.failure(tr("{reason}; nothing was dumped", ["reason": "\(error)"]), at: file.offset)
    }
    return .lines([tr("dumped the store to {path}", ["path": destination])])
  }
}
