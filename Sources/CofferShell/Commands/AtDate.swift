import CofferScript
import CofferText

/// `at DATE`: the day an edit or a question is for, as every command that takes one
/// reads it (`set … at`, `total at`, `convert … at`, `open at`…).
enum AtDate {
  static let date = TypedSlot.expression(tr("DATE"), tr("a date (YYYY-MM-DD) after 'at'"))
  static let grammar = Grammar.sequence([.keyword("at"), .slot(date)])
}
