import CofferCore
import Foundation
import LineEditing

/// What Tab offers: command names first, currency codes (with their names) after them,
/// `$variables`, and file paths after `source` and `rates import`.
struct Completer {
  let commands: [String]
  let variables: [String]
  let sheetOpen: Bool
  let folder: String

  init(interpreter: Interpreter) {
    let open = interpreter.isSheetOpen
    sheetOpen = open
    let topLevel = CommandHelp.all.flatMap { [$0.name] + $0.aliases }
    commands = open ? topLevel.filter { $0 != "open" } + CommandHelp.sheet.flatMap { [$0.name] + $0.aliases } : topLevel
    variables = interpreter.variables.keys.sorted()
    folder = FileManager.default.currentDirectoryPath
  }

  func complete(_ before: String) -> LineEditor.Completion {
    // Only the statement being typed matters: the text after the last ';'.
    let statement = before.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? before
    let words = statement.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let endsInBlank = statement.last == " " || statement.last == "\t"
    let current = endsInBlank ? "" : (words.last ?? "")
    let previous = endsInBlank ? words : Array(words.dropLast())
    let first = previous.first?.lowercased()

    if first == "source" || (first == "rates" && previous.dropFirst().first?.lowercased() == "import") {
      let typedPath = String(statement.drop(while: { $0 == " " }).dropFirst(previous.joined(separator: " ").count))
        .drop(while: { $0 == " " })
      return paths(String(typedPath))
    }
    // Inside a call the word starts after '(' or ','.
    var word = Substring(current)
    if let opener = word.lastIndex(where: { $0 == "(" || $0 == "," }) {
      word = word[word.index(after: opener)...]
      return currencies(String(word))
    }
    if word.hasPrefix("$") {
      let prefix = word.dropFirst()
      let matches = variables.filter { $0.hasPrefix(prefix) }.map { "$" + $0 }
      return LineEditor.Completion(replacing: word.count, candidates: matches)
    }
    if previous.isEmpty {
      let lowered = word.lowercased()
      var matches = commands.filter { $0.hasPrefix(lowered) }
      var descriptions: [String: String] = [:]
      if sheetOpen {
        let codes = currencies(String(word))
        matches += codes.candidates
        descriptions = codes.descriptions
      }
      return LineEditor.Completion(replacing: word.count, candidates: matches, descriptions: descriptions)
    }
    var completion = currencies(String(word))
    let keywords: [String] =
      switch first {
      case "clear": previous.count == 1 ? ["all"] : []
      case "show": ["all"]
      case "rates": previous.count == 1 ? ["set", "import", "fetch"] : []
      case "convert": previous.count == 3 ? ["to"] : []
      case "help": CommandHelp.names
      default: []
      }
    let extra = keywords.filter { $0.hasPrefix(word.lowercased()) }
    if first == "help" { completion.candidates = [] }
    completion.candidates = extra + completion.candidates
    return completion
  }

  /// Currency codes starting with `prefix` (any case), described by their names.
  func currencies(_ prefix: String) -> LineEditor.Completion {
    let upper = prefix.uppercased()
    let matches = Catalog.all.filter { $0.code.hasPrefix(upper) }
    var descriptions: [String: String] = [:]
    for currency in matches { descriptions[currency.code] = "\(currency.englishName) \(currency.chineseName)" }
    return LineEditor.Completion(replacing: prefix.count, candidates: matches.map(\.code), descriptions: descriptions)
  }

  /// Files and folders (with a trailing '/') that complete a typed path.
  func paths(_ typed: String) -> LineEditor.Completion {
    let expanded = typed.hasPrefix("~/") ? NSHomeDirectory() + typed.dropFirst(1) : typed
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
