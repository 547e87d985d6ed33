/// The language a person reads Coffer in: English, or Chinese in Simplified or
/// Traditional script, as the locale names it. Currency names follow it (the catalog's
/// English, Simplified or Traditional names), and so do messages (see CofferShell's
/// `Messages`); what programs read does not.
package enum NameLanguage: Sendable, Equatable {
  case english
  /// zh, zh_CN, zh_SG and every other Chinese locale that names no Traditional script
  /// or place.
  case simplifiedChinese
  /// zh_TW, zh_HK, zh_MO and the zh_Hant forms: where Traditional characters are written.
  case traditionalChinese

  /// Whether this is Chinese in either script.
  package var isChinese: Bool { self != .english }

  /// The language the environment asks for, as POSIX ranks the variables for messages:
  /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`, the first that is set and not empty
  /// (`LANGUAGE` is GNU gettext's own and not read). Only the name is read, so the
  /// locale need not be installed on the machine.
  package static func from(environment: [String: String]) -> NameLanguage {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    return named(value)
  }

  /// The language of a locale name such as `zh_TW.UTF-8`, `zh_Hant_HK`, `zh-Hans` or
  /// `zh@stroke`: Chinese when it is `zh` or starts with `zh` and a separator; Traditional
  /// when its script is Hant, or it has no script and its place is Taiwan, Hong Kong or
  /// Macau; Simplified otherwise. A script named wins over the place (`zh_Hans_HK` is
  /// Simplified), as in BCP 47.
  package static func named(_ locale: String) -> NameLanguage {
    guard locale.hasPrefix("zh") else { return .english }
    let rest = locale.dropFirst(2)
    guard let separator = rest.first else { return .simplifiedChinese }
    guard "_-.@".contains(separator) else { return .english }
    // The codeset (.UTF-8) and modifier (@stroke) say nothing of the script.
    let parts = rest.prefix { $0 != "." && $0 != "@" }.split { $0 == "_" || $0 == "-" }.map { $0.uppercased() }
    if parts.contains("HANT") { return .traditionalChinese }
    if parts.contains("HANS") { return .simplifiedChinese }
    return parts.contains { ["TW", "HK", "MO"].contains($0) } ? .traditionalChinese : .simplifiedChinese
  }
}
