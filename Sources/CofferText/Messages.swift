import Synchronization

/// The language Coffer's messages are written in, chosen once for the process, and the
/// catalogs that translate them (`zh_CN.po`, `zh_TW.po`, built into the binary).
///
/// English is the messages as written in the source, so it needs no catalog: a run in
/// the C locale reads none and parses none. A Chinese catalog is parsed the first time a
/// message asks for it, once (a `static let` is initialised once, safely, on first use).
package enum Messages {
  /// English until the launcher chooses from the environment: in-process tests and tools
  /// that never choose read the English they compare against, whatever their locale.
  private static let chosen = Mutex(NameLanguage.english)

  /// The language of this process's messages.
  package static var language: NameLanguage { chosen.withLock { $0 } }

  /// Makes `language` the language of every message from now on; called once, at launch,
  /// with the language the environment names.
  package static func choose(_ language: NameLanguage) {
    chosen.withLock { $0 = language }
  }

  private static let simplified = MessageCatalog(source: PackageResources.zh_CN_po)
  private static let traditional = MessageCatalog(source: PackageResources.zh_TW_po)

  /// The catalog for `language`; nil for English, which is the source's own text.
  static func catalog(_ language: NameLanguage) -> MessageCatalog? {
    switch language {
    case .english: nil
    case .simplifiedChinese: simplified
    case .traditionalChinese: traditional
    }
  }

  /// `message` in `language`, its placeholders filled from `values`. A message the
  /// catalog lacks is shown in English rather than not at all (the tests see that none is).
  package static func text(
    _ message: String, _ values: KeyValuePairs<String, String> = [:], in language: NameLanguage
  ) -> String {
    let template = catalog(language)?.translation(message) ?? message
    return values.isEmpty ? template : Placeholders.filling(template) { name in values.first { $0.key == name }?.value }
  }

  /// The form of `singular`/`plural` that `count` takes in `language`, with `{count}` and
  /// the placeholders of `values` filled. English has two forms (one, and every other
  /// count); Chinese one, as its catalogs' `Plural-Forms: nplurals=1; plural=0;` say.
  package static func text(
    _ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:],
    in language: NameLanguage
  ) -> String {
    let english = count == 1 ? singular : plural
    let template =
      switch language {
      case .english: english
      case .simplifiedChinese, .traditionalChinese: catalog(language)?.translation(singular, form: 0) ?? english
      }
    let number = String(count)
    return Placeholders.filling(template) { name in
      name == "count" ? number : values.first { $0.key == name }?.value
    }
  }
}
