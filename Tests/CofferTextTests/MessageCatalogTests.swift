import Foundation
import Testing

@testable import CofferText

/// The catalogs against the sources: every message a `tr` call writes is translated in
/// both scripts, with the same placeholders, and the catalogs hold nothing else; and GNU
/// gettext's own checker accepts them, as translators' tools will.
@Suite struct MessageCatalogTests {
  /// The package root: the nearest folder above this file that holds Package.swift.
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      url.deleteLastPathComponent()
    }
    return url
  }()

  static let scan = MessageCallScanner.scan(folder: root.appendingPathComponent("Sources"), root: root)

  static let catalogNames = ["zh_CN", "zh_TW"]

  static func path(_ name: String) -> URL {
    root.appendingPathComponent("Sources/CofferText/\(name).po")
  }

  /// A catalog's entries, header left out.
  static func entries(_ name: String) throws -> [POEntry] {
    let data = try Data(contentsOf: path(name))
    return try POReader.entries(Array(data)).filter { !$0.isHeader }
  }

  /// The messages the sources use, by msgid: one call for each (the first found).
  static let used: [String: MessageCall] = Dictionary(scan.calls.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

  @Test func everyCallIsReadable() {
    #expect(Self.scan.problems.isEmpty, "\(Self.scan.problems.joined(separator: "\n"))")
    // Messages exist to be found, a plural among them: a scan that finds none checks nothing.
    #expect(Self.scan.calls.count >= 5)
    #expect(Self.scan.calls.contains { $0.plural != nil })
  }

  /// One message, one plural: the same msgid may not be singular in one call and plural
  /// in another, or have two plurals, since a catalog holds one entry for it.
  @Test func aMessageIsWrittenOneWay() {
    for call in Self.scan.calls {
      let first = Self.used[call.id]
      #expect(first?.plural == call.plural, "\(call) has another plural at \(first?.description ?? "")")
    }
  }

  @Test(arguments: catalogNames)
  func everyMessageIsTranslated(catalog: String) throws {
    let entries = Dictionary(try Self.entries(catalog).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    for call in Self.used.values.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
      guard let entry = entries[call.id] else {
        Issue.record("\(catalog).po has no entry for \(call)")
        continue
      }
      #expect(!entry.isFuzzy, "\(catalog).po:\(entry.line): the translation of \(call) is marked fuzzy")
      let translated = !entry.translations.contains { $0.isEmpty }
      #expect(translated, "\(catalog).po:\(entry.line): \(call) is not translated")
      #expect(entry.idPlural == call.plural, "\(catalog).po:\(entry.line): msgid_plural differs from \(call)")
      if call.plural != nil {
        // Chinese has one form for every count (Plural-Forms: nplurals=1).
        #expect(entry.translations.count == 1, "\(catalog).po:\(entry.line): one msgstr[0] wanted")
      }
    }
  }

  @Test(arguments: catalogNames)
  func translationsKeepThePlaceholders(catalog: String) throws {
    for entry in try Self.entries(catalog) {
      let wanted = Set(Placeholders.names(in: entry.id) + Placeholders.names(in: entry.idPlural ?? ""))
      for translation in entry.translations where !translation.isEmpty {
        let found = Set(Placeholders.names(in: translation))
        #expect(
          found == wanted,
          "\(catalog).po:\(entry.line): \(translation.debugDescription) has \(found.sorted()), msgid \(wanted.sorted())"
        )
      }
    }
  }

  @Test(arguments: catalogNames)
  func everyEntryIsUsed(catalog: String) throws {
    for entry in try Self.entries(catalog) {
      #expect(
        entry.context == nil && Self.used[entry.id] != nil,
        "\(catalog).po:\(entry.line): \(entry.id.debugDescription) is used by no tr call in Sources (stale)")
    }
  }

  /// Each call gives a value for every placeholder of its message, and no other (a plural
  /// gets `{count}` from its count).
  @Test func callsGiveEveryPlaceholder() {
    for call in Self.scan.calls {
      guard var keys = call.keys else { continue }
      if call.plural != nil { keys.append("count") }
      let wanted = Set(Placeholders.names(in: call.id) + Placeholders.names(in: call.plural ?? ""))
      #expect(Set(keys) == wanted, "\(call) gives \(keys.sorted()), its message has \(wanted.sorted())")
    }
  }

  @Test(arguments: catalogNames)
  func theHeaderSaysUTF8AndOneForm(catalog: String) throws {
    let header = try POReader.entries(Array(try Data(contentsOf: Self.path(catalog)))).first { $0.isHeader }
    let fields = try #require(header?.translations.first)
    #expect(fields.contains("Content-Type: text/plain; charset=UTF-8\n"))
    #expect(fields.contains("Plural-Forms: nplurals=1; plural=0;\n"))
    #expect(fields.contains("Language: \(catalog)\n"))
  }

  /// What the binary holds is the file translators edit, byte for byte.
  @Test(arguments: catalogNames)
  func theBinaryHoldsTheCatalogFile(catalog: String) throws {
    let file = Array(try Data(contentsOf: Self.path(catalog)))
    let embedded = catalog == "zh_CN" ? PackageResources.zh_CN_po : PackageResources.zh_TW_po
    #expect(embedded == file)
  }

  /// `msgfmt --check`, as translators' tools run it. Without gettext installed this
  /// fails: the catalogs would go unchecked (Scripts/setup installs it).
  @Test(arguments: catalogNames)
  func msgfmtAcceptsTheCatalog(catalog: String) throws {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    let msgfmt = (folders + ["/usr/bin", "/usr/local/bin"]).map { $0 + "/msgfmt" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    let path = try #require(msgfmt, "msgfmt (GNU gettext) is not installed; Scripts/setup installs it")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["--check", "--output-file=/dev/null", Self.path(catalog).path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "msgfmt --check \(catalog).po: \(message)")
  }
}
