/// One entry of a gettext catalog: a message, its plural when it has one, and what
/// translators wrote for it.
struct POEntry: Sendable, Equatable {
  /// `msgctxt`: tells apart two messages written alike that translate differently.
  var context: String?
  /// `msgid`: the English text, as the program passes it. Empty for the catalog's header.
  var id: String
  /// `msgid_plural`: the English text for counts other than one.
  var idPlural: String?
  /// `msgstr`, or `msgstr[0]`, `msgstr[1]` … in order: one per plural form of the language.
  var translations: [String]
  /// Marked `#, fuzzy`: a guess waiting for a translator, which gettext does not use.
  var isFuzzy = false
  /// The line of the catalog where the entry's `msgid` is, for messages about it.
  var line: Int

  /// The header entry (`msgid ""`), which holds the catalog's settings, not a message.
  var isHeader: Bool { id.isEmpty && context == nil }

  /// The key gettext looks a message up by: the context and the id joined by EOT (U+0004).
  var key: String { context.map { $0 + "\u{4}" + id } ?? id }
}
