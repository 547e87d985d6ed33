import CofferCore
import CofferScript
import CofferText
import Foundation
import LineEditing

/// What Tab offers where the cursor stands, read from the command's grammar in
/// `CommandTable`: command names first; then the keywords, currency codes (with their
/// names), options and `--format` values the grammar takes next; `$variables`; currency
/// codes inside a call; places after `CODE@`; file paths where a path goes. Units added
/// with `units add` complete as the catalog's do.
struct Completer {
  let variables: [String]
  let sheetOpen: Bool
  /// The local currency: it has no field in the sheet.
  let local: Currency
  let folder: String
  /// The language of the names that describe currencies (and that typed text may match).
  let names: NameLanguage
  /// The catalog's units, then those the store added.
  let units: [Currency]
  /// The store's places, as first written.
  let places: [Place]

  init(interpreter: Interpreter) {
    self.init(
      sheetOpen: interpreter.isSheetOpen, variables: interpreter.context.variables.keys.sorted(),
      local: interpreter.ledger.portfolio.local, folder: FileManager.default.currentDirectoryPath,
      names: interpreter.output.names, units: interpreter.ledger.units, places: interpreter.ledger.places)
  }

  init(
    sheetOpen: Bool, variables: [String], local: Currency, folder: String, names: NameLanguage,
    units: [Currency] = Catalog.all, places: [Place] = []
  ) {
    self.sheetOpen = sheetOpen
    self.variables = variables
    self.local = local
    self.folder = folder
    self.names = names
    self.units = units
    self.places = places
  }

  func complete(_ before: String) -> LineEditor.Completion {
    // Only the statement being typed matters: the text after the last ';' outside a
    // string, as the line is split when it runs.
    let typed = Array(before.utf8)
    let statement = String(decoding: typed[LineScanner.startOfLastStatement(typed)...], as: UTF8.self)
    let endsInBlank = statement.last == " " || statement.last == "\t"
    let current = endsInBlank ? "" : String(statement.split(whereSeparator: { $0 == " " || $0 == "\t" }).last ?? "")
    let typedBefore = String(statement.dropLast(current.count))
    let line = LogicalLine(source: "completion", line: 1, bytes: Array(typedBefore.utf8))
    let parser = Parser(line: line, segment: .init(start: 0, end: line.bytes.count))
    let tokens = parser.tokens

    // Inside a call the word starts after '(' or ','; a call's arguments are codes.
    if let opener = current.lastIndex(where: { $0 == "(" || $0 == "," }) {
      return currencies(String(current[current.index(after: opener)...]))
    }
    let depth = tokens.reduce(0) { $0 + ($1.isSymbol("(") ? 1 : $1.isSymbol(")") ? -1 : 0) }
    if depth > 0 { return currencies(current) }
    if current.hasPrefix("$") {
      let prefix = current.dropFirst()
      let matches = variables.filter { $0.hasPrefix(prefix) }.map { "$" + $0 }
      return LineEditor.Completion(replacing: current.count, candidates: matches)
    }
    guard let first = tokens.first?.word else {
      guard tokens.isEmpty else { return LineEditor.Completion(replacing: current.count, candidates: []) }
      return commandNames(current)
    }
    // A subcommand's name (`rates set`) is offered with what the bare command takes.
    var subcommands: [String] = []
    if tokens.count == 1 {
      subcommands = CommandTable.entries.filter { $0.words.count == 2 && $0.words[0] == first.lowercasedWord }
        .map { $0.words[1] }
    }
    guard let entry = CommandTable.entry(named: first, then: tokens.dropFirst().first?.word, sheetOpen: sheetOpen),
      CommandTable.fits(entry, sheetOpen: sheetOpen)
    else {
      // In the sheet a currency code takes a draft: nothing to offer.
      return LineEditor.Completion(replacing: current.count, candidates: [])
    }
    if tokens.last.map({ if case .option("format") = $0.kind { true } else { false } }) == true {
      // The command's own formats where it has them (`rates export --format ledger`).
      let all = entry.options.first { $0.name == "format" }?.values ?? OutputFormat.allCases.map(\.rawValue)
      let formats = all.filter { $0.hasPrefix(current.lowercased()) }
      return LineEditor.Completion(replacing: current.count, candidates: formats)
    }
    if tokens.last.map({ if case .option("in") = $0.kind { true } else { false } }) == true {
      return currencies(current)
    }
    if current.hasPrefix("-") {
      let given = Set(tokens.compactMap { if case .option(let name) = $0.kind { name } else { nil } })
      let options = entry.options.map(\.name).filter { !given.contains($0) }.map { "--" + $0 }
      return LineEditor.Completion(replacing: current.count, candidates: options.filter { $0.hasPrefix(current) })
    }
    var rest = Parser(line: line, segment: .init(start: 0, end: line.bytes.count))
    for _ in entry.words { _ = rest.advance() }
    let expected = StatementReader.expectations(after: rest, grammar: entry.grammar)
    var keywords = subcommands
    var offersCurrencies = false
    var offersFiles = false
    for grammar in expected {
      switch grammar {
      case .keyword(let word): keywords.append(word)
      case .argument(let slot):
        switch slot.kind {
        case .currency: offersCurrencies = true
        case .word(let completing):
          keywords += completing
        case .path:
          // The path typed so far: everything after the command's words.
          let typed = String(decoding: Array(statement.utf8).dropFirst(rest.consumedEnd), as: UTF8.self)
          return paths(String(typed.drop(while: { $0 == " " || $0 == "\t" })))
        case .file: offersFiles = true
        default: break
        }
      default: break
      }
    }
    if entry.name == "help" && tokens.count == 1 {
      return LineEditor.Completion(
        replacing: current.count, candidates: CommandTable.names().filter { $0.hasPrefix(current.lowercased()) })
    }
    let keywordMatches = keywords.filter { $0.hasPrefix(current.lowercased()) }
    // A keyword that fits (`from`) goes before any currency found by a word of its name.
    var completion =
      offersCurrencies
      ? currencies(current, byName: keywordMatches.isEmpty)
      : LineEditor.Completion(replacing: current.count, candidates: [])
    completion.candidates = keywordMatches + completion.candidates
    // A file path may stand here too (`backup FILE`, `rates export … FILE`).
    if offersFiles { completion.candidates += paths(current).candidates }
    return completion
  }

  /// Command names that fit where the session stands; in the sheet, currency codes too.
  private func commandNames(_ word: String) -> LineEditor.Completion {
    let lowered = word.lowercased()
    var matches = CommandTable.names(sheetOpen: sheetOpen).filter { $0.hasPrefix(lowered) }
    var descriptions: [String: String] = [:]
    if sheetOpen {
      let codes = currencies(word)
      matches += codes.candidates
      descriptions = codes.descriptions
    }
    return LineEditor.Completion(replacing: word.count, candidates: matches, descriptions: descriptions)
  }

  /// Currency codes starting with `prefix` (any case); failing that, the codes of the
  /// currencies whose English name (a word of it) starts with it or whose Chinese name
  /// holds it (`swiss` and `瑞士` complete to CHF). Each is described by its names, the
  /// locale's first. In the sheet, not the local currency, which has no field.
  func currencies(_ prefix: String, byName: Bool = true) -> LineEditor.Completion {
    if let at = prefix.firstIndex(of: "@") { return holdings(prefix, at: at) }
    let upper = prefix.uppercased()
    let fits = { (currency: Currency) in !(self.sheetOpen && currency == self.local) }
    var matches = units.filter { $0.code.hasPrefix(upper) && fits($0) }
    if matches.isEmpty && byName { matches = units.filter { $0.matches(prefix) && fits($0) } }
    var descriptions: [String: String] = [:]
    for currency in matches {
      descriptions[currency.code] =
        names.isChinese
        ? "\(currency.name(in: names)) \(currency.englishName)" : "\(currency.englishName) \(currency.chineseName)"
    }
    return LineEditor.Completion(replacing: prefix.count, candidates: matches.map(\.code), descriptions: descriptions)
  }

  /// `CODE@` and the start of a place: the places whose name starts with it, ignoring case,
  /// each written as a script takes it (quoted when it is not a place word).
  private func holdings(_ typed: String, at: String.Index) -> LineEditor.Completion {
    let code = typed[..<at].uppercased()
    guard units.contains(where: { $0.code == code }) else {
      return LineEditor.Completion(replacing: typed.count, candidates: [])
    }
    let start = typed[typed.index(after: at)...].lowercased().trimmingPrefix("\"")
    let candidates = places.filter { $0.name.lowercased().hasPrefix(start) }.map {
      code + "@" + PlaceWord.written($0.name)
    }
    return LineEditor.Completion(replacing: typed.count, candidates: candidates)
  }

  /// Files and folders (with a trailing '/') that complete a typed path.
  func paths(_ typed: String) -> LineEditor.Completion {
    let expanded = typed.hasPrefix("~/") ? CommandContext.homeFolder + typed.dropFirst(1) : typed
    let slash = expanded.lastIndex(of: "/")
    let directoryPart = slash.map { String(expanded[...$0]) } ?? ""
    let namePrefix = slash.map { String(expanded[expanded.index(after: $0)...]) } ?? expanded
    let directory = directoryPart.hasPrefix("/") ? directoryPart : folder + "/" + directoryPart
    // What the person typed before the name (kept as typed, '~' and all).
    let typedDirectory = String(typed.dropLast(namePrefix.count))
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return LineEditor.Completion(replacing: typed.count, candidates: [])
    }
    let matches = names.filter { $0.hasPrefix(namePrefix) && (!$0.hasPrefix(".") || namePrefix.hasPrefix(".")) }
      .sorted()
    let candidates = matches.map { name -> String in
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: directory + name, isDirectory: &isDirectory)
      return typedDirectory + name + (isDirectory.boolValue ? "/" : "")
    }
    return LineEditor.Completion(replacing: typed.count, candidates: candidates)
  }
}
