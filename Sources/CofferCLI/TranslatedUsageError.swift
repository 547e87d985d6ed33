import CofferText
import Foundation

/// A usage error in a language argument-parser does not speak. argument-parser finds the
/// error and writes it in English (`fullMessage(for:)`): its sentence, a `Help:` line
/// naming the option, the usage and a pointer to `--help`. Its error kinds are not
/// public, so Coffer reads back the sentences its command line can cause and says each
/// in the reader's language; the usage and the option's help line are already written
/// from translated definitions. A sentence Coffer does not know stays as written.
enum TranslatedUsageError {
  /// `message`, argument-parser's English report of a usage error, line by line in the
  /// chosen language.
  static func text(of message: String) -> String {
    message.split(separator: "\n", omittingEmptySubsequences: false).map { translatedLine(String($0)) }
      .joined(separator: "\n")
  }

  private static func translatedLine(_ line: String) -> String {
    if line.hasPrefix("Error: ") {
      // `Error:` starts the line in every language, as `error:` does in Coffer's own
      // messages: what follows it is translated.
      return "Error: " + translatedSentence(String(line.dropFirst("Error: ".count)))
    }
    // The label's own punctuation and spacing: "Usage: " in English, "用法：" in Chinese.
    if line.hasPrefix("Help: ") { return tr("Help: ") + line.dropFirst("Help:".count).drop(while: { $0 == " " }) }
    if line.hasPrefix("Usage: ") { return tr("Usage: ") + line.dropFirst("Usage: ".count) }
    if let match = line.wholeMatch(of: #/  See '(.+) --help' for more information\./#) {
      return "  " + tr("See '{command} --help' for more information.", ["command": String(match.1)])
    }
    return line
  }

  /// The sentences Coffer's command line can cause (it has no subcommands, no required
  /// option, no exclusive flags).
  static func translatedSentence(_ sentence: String) -> String {
    if let match = sentence.wholeMatch(of: #/Unknown option '(.+)'\. Did you mean '(.+)'\?/#) {
      return tr(
        "Unknown option '{option}'; did you mean '{suggestion}'?",
        ["option": String(match.1), "suggestion": String(match.2)])
    }
    if let match = sentence.wholeMatch(of: #/Unknown option '(.+)'/#) {
      return tr("Unknown option '{option}'", ["option": String(match.1)])
    }
    if let match = sentence.wholeMatch(of: #/Missing value for '(.+)'/#) {
      return tr("Missing value for '{option}'", ["option": String(match.1)])
    }
    if let match = sentence.wholeMatch(of: #/The value '(.*)' is invalid for '(.+)'\. Please provide one of (.+)\./#) {
      // `'table', 'plain', 'csv' or 'json'`: the values, listed as the language lists.
      let values = match.3.matches(of: #/'[^']*'/#).map { String($0.output) }
      return tr(
        "The value '{value}' is invalid for '{option}'; it is one of {values}",
        ["value": String(match.1), "option": String(match.2), "values": values.joined(separator: tr(", "))])
    }
    if let match = sentence.wholeMatch(of: #/The option '(.+)' does not take any value, but '(.*)' was specified\./#) {
      return tr("{flag} takes no value", ["flag": String(match.1)])
    }
    if let match = sentence.wholeMatch(of: #/Unexpected argument '(.*)'/#) {
      return tr("Unexpected argument '{argument}'", ["argument": String(match.1)])
    }
    return sentence
  }
}
