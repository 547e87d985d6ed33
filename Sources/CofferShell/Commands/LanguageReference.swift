/// The language's commands as `help` shows them, for documents made outside a session
/// (the manual page): read from `CommandTable`, so they cannot drift from `help`.
package enum LanguageReference {
  /// One command: its usage line, summary, other names and examples.
  package struct Command: Sendable {
    package let usage: String
    package let summary: String
    package let aliases: [String]
    package let examples: [String]
  }

  /// The commands of the top level, in `help`'s order.
  package static var commands: [Command] {
    CommandTable.typed.filter { $0.scope != .sheet }.map(Command.init)
  }

  /// The inputs of the open sheet, in `help`'s order.
  package static var sheetInputs: [Command] {
    CommandTable.entries.filter { $0.scope == .sheet }.map(Command.init)
  }

  /// The functions an expression may call, as `help` lists them after `functions:`.
  package static var functions: String {
    Function.signatures
  }
}

extension LanguageReference.Command {
  init(_ entry: CommandEntry) {
    self.init(usage: entry.usage, summary: entry.summary, aliases: entry.aliases, examples: entry.examples)
  }
}
