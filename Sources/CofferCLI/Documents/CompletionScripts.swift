import ArgumentParser

/// The completion scripts for bash, zsh and fish: argument-parser's, generated from the
/// command line's definition (options, their values, files; the language's completion
/// for `-c`, which the scripts ask of `coffer` itself at Tab time).
///
/// argument-parser adds a `help` subcommand to every script it writes; `coffer` has no
/// subcommands (`coffer help` would run a script named help), so it is taken out. In zsh
/// that subcommand's argument specifications also make `_arguments` refuse the whole
/// script ("doubled rest argument definition", beside the script files), so they go too.
package enum CompletionScripts {
  /// The shells, and the name each one's script is installed under.
  package static let files: [(shell: CompletionShell, name: String)] = [
    (.bash, "coffer.bash"), (.zsh, "_coffer"), (.fish, "coffer.fish"),
  ]

  package static func script(for shell: CompletionShell) -> String {
    let generated = CofferCommand.completionScript(for: shell)
    var lines = generated.split(separator: "\n", omittingEmptySubsequences: false)
    switch shell {
    case .zsh:
      // The subcommand's entry in the list _describe offers, and the states that lead there.
      lines.removeAll { line in
        let text = line.trimmingCharacters(in: " ")
        return text == "'help:Show subcommand help information.'" || text == "'(-): :->command'"
          || text == "'(-)*:: :->arg'"
      }
    case .fish:
      lines.removeAll { $0.contains(" -fa 'help' ") || $0.contains("\"coffer help\"") }
    default:
      break
    }
    return lines.joined(separator: "\n")
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in blank: Character) -> Substring {
    var text = self
    while text.first == blank { text.removeFirst() }
    while text.last == blank { text.removeLast() }
    return text
  }
}
