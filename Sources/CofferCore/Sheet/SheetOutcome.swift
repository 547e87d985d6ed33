/// What an action did, for the view that asked to show: the rows to draw again, what
/// to say, and whether the sheet is finished.
package struct SheetOutcome: Sendable {
  /// Rows whose display changed (their amount, draft, mark or focus).
  package var changed: [SheetRowID] = []
  /// Set when rows were added (a place): every row is laid out again.
  package var relaid = false
  /// What to say about the action, if anything (see `SheetMessage.isRefusal`).
  package var message: SheetMessage?
  /// Set when the action finished the sheet.
  package var finished: Finish?

  /// How an action finished the sheet.
  package enum Finish: Sendable, Equatable {
    /// Done: every field valid and committed; the caller saves and closes.
    case done
    /// Cancelled: every commit reverted (the message names what was discarded).
    case cancelled
  }

  package init(changed: [SheetRowID] = [], message: SheetMessage? = nil, finished: Finish? = nil) {
    self.changed = changed
    self.message = message
    self.finished = finished
  }

  /// The message when the action was refused or failed.
  package var refusal: SheetMessage? {
    message.flatMap { $0.isRefusal ? $0 : nil }
  }
}
