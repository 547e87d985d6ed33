/// The language of the currency names a person reads: the catalog's English names, or
/// its Chinese ones (中文名) when the locale names Chinese. Only names follow the locale:
/// messages stay English.
package enum NameLanguage: Sendable, Equatable {
  case english
  case chinese

  /// The language the environment asks for, as POSIX ranks the variables for messages:
  /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`, the first that is set and not empty.
  /// `zh`, `zh_CN.UTF-8`, `zh_TW`, `zh_HK.UTF-8@…` are Chinese, whether or not that
  /// locale is installed on the machine (only the name is read).
  package static func from(environment: [String: String]) -> NameLanguage {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    guard value.hasPrefix("zh") else { return .english }
    let rest = value.dropFirst(2)
    return rest.isEmpty || rest.first == "_" || rest.first == "." || rest.first == "@" ? .chinese : .english
  }
}

extension Currency {
  /// The currency's name in `language`.
  package func name(in language: NameLanguage) -> String {
    language == .chinese ? chineseName : englishName
  }

  /// Whether `query` picks this currency out: its code, the start of its code or of a
  /// word of its English name (any letter case), or part of its Chinese name. Blanks
  /// around the query are ignored.
  package func matches(_ query: String) -> Bool {
    let wanted = query.trimmingBlanks.lowercased()
    guard !wanted.isEmpty else { return false }
    if code.lowercased().hasPrefix(wanted) { return true }
    let english = englishName.lowercased()
    if english.hasPrefix(wanted) || english.contains(" " + wanted) { return true }
    return chineseName.contains(wanted)
  }
}
