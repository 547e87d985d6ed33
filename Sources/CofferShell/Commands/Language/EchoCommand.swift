import CofferScript
import CofferText

/// `echo WORDS...`: the words as written (strings unquoted, `$variables` replaced).
struct EchoCommand: Command {
  static let words = TypedSlot.words(tr("WORDS"), tr("words"))
  static let entry = CommandEntry(
    "echo", .optional(.slot(words)), tr("print the words, separated by spaces"),
    examples: ["echo month end", "echo \"rent is\" $rent"], access: .reads, readsHoldings: false, command: Self.self)

  let tokens: [Token]
  let line: LogicalLine

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    tokens = arguments[Self.words] ?? []
    line = arguments.line
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    var words: [String] = []
    for token in tokens {
      switch token.kind {
      case .string(let text):
        words.append(text)
      case .variable(let name):
        guard let value = context.variables[name] else {
          throw context.failure(
            tr(
              "unknown variable '${name}'{hint}",
              ["name": name, "hint": Suggestions.hint(for: name, in: context.variables.keys)]), at: token.start)
        }
        words.append(value.printed)
      case .invalid(let error):
        throw StatementFailure(error)
      default:
        words.append(String(decoding: line.bytes[token.start..<token.end], as: UTF8.self))
      }
    }
    return .lines([words.joined(separator: " ")])
  }
}
