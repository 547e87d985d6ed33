import CofferText

extension Currency {
  /// The currency's name in `language`.
  package func name(in language: NameLanguage) -> String {
    switch language {
    case .english: englishName
    case .simplifiedChinese: chineseName
    case .traditionalChinese: traditionalChineseName
    }
  }

  /// Whether `query` picks this currency out: its code, the start of its code or of a
  /// word of its English name (any letter case), or part of its Chinese name in either
  /// script (港币 and 港幣 both find HKD, whatever the locale). Blanks around the query
  /// are ignored.
  package func matches(_ query: String) -> Bool {
    let wanted = query.trimmingBlanks.lowercased()
    guard !wanted.isEmpty else { return false }
    if code.lowercased().hasPrefix(wanted) { return true }
    let english = englishName.lowercased()
    if english.hasPrefix(wanted) || english.contains(" " + wanted) { return true }
    return chineseName.contains(wanted) || traditionalChineseName.contains(wanted)
  }
}
