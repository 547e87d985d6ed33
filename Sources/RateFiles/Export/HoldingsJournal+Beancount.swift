import CofferCore

/// The journal in beancount's form:
///
///     2025-01-01 pad Assets:Coffer:Wise Equity:Coffer
///     2025-01-02 balance Assets:Coffer:Wise 1200 USD
///
/// beancount has no balance assignment. A `balance` asserts an account's balance in one
/// currency at the start of its day, and a `pad` before it adds what makes the assertion
/// hold, taken from `Equity:Coffer`: so an entry effective D is a `pad` on D and a
/// `balance` on D + 1 (which sees everything of D).
///
/// beancount refuses a `pad` that adds nothing ("Unused Pad entry") and uses one `pad` per
/// account for each currency asserted after it, so each day and account is written once:
/// of its entries the last one of each unit, the amount that stands at the end of the day,
/// with one `pad` when any of those amounts differs from the account's before, and a
/// `balance` for each. A move is its two places' pads and balances. Every account is
/// opened on the first day it is written.
extension HoldingsJournal {
  var beancountLines: [String] {
    var lines = [
      "; Coffer holdings history: each balance as a pad from Equity:Coffer on the day it took effect",
      "; and a balance assertion on the next day, in an account per place. Include the prices of",
      "; `rates export --format beancount` beside it.",
      "; An amount held since before any date is padded on the day before its unit's first price",
      "; (the local currency's, and that of a unit with no price, on \(format.firstDay)).",
      "; Places and their accounts:",
    ]
    lines += placeList
    let days = beancountDays
    var opened: [String] = []
    if let first = days.first?.date { opened.append("\(first) open Equity:Coffer") }
    var seen: Set<Place> = []
    for day in days {
      for account in day.accounts where seen.insert(account.place).inserted {
        opened.append("\(day.date) open \(accounts.account(for: account.place))")
      }
    }
    lines.append("")
    lines += opened
    var held: [Holding: DecimalValue] = [:]
    for day in days {
      // An entry on the last day Coffer knows has no next day for its assertion.
      guard let next = CalendarDate(dayNumber: day.date.dayNumber + 1) else { continue }
      for account in day.accounts {
        let name = accounts.account(for: account.place)
        lines.append("")
        lines += account.notes.map { "; " + $0 }
        let changed = account.amounts.contains { held[Holding($0.unit, at: account.place)] ?? .zero != $0.amount }
        if changed { lines.append("\(day.date) pad \(name) Equity:Coffer") }
        for (unit, amount) in account.amounts {
          lines.append("\(next) balance \(name) \(amount) \(unit.code)")
          held[Holding(unit, at: account.place)] = amount
        }
      }
    }
    return lines
  }

  /// One day's entries of one place: the amount each unit has at the end of the day, in
  /// the order the units were first written that day, and what to say of them.
  struct BeancountAccountDay {
    let place: Place
    var amounts: [(unit: Currency, amount: DecimalValue)] = []
    var notes: [String] = []
  }

  /// The entries by day, each day's by place in the order first written.
  var beancountDays: [(date: CalendarDate, accounts: [BeancountAccountDay])] {
    var days: [(date: CalendarDate, accounts: [BeancountAccountDay])] = []
    for index in entries.indices {
      let dated = entries[index]
      let entry = dated.entry
      if days.last?.date != dated.date { days.append((dated.date, [])) }
      var accounts = days[days.count - 1].accounts
      let position =
        accounts.firstIndex { $0.place == entry.place }
        ?? {
          accounts.append(BeancountAccountDay(place: entry.place))
          return accounts.count - 1
        }()
      if let unit = accounts[position].amounts.firstIndex(where: { $0.unit == entry.currency }) {
        accounts[position].amounts[unit].amount = entry.new
      } else {
        accounts[position].amounts.append((entry.currency, entry.new))
      }
      if dated.isOpening {
        accounts[position].notes.append("\(entry.currency.code) held since before any date")
      } else if let move = move(at: index) {
        let amount = (try? move.from.old - move.from.new) ?? move.from.old
        let from = move.from.place.isUnnamed ? "(no place)" : Self.quoted(move.from.place.name)
        let to = move.to.place.isUnnamed ? "(no place)" : Self.quoted(move.to.place.name)
        accounts[position].notes.append("moved \(amount) \(entry.currency.code) from \(from) to \(to)")
      }
      days[days.count - 1].accounts = accounts
    }
    return days
  }
}
