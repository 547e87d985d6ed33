import CofferCore
import CofferText
import Foundation

extension Ledger {
  /// Imports a rates file: read (XML and zip archives by `xmlAndZip`, the coffer-rates
  /// helper unless told otherwise), converted to the euro pivot, then stored by the
  /// ledger in one transaction, which reloads the rates in use. `shouldStop` is asked
  /// along the way (the shell answers whether a signal is pending): once it is true the
  /// import ends with `.interrupted` and the stored rates are as they were. With `only`,
  /// just those currencies' rates are taken (a fetch source's list); the others are
  /// counted as left out. Rows for units the store added (`units add`) are taken as the
  /// catalog's are; codes it does not know are skipped.
  package func importRates(
    from data: [UInt8], name: String, xmlAndZip: some XMLAndZipReader = RatesHelper(), only: [Currency] = [],
    accept: Bool = false, shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil
  ) throws(ImportError) -> ImportReport {
    let format: String
    let passedOver: [String]
    let pivoted: RateImport.Pivoted
    do {
      // The file's quotes are let go once pivoted: only the rates by day are kept.
      let units = KnownUnits(added: addedUnits)
      let file = try RateFileReader.read(Data(data), name: name, xmlAndZip: xmlAndZip, units: units)
      (format, passedOver) = (file.format, file.passedOver)
      let source = format.hasPrefix("ECB") ? "ECB" : format.hasPrefix("ExchangeRate-API") ? "ExchangeRate-API" : name
      pivoted = try RateImport.pivot(file, source: source, only: only, units: units)
    } catch {
      // A helper killed by the stop fails its read: the stop is what to report.
      throw shouldStop() ? .interrupted : .file(error)
    }
    if shouldStop() { throw .interrupted }
    let stored: StoredImport
    do {
      stored = try storeImportedRates(pivoted.rates, accept: accept, shouldStop: shouldStop, progress: progress)
    } catch {
      throw .store(error)
    }
    switch stored {
    case .stopped: throw .interrupted
    case .refused(let findings): throw .refused(findings)
    case .stored(let changed, let accepted):
      return ImportReport(
        format: format, rates: pivoted.rates.count, currencies: pivoted.rates.currencyCount,
        days: pivoted.rates.dayCount, changed: changed, skipped: pivoted.skipped, leftOut: pivoted.leftOut,
        passedOver: passedOver, accepted: accepted.count)
    }
  }
}

/// Why an import failed; nothing was stored.
package enum ImportError: Error, Sendable, CustomStringConvertible {
  case file(RateFileError)
  case store(StoreError)
  /// Stopped when asked (a signal, in the shell); nothing was imported.
  case interrupted
  /// The rules of SPEC §12 found these; nothing was imported.
  case refused([RateFinding])

  package var description: String {
    switch self {
    case .file(let error): error.description
    case .store(let error): error.description
    case .interrupted: tr("interrupted; nothing imported")
    case .refused(let findings): RateFinding.refusal(findings)
    }
  }
}
