/// The translations of one language, by message: what a `.po` catalog says, read into a
/// dictionary once so that each message after that is one lookup.
struct MessageCatalog: Sendable {
  /// Each translated message's forms (one, or one per plural form), by `POEntry.key`.
  private let forms: [String: [String]]

  /// The translations among `entries`: the header, fuzzy entries and entries not (or
  /// not wholly) translated are left out, so those messages stay English, as gettext's
  /// own tools do.
  init(_ entries: [POEntry]) {
    var forms: [String: [String]] = [:]
    forms.reserveCapacity(entries.count)
    for entry in entries where !entry.isHeader && !entry.isFuzzy && !entry.translations.contains(where: \.isEmpty) {
      forms[entry.key] = entry.translations
    }
    self.forms = forms
  }

  /// The catalog in `source`, a `.po` file's bytes; an empty catalog (every message in
  /// English) when it cannot be read: the tests read the same bytes and fail on it, so
  /// this is only a shield against a catalog that was never tested.
  init(source: some Collection<UInt8>) {
    self.init((try? POReader.entries(source)) ?? [])
  }

  /// The translation of `id`, or nil when the catalog has none.
  func translation(_ id: String) -> String? {
    forms[id]?.first
  }

  /// The translation of the plural message `id` in plural form `form`, or nil when the
  /// catalog has none; the last form when the catalog has fewer.
  func translation(_ id: String, form: Int) -> String? {
    guard let forms = forms[id], let last = forms.last else { return nil }
    return form < forms.count ? forms[form] : last
  }
}
