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
  /// where they come.
  mutating func addRules(maxAge: Int, maxJump: DecimalValue, pegs: Pegs, accepted: Set<AcceptedRate>) {
    if maxAge != StoredSettings.defaultMaxAge { line("rates max-age \(maxAge)") }
    if maxJump != RateChecker.Rules.defaultMaxJump { line("rates max-jump \(maxJump)") }
    for peg in pegs.all { line("rates peg " + peg.statement) }
    self.accepted = accepted
  }

  /// The rates and quotes recorded on one day.
  mutating func add(day: CalendarDate, rates: [Rate], quotes: [Quote]) {
    // One line per source: most days have one.
    var sources: [String] = []
    for rate in rates where !sources.contains(rate.source) { sources.append(rate.source) }
    for source in sources {
      let ofSource = rates.filter { $0.source == source }
      let pairs = ofSource.map { "\($0.currency.code) \($0.perEuro)" }
      let accept = ofSource.contains { rate in
        accepted.contains(
          AcceptedRate(unit: rate.currency, base: Catalog.eur, day: day.dayNumber, source: source))
      }
      line(
        "rates record at \(day) source \(Self.quoted(source)) " + pairs.joined(separator: " ")
          + (accept ? " --accept" : ""))
    }
    for quote in quotes {
      let accept = accepted.contains(
        AcceptedRate(unit: quote.currency, base: quote.quotedIn, day: day.dayNumber, source: quote.source))
      line(
        "rates quote \(quote.currency.code) \(quote.value) \(quote.quotedIn.code) at \(day) source "
          + Self.quoted(quote.source) + (accept ? " --accept" : ""))
    }
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
