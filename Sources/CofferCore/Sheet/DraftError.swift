/// Why a draft could not be committed: its currency, its text and the reason.
package struct DraftError: Error, Sendable, Equatable {
  package let currency: Currency
  package let text: String
  package let reason: String

  package init(currency: Currency, text: String, reason: String) {
    self.currency = currency
    self.text = text
    self.reason = reason
  }
}
