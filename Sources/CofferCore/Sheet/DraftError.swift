/// Why a draft could not be committed: its holding, its text and the reason.
package struct DraftError: Error, Sendable, Equatable {
  package let holding: Holding
  package let text: String
  package let reason: String

  package init(holding: Holding, text: String, reason: String) {
    self.holding = holding
    self.text = text
    self.reason = reason
  }

  package init(currency: Currency, text: String, reason: String) {
    self.init(holding: Holding(currency), text: text, reason: reason)
  }

  package var currency: Currency { holding.currency }
}
