/// A balance read from a file for `holdings import`: what `set C@PLACE AMOUNT at DATE`
/// says, with the line it came from.
package struct WrittenBalance: Sendable, Equatable {
  package let currencyIndex: Int
  package let date: CalendarDate
  package let amount: DecimalValue
  /// The place as the ledger lists it (or a new one), already resolved: a row that named
  /// none went where a write of its bare code goes.
  package let place: Place
  package let line: Int

  package init(currency: Currency, date: CalendarDate, amount: DecimalValue, place: Place = .unnamed, line: Int) {
    currencyIndex = currency.index
    self.date = date
    self.amount = amount
    self.place = place
    self.line = line
  }

  /// The catalog's currency, or a unit added in a store this process has read.
  package var currency: Currency { Currency.at(currencyIndex) ?? Catalog.all[0] }

  package var holding: Holding { Holding(currency, at: place) }

  /// Whether the two are for the same currency at the same place.
  package func isOfTheSameHolding(as other: WrittenBalance) -> Bool {
    currencyIndex == other.currencyIndex && place == other.place
  }
}

/// The balances of a file for `holdings import`, kept as 24 bytes a row rather than a
/// `WrittenBalance`'s 96: an import holds half a million of them, and its peak memory is
/// theirs. The places are numbered, an amount is its digits and scale (one of more than
/// 19 digits kept aside), and a row is read back as a `WrittenBalance`.
package struct WrittenBalances: Sendable, RandomAccessCollection {
  private struct Row {
    let currency: UInt16
    /// `digits` is an index into `wide` when this is `Row.wide`.
    let scale: UInt8
    let place: UInt32
    let day: Int32
    let line: UInt32
    let digits: UInt64
    static let wide = UInt8.max
  }

  private var rows: [Row] = []
  private var places: [Place] = []
  private var placeNumbers: [Place: UInt32] = [:]
  private var wide: [DecimalValue] = []

  package init() {}

  /// Room for `count` rows, taken at once (an array that grows copies itself).
  package mutating func reserveCapacity(_ count: Int) {
    rows.reserveCapacity(count)
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { rows.count }

  package subscript(position: Int) -> WrittenBalance {
    let row = rows[position]
    let amount =
      row.scale == Row.wide ? wide[Int(row.digits)] : DecimalValue(digits: row.digits, scale: Int(row.scale))
    return WrittenBalance(
      currency: Currency.at(Int(row.currency)) ?? Catalog.all[0], date: CalendarDate(dayNumber: Int(row.day)) ?? .first,
      amount: amount, place: places[Int(row.place)], line: Int(row.line))
  }

  /// The day number of a row's date, read without the rest of it.
  package func dayNumber(_ position: Int) -> Int {
    Int(rows[position].day)
  }

  /// The currency index of a row, read without the rest of it.
  package func currencyIndex(_ position: Int) -> Int {
    Int(rows[position].currency)
  }

  /// Whether a row goes to the unnamed place, read without the rest of it.
  package func isAtTheUnnamedPlace(_ position: Int) -> Bool {
    places[Int(rows[position].place)].isUnnamed
  }

  /// Whether the two rows are for the same currency at the same place.
  package func areOfTheSameHolding(_ first: Int, _ second: Int) -> Bool {
    rows[first].currency == rows[second].currency && rows[first].place == rows[second].place
  }

  package mutating func append(_ balance: WrittenBalance) {
    let place: UInt32
    if let number = placeNumbers[balance.place] {
      place = number
    } else {
      place = UInt32(places.count)
      places.append(balance.place)
      placeNumbers[balance.place] = place
    }
    let amount = balance.amount
    let fits = amount.coefficient >= 0 && amount.coefficient <= Int128(UInt64.max) && amount.scale < Int(Row.wide)
    if !fits { wide.append(amount) }
    rows.append(
      Row(
        currency: UInt16(balance.currencyIndex), scale: fits ? UInt8(amount.scale) : Row.wide, place: place,
        day: Int32(balance.date.dayNumber), line: UInt32(balance.line),
        digits: fits ? UInt64(amount.coefficient) : UInt64(wide.count - 1)))
  }

  /// Puts the rows in the order `positions` gives (each row's position now), in place:
  /// a copy of half a million rows would double the memory they take.
  package mutating func reorder(_ positions: [Int]) {
    var placed = [Bool](repeating: false, count: rows.count)
    for start in rows.indices where !placed[start] {
      // Follows the cycle through `start`: each slot takes the row that goes there.
      let first = rows[start]
      var slot = start
      while true {
        placed[slot] = true
        let from = positions[slot]
        if from == start {
          rows[slot] = first
          break
        }
        rows[slot] = rows[from]
        slot = from
      }
    }
  }
}
