/// A field's text that is not a valid amount, kept on its field (marked `!`) with why,
/// until it is fixed or the sheet is cancelled.
package struct InvalidDraft: Sendable, Equatable {
  package let text: String
  package let reason: String

  package init(text: String, reason: String) {
    self.text = text
    self.reason = reason
  }
}
