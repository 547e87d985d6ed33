import CofferCore
import Foundation

/// What a rates file held, in one of the formats Coffer reads.
package struct RateFile: Sendable {
  package let format: String
  /// Rates of known units in euros, kept this way by the reader of the ECB's CSV
  /// history: 32 bytes each where a `QuotedRate` takes 64, for 177,000 of them.
  package let euroQuotes: [EuroQuote]
  /// Every other file's quotes.
  private let otherQuotes: [QuotedRate]
  /// Codes outside the catalog that the file held rates for, when the reader set them
  /// aside itself (the ECB history has a column per long-gone currency).
  package var unknownCodes: Set<String> = []
  /// For a zip: its other entries, which are not rates files (a README, say).
  package var passedOver: [String] = []

  package init(format: String, quotes: [QuotedRate], unknownCodes: Set<String> = []) {
    self.format = format
    self.euroQuotes = []
    self.otherQuotes = quotes
    self.unknownCodes = unknownCodes
  }

  package init(format: String, euroQuotes: [EuroQuote], unknownCodes: Set<String> = []) {
    self.format = format
    self.euroQuotes = euroQuotes
    self.otherQuotes = []
    self.unknownCodes = unknownCodes
  }

  /// The file's quotes, whichever way they are kept.
  package var quotes: [QuotedRate] {
    euroQuotes.isEmpty ? otherQuotes : euroQuotes.map(\.quotedRate)
  }

  /// Whether the file held no quote.
  package var isEmpty: Bool { euroQuotes.isEmpty && otherQuotes.isEmpty }
}

/// A rate of a known unit (the catalog's, or one the store added) in euros, on a date.
package struct EuroQuote: Sendable, Equatable {
  package let value: DecimalValue
  package let date: CalendarDate
  private let index: Int32

  package init(value: DecimalValue, date: CalendarDate, currency: Currency) {
    self.value = value
    self.date = date
    self.index = Int32(currency.index)
  }

  /// The index came from a `Currency`, which this process knows for good (`AddedUnits`
  /// never forgets a code): the lookup cannot fail.
  package var currency: Currency { Currency.at(Int(index)) ?? Catalog.eur }

  package var quotedRate: QuotedRate { QuotedRate(date: date, code: currency.code, base: "EUR", value: value) }
}
