import CofferCore

/// The text of `dump`: a Coffer script that recreates the store in a new one — the units
/// added beyond the catalog, the local currency, the rates sources, the whole rates
/// history (every rate and quote on the day it was recorded, with its source), then the
/// balance history as dated `set` lines (and `move` lines) in the order entered, and last
/// the places removed from the list whose history stays. The same store always gives the same text, byte for byte, on the same
/// day: nothing in it depends on where it is written, and only an entry dated after the
/// day of the dump depends on that day (it is written `--ahead`).
struct DumpScript {
  private(set) var text = ""
  /// The day the dump is written: an entry effective after it (made by a clock that was
  /// ahead, or in a time zone already in tomorrow) is given back `--ahead`.
  let today: CalendarDate
  /// Currencies the journal has at a named place: their unnamed place is written `C@""`,
  /// which a bare `C` would not name in a write once they are held elsewhere too.
  let placed: Set<Currency>
  /// A move's first entry, until its second comes.
  private var moveFrom: JournalEntry?
  /// Rates accepted past the rates' rules: their lines are written `--accept`.
  private var accepted: Set<AcceptedRate> = []
  /// Rates the rules find something in that was not accepted (recorded before the peg
  /// they fall outside, or before the rules): their lines are written `--keep-findings`,
  /// which takes them unjudged, so that the new store reports them as this one does.
  private var withFindings: Set<AcceptedRate> = []

  static let header = """
    # A Coffer dump: a script that recreates the store it was written from. Run it into a
    # new store:  coffer --db new.db dump.coffer
    # It holds the local currency, the rates sources, every rate and quote with the day it
    # was recorded and its source, and every balance with its effective date, in the order
    # they were entered (the times they were entered are not kept).

    """

  init(
    local: Currency, sources: [RateSource], today: CalendarDate, units: [Currency] = [], placed: Set<Currency> = []
  ) {
    self.today = today
    self.placed = placed
    text = Self.header
    for unit in units {
      var words = ["units add", unit.code, Self.quoted(unit.englishName)]
      if unit.minorUnits != 2 { words.append("minor \(unit.minorUnits)") }
      if !unit.symbol.isEmpty { words.append("symbol \(Self.quoted(unit.symbol))") }
      line(words.joined(separator: " "))
    }
    line("local \(local.code)")
    // A new store starts with rates and sources of its own: the dump's replace them.
    line("rates clear --yes")
    line("rates sources clear")
    for source in sources {
      line((["rates sources add", source.name, source.url] + source.currencies.map(\.code)).joined(separator: " "))
    }
  }

  private mutating func line(_ text: String) {
    self.text += text
    self.text += "\n"
  }

  /// The rates' rules as the store keeps them (SPEC §12), before any rate: the settings
  /// that are not the defaults, and the pegs. The accepted rates are written `--accept`
  /// where they come, and those with `findings` (of the stored rates, under these
  /// rules) `--keep-findings`.
  mutating func addRules(
    maxAge: Int, maxJump: DecimalValue, pegs: Pegs, accepted: Set<AcceptedRate>, findings: [RateFinding]
  ) {
    if maxAge != StoredSettings.defaultMaxAge { line("rates max-age \(maxAge)") }
    if maxJump != RateChecker.Rules.defaultMaxJump { line("rates max-jump \(maxJump)") }
    for peg in pegs.all { line("rates peg " + peg.statement) }
    self.accepted = accepted
    withFindings = Set(findings.map(\.row.key)).subtracting(accepted)
  }

  /// The rates and quotes recorded on one day, with the rates as given (`given`: those
  /// given in another base than the euro, and those another source replaced).
  mutating func add(day: CalendarDate, rates: [Rate], quotes: [Quote], given: [RateRow] = []) {
    var usedSource: [Currency: String] = [:]
    for rate in rates { usedSource[rate.currency] = rate.source }
    // First the rates a later source replaced that day, as they were given: the used one
    // comes after them, as it came after them when imported (SPEC §12: the latest wins).
    let replaced = given.filter { $0.unit != Catalog.eur && usedSource[$0.unit] != $0.source }
    for (source, base) in Self.groups(replaced) {
      let rows = replaced.filter { $0.source == source && $0.base == base }
      record(day, source: source, base: base, rows.map { ($0.unit, $0.value) } + euro(in: given, source, base))
    }
    // Then the rates in use, one line per source and base: most days have one.
    var sources: [String] = []
    for rate in rates where !sources.contains(rate.source) { sources.append(rate.source) }
    for source in sources {
      let ofSource = rates.filter { $0.source == source }
      // Those given in another base are written in it, as given.
      let inBase = given.filter { $0.source == source && $0.base != Catalog.eur && usedSource[$0.unit] == source }
      for (_, base) in Self.groups(inBase) {
        let rows = inBase.filter { $0.base == base }
        record(day, source: source, base: base, rows.map { ($0.unit, $0.value) } + euro(in: given, source, base))
      }
      let inEuros = ofSource.filter { rate in !inBase.contains { $0.unit == rate.currency } }
      if !inEuros.isEmpty {
        record(day, source: source, base: Catalog.eur, inEuros.map { ($0.currency, $0.perEuro) })
      }
    }
    for quote in quotes {
      let key = AcceptedRate(unit: quote.currency, base: quote.quotedIn, day: day.dayNumber, source: quote.source)
      line(
        "rates quote \(quote.currency.code) \(quote.value) \(quote.quotedIn.code) at \(day) source "
          + Self.quoted(quote.source) + flag(key))
    }
  }

  /// How a rate is written back: accepted, kept with its findings, or judged again.
  private func flag(_ key: AcceptedRate) -> String {
    if accepted.contains(key) { return " --accept" }
    return withFindings.contains(key) ? " --keep-findings" : ""
  }

  /// The `rates record` lines of one day, source and base: `pairs` are C's units per one
  /// `base` (EUR's among them in another base, which every line then carries). One line,
  /// unless some are accepted or kept with findings: those go on lines of their own, so
  /// that the flag takes no other rate with it.
  private mutating func record(
    _ day: CalendarDate, source: String, base: Currency, _ pairs: [(unit: Currency, value: DecimalValue)]
  ) {
    let euro = base == Catalog.eur ? [] : pairs.filter { $0.unit == Catalog.eur }
    let rates = base == Catalog.eur ? pairs : pairs.filter { $0.unit != Catalog.eur }
    let flags = rates.map { flag(AcceptedRate(unit: $0.unit, base: base, day: day.dayNumber, source: source)) }
    for kind in ["", " --accept", " --keep-findings"] {
      let ofKind = zip(rates, flags).filter { $0.1 == kind }.map(\.0)
      guard !ofKind.isEmpty || (kind.isEmpty && rates.isEmpty) else { continue }
      line(
        "rates record at \(day) source \(Self.quoted(source)) "
          + (base == Catalog.eur ? "" : "base \(base.code) ")
          + (ofKind + euro).map { "\($0.unit.code) \($0.value)" }.joined(separator: " ") + kind)
    }
  }

  /// EUR's own value in `base` from `source`, which turns its rates into euros: none in euros.
  private func euro(in given: [RateRow], _ source: String, _ base: Currency) -> [(unit: Currency, value: DecimalValue)]
  {
    guard base != Catalog.eur else { return [] }
    return given.filter { $0.unit == Catalog.eur && $0.source == source && $0.base == base }.map { ($0.unit, $0.value) }
  }

  /// The sources and bases of `rows`, each once, in the order first met.
  private static func groups(_ rows: [RateRow]) -> [(source: String, base: Currency)] {
    var groups: [(source: String, base: Currency)] = []
    for row in rows where !groups.contains(where: { $0.source == row.source && $0.base == row.base }) {
      groups.append((row.source, row.base))
    }
    return groups
  }

  /// The balances so far are written before this one would be taken for, or land
  /// among, them: a save writes its balances oldest first, one a currency and day.
  private var batch: Set<DatedKey> = []
  private var batchLatest = Int.min

  /// One journal entry, as the balance it sets on its effective date; a move's two as
  /// the `move` they were (which saves what comes before it, and itself).
  mutating func add(_ entry: JournalEntry) {
    switch entry.move {
    case .from:
      moveFrom = entry
      return
    case .to:
      guard let from = moveFrom else { break }
      moveFrom = nil
      var words = ["move", "\((try? from.old - from.new) ?? from.old)", entry.currency.code]
      if !from.place.isUnnamed { words += ["from", from.place.written] }
      if !entry.place.isUnnamed { words += ["to", entry.place.written] }
      words += ["at", entry.effective.description]
      line(words.joined(separator: " "))
      batch = []
      batchLatest = .min
      return
    case .none:
      break
    }
    let key = DatedKey(holding: entry.holding, day: entry.effective.dayNumber)
    if batch.contains(key) || entry.effective.dayNumber < batchLatest {
      line("save")
      batch = []
      batchLatest = .min
    }
    batch.insert(key)
    batchLatest = max(batchLatest, key.day)
    let ahead = entry.effective > today ? " --ahead" : ""
    let holding = entry.holding.written(explicit: placed.contains(entry.currency))
    line("set \(holding) \(entry.new) at \(entry.effective)\(ahead)")
  }

  /// The places the journal names that are no longer listed (`places remove`): their
  /// history is given back, then they leave the list again.
  mutating func removePlaces(_ places: [Place]) {
    guard !places.isEmpty else { return }
    line("save")
    for place in places { line("places remove \(place.written)") }
  }

  /// A string of the language that reads back as `text` exactly: `\"`, `\\`, `\n`, `\t`,
  /// and `\u{…}` for every other control character.
  static func quoted(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\t": quoted += "\\t"
      default:
        if String.isControl(scalar) {
          quoted += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          quoted.unicodeScalars.append(scalar)
        }
      }
    }
    return quoted + "\""
  }
}
