import CofferCore
import Foundation
import RateFiles

/// Reads bytes as a rates file, in this process (XML and zip included, as the
/// `coffer-rates` helper reads them), imports them into a fresh in-memory store holding
/// one unit of every currency, then values everything with what was imported; also
/// decodes the bytes as the helper's answers. Nothing is printed. The rates-file fuzzing
/// harness (Tests/Fuzz, a package of its own) calls it for each input: with
/// `ConfinedRun`, it is one of the two declarations Coffer makes public.
public enum ConfinedRatesImport {
  /// The day taken as today, fixed so that a run depends on its input alone.
  private static let today = CalendarDate(year: 2026, month: 11, day: 22)

  public static func run(_ bytes: [UInt8]) {
    guard let today, let ledger = try? Ledger(location: .memory, today: today) else { return }
    for currency in Catalog.all { _ = ledger.commit(DecimalValue(1), of: currency) }
    let report = try? ledger.importRates(from: bytes, name: "fuzz", xmlAndZip: LocalXMLAndZipReader())
    _ = report?.description
    let portfolio = ledger.portfolio
    _ = portfolio.total()
    for currency in Catalog.all {
      _ = portfolio.valuation(of: currency)
      _ = try? portfolio.value(of: currency)
      _ = try? portfolio.convert(DecimalValue(1), from: currency, to: Catalog.eur)
    }
    // The rates in use on days before, inside and after any file's span.
    for day in [CalendarDate(year: 1999, month: 1, day: 4), today, CalendarDate(year: 9999, month: 12, day: 31)] {
      if let day { _ = try? ledger.rates(on: day) }
    }
    // What the helper sends back is decoded by Coffer: it must never trap on any bytes.
    let data = Data(bytes)
    _ = try? HelperWire.decodeQuotes(data)
    _ = HelperWire.decodeError(String(decoding: bytes, as: UTF8.self))
  }
}
