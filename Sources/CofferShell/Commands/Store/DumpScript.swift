import CofferCore

/// The text of `dump`: a Coffer script that recreates the store in a new one — the local
/// currency, the rates sources, the whole rates history (every rate and quote on the day
/// it was recorded, with its source), then the balance history as dated `set` lines in the
/// order entered. The same store always gives the same text, byte for byte, on the same
/// day: nothing in it depends on where it is written, and only an entry dated after the
/// day of the dump depends on that day (it is written `--ahead`).
struct DumpScript {
  private(set) var text = ""
  /// The day the dump is written: an entry effective after it (made by a clock that was
  /// ahead, or in a time zone already in tomorrow) is given back `--ahead`.
  let today: CalendarDate

  static let header = """
    # A Coffer dump: a script that recreates the store it was written from. Run it into a
    # new store:  coffer --db new.db dump.coffer
    # It holds the local currency, the rates sources, every rate and quote with the day it
    # was recorded and its source, and every balance with its effective date, in the order
    # they were entered (the times they were entered are not kept).

    """

  init(local: Currency, sources: [RateSource], today: CalendarDate) {
    self.today = today
    text = Self.header
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

  /// The rates and quotes recorded on one day.
  mutating func add(day: CalendarDate, rates: [Rate], quotes: [Quote]) {
    // One line per source: most days have one.
    var sources: [String] = []
    for rate in rates where !sources.contains(rate.source) { sources.append(rate.source) }
    for source in sources {
      let pairs = rates.filter { $0.source == source }.map { "\($0.currency.code) \($0.perEuro)" }
      line("rates record at \(day) source \(Self.quoted(source)) " + pairs.joined(separator: " "))
    }
    for quote in quotes {
      line(
        "rates quote \(quote.currency.code) \(quote.value) \(quote.quotedIn.code) at \(day) source "
          + Self.quoted(quote.source))
    }
  }

  /// The balances so far are written before this one would be taken for, or land
  /// among, them: a save writes its balances oldest first, one a currency and day.
  private var batch: Set<DatedKey> = []
  private var batchLatest = Int.min

  /// One journal entry, as the balance it sets on its effective date.
  mutating func add(_ entry: JournalEntry) {
    let key = DatedKey(currency: entry.currency.index, day: entry.effective.dayNumber)
    if batch.contains(key) || entry.effective.dayNumber < batchLatest {
      line("save")
      batch = []
      batchLatest = .min
    }
    batch.insert(key)
    batchLatest = max(batchLatest, key.day)
    let ahead = entry.effective > today ? " --ahead" : ""
    line("set \(entry.currency.code) \(entry.new) at \(entry.effective)\(ahead)")
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
