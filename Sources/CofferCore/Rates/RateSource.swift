/// Where `rates fetch` goes: a named URL, and optionally the only currencies to take from
/// it (so a source that covers every currency can fill in just what others lack).
package struct RateSource: Sendable, Equatable {
  package let name: String
  package let url: String
  /// Empty: every catalog currency the source has.
  package let currencies: [Currency]

  package init(name: String, url: String, currencies: [Currency]) {
    self.name = name
    self.url = url
    self.currencies = currencies
  }

  /// The sources a new store starts with: the ECB's daily reference rates, and for the
  /// 14 catalog currencies the ECB does not quote, ExchangeRate-API's open endpoint.
  package static let defaults = [
    RateSource(name: "ECB", url: "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml", currencies: []),
    RateSource(
      name: "exchangerate-api", url: "https://open.er-api.com/v6/latest/EUR",
      currencies: "MOP TWD RUB AED SAR QAR KWD PKR NPR VND KHR MNT BND RSD".split(separator: " ").compactMap {
        Catalog.currency(String($0))
      }),
  ]
}
