import CofferCore
import CofferText
import Foundation

/// Completion of the commands given to `-c` on the command line, for the shells'
/// completion scripts (argument-parser calls back into `coffer` for them): what Tab
/// offers at Coffer's own prompt, read from the same command table.
package enum CommandLineCompletion {
  /// Each way the text typed so far can be completed, as the whole text would then
  /// read: `to` gives `total`, `set us` gives `set USD`.
  /// A shell may hand the text over with the quote it was opened with (`'set us`): the
  /// quote is kept on the answers.
  package static func commands(completing typed: String) -> [String] {
    if let quote = typed.first, quote == "'" || quote == "\"" {
      return commands(completing: String(typed.dropFirst())).map { String(quote) + $0 }
    }
    let environment = ProcessInfo.processInfo.environment
    let completer = Completer(
      sheetOpen: false, variables: [], local: Catalog.cny, folder: FileManager.default.currentDirectoryPath,
      names: NameLanguage.from(environment: environment))
    let completion = completer.complete(typed)
    let kept = String(typed.dropLast(completion.replacing))
    return completion.candidates.map { kept + $0 }
  }
}
