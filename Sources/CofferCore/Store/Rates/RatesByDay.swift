/// Rates to record, grouped by day: what `RateDayTable.record` writes. Built one rate at
/// a time, so that an import of the ECB history (177,000 rates) goes from its file's
/// quotes to these days without holding every rate as a `Rate` in between; a later rate
/// of the same currency and day replaces an earlier one.
package struct RatesByDay {
  /// One day's new rates and quotes.
  struct Day {
    var day: Int
    var rates: [NewRate]
    var quotes: [RateSnapshot.HeldQuote] = []
  }

  /// A new rate as its day holds it (its date is the day's): 32 bytes rather than the
  /// 80 of a `Rate`.
  struct NewRate {
    var perEuro: DecimalValue
    var currency: Int32
    /// The source's number in `sources`.
    var source: Int32
  }

  /// The days in the order they were first given; the open day's rates are in `open`.
  private var givenDays: [Day] = []
  /// The rates of the day being added to (`givenDays[position]`), kept apart so that
  /// adding a rate changes one array rather than an array inside an array.
  private var open: [NewRate] = []
  /// The names of the rates' sources, numbered in `NewRate.source` and `HeldQuote.source`.
  private(set) var sources = SourceNames()
  /// How many rates were added (replaced ones included).
  package private(set) var count = 0
  /// The rates given in another base than the euro, as given (1 base = value of the
  /// unit), by `asQuotedKey`: what the rules judge them by, and what a dump writes.
  /// Empty for the ECB's files.
  package private(set) var asQuoted: [Int: (base: Currency, value: DecimalValue)] = [:]

  /// A rate's key in `asQuoted`: its day, currency and source (a day may have several).
  static func asQuotedKey(day: Int, currency: Int, source: Int) -> Int {
    (day * Currency.indexCount + currency) << 16 | source
  }

  /// Rates a later one of another source replaced on their own day (a dump gives each
  /// source of a day in turn): kept, as an import over them keeps them (SPEC §12).
  private(set) var replaced: [(day: Int, rate: NewRate)] = []

  /// Notes that the rate of `currency` on `date` was given as 1 `base` = `value`
  /// `currency` (the file's base is not the euro). EUR's own value in that base is noted
  /// too: it is what turned the others into euros.
  package mutating func noteAsQuoted(
    _ currency: Currency, on date: CalendarDate, source: String, base: Currency, value: DecimalValue
  ) {
    let number = sources.number(of: source)
    asQuoted[Self.asQuotedKey(day: date.dayNumber, currency: currency.index, source: number)] = (base, value)
  }

  private var positions: [Int: Int] = [:]
  private var position = -1
  private var lastDate: CalendarDate?
  private var lastSource = (name: "", number: Int32(-1))
  /// Where each currency's rate sits in the open day's list, or -1: a day of 41 rates
  /// would otherwise search its list 41 times.
  private var slotOfCurrency = [Int](repeating: -1, count: Currency.indexCount)
  private var currencyGiven = [Bool](repeating: false, count: Currency.indexCount)

  /// The days in the order they were first given.
  var days: [Day] {
    guard position >= 0 else { return givenDays }
    var days = givenDays
    days[position].rates = open
    return days
  }

  package init() {}

  /// `rates` and `quotes` grouped by day. Files list a day's rates together, so a day is
  /// looked up only when the date changes, and given room for its run of rates.
  package init(_ rates: [Rate], quotes: [Quote] = []) {
    for (offset, rate) in rates.enumerated() {
      add(rate.currency, perEuro: rate.perEuro, date: rate.date, source: rate.source) {
        var run = 1
        while offset + run < rates.count, run < Catalog.count, rates[offset + run].date == rate.date { run += 1 }
        return run
      }
    }
    // Quotes are few (typed one at a time): looked up plainly.
    for quote in quotes {
      let day = quote.date.dayNumber
      let held = RateSnapshot.HeldQuote(
        currency: quote.currency.index, quotedIn: quote.quotedIn.index, value: quote.value, day: day,
        source: sources.number(of: quote.source))
      if let known = positions[day] {
        givenDays[known].quotes.removeAll { $0.pair == held.pair }
        givenDays[known].quotes.append(held)
      } else {
        givenDays.append(Day(day: day, rates: [], quotes: [held]))
        positions[day] = givenDays.count - 1
      }
    }
  }

  /// Adds a rate. `room` is asked, only when `date` is a day not seen before, how many
  /// rates that day may have: an import of 7,000 days would otherwise make room for 41
  /// each and touch megabytes it never fills.
  package mutating func add(
    _ currency: Currency, perEuro: DecimalValue, date: CalendarDate, source: String,
    room: () -> Int = { Catalog.count }
  ) {
    if date != lastDate { openDay(date, room: room) }
    if source != lastSource.name || lastSource.number < 0 {
      lastSource = (source, Int32(sources.number(of: source)))
    }
    let index = currency.index
    let rate = NewRate(perEuro: perEuro, currency: Int32(index), source: lastSource.number)
    let slot = slotOfCurrency[index]
    if slot >= 0 {
      if open[slot].source != rate.source, let day = lastDate?.dayNumber { replaced.append((day, open[slot])) }
      open[slot] = rate
    } else {
      slotOfCurrency[index] = open.count
      open.append(rate)
    }
    currencyGiven[index] = true
    count += 1
  }

  /// Puts the open day's rates back in its place and opens `date`'s day, known or new.
  private mutating func openDay(_ date: CalendarDate, room: () -> Int) {
    if position >= 0 {
      for rate in open { slotOfCurrency[Int(rate.currency)] = -1 }
      givenDays[position].rates = open
    }
    let day = date.dayNumber
    if let known = positions[day] {
      position = known
      // Taken out, so that `open` is the only owner of its storage.
      open = givenDays[position].rates
      givenDays[position].rates = []
      for (slot, rate) in open.enumerated() { slotOfCurrency[Int(rate.currency)] = slot }
    } else {
      open = []
      open.reserveCapacity(min(max(room(), 1), Catalog.count))
      givenDays.append(Day(day: day, rates: []))
      position = givenDays.count - 1
      positions[day] = position
    }
    lastDate = date
  }

  /// How many currencies have a rate.
  package var currencyCount: Int { currencyGiven.lazy.filter { $0 }.count }

  /// How many days have a rate.
  package var dayCount: Int { days.lazy.filter { !$0.rates.isEmpty }.count }

  /// The rates as `Rate`s, the days in the order they were first given: for tests.
  package var allRates: [Rate] {
    days.flatMap { day in
      day.rates.map { rate in
        Rate(
          currency: Currency.at(Int(rate.currency)) ?? Catalog.eur, perEuro: rate.perEuro,
          date: CalendarDate(dayNumber: day.day)!,
          source: sources.name(Int(rate.source)))
      }
    }
  }

  /// The days, oldest first.
  var sortedDays: [Day] { days.sorted { $0.day < $1.day } }
}
