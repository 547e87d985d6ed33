import ArgumentParser
import CofferShell
import Foundation
import Testing

@testable import CofferCLI

/// The manual page and the completion scripts come from the definitions: every option
/// of `--help` and every command of `help` is in the page, and the README's marked parts.
@Suite struct DocumentsTests {
  static let readme: String = {
    // The package root: the nearest folder above this file that holds Package.swift.
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      url.deleteLastPathComponent()
    }
    return (try? String(contentsOf: url.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
  }()

  /// The page's text with roff's escapes for `-` and `\` undone.
  private func page() throws -> String {
    try ManualPage.source(readme: Self.readme, date: "2026-11-23").replacingOccurrences(of: "\\-", with: "-")
      .replacingOccurrences(of: "\\e", with: "\\")
  }

  @Test func thePageHasEveryOptionOfHelp() throws {
    let page = try page()
    let help = CofferCommand.helpMessage()
    for option in [
      "--db", "--command", "--interactive", "--no-rc", "--keep-going", "--atomic", "--format", "--color",
      "--rates", "--version", "--help",
    ] {
      #expect(help.contains(option), "\(option) in --help")
      #expect(page.contains("\\fB\(option)\\fR"), "\(option) in the page")
    }
    #expect(page.contains("Do not run the startup file ($XDG_CONFIG_HOME/coffer/rc) before the first prompt."))
    #expect(page.hasPrefix(".\\\""))
    #expect(page.contains(".TH COFFER 1 2026-11-23 \"Coffer 0.1.0\""))
  }

  @Test func thePageHasEveryCommandOfTheTable() throws {
    let page = try page()
    for command in LanguageReference.commands + LanguageReference.sheetInputs {
      #expect(page.contains("\\fB\(command.usage)\\fR"), "\(command.usage)")
      for example in command.examples { #expect(page.contains(example), "\(example)") }
    }
    #expect(page.contains("watch [SECONDS] [count N] COMMAND..."))
    #expect(page.contains("total_at(DATE)"))
  }

  @Test func thePageHasTheReadmesMarkedParts() throws {
    let page = try page()
    for section in ["EXAMPLES", "FILES", "ENVIRONMENT"] { #expect(page.contains("\n.SH \(section)\n")) }
    #expect(page.contains("coffer> set JPY 150_000"))
    #expect(page.contains("coffer> watch total"))
    #expect(page.contains("move 200 USD from wise to cash"))
    #expect(!page.contains("<!--"))
  }

  @Test func aBadlyMarkedReadmeIsRefused() {
    for readme in [
      "no marks at all", "<!-- man: EXAMPLES -->\n```\nx\n```\n", "<!-- /man -->",
      "<!-- man: EXAMPLES -->\n<!-- man: FILES -->\n<!-- /man -->",
    ] {
      #expect(throws: ManualPage.Problem.self, "\(readme)") {
        try ManualPage.source(readme: readme, date: "2026-11-23")
      }
    }
  }

  @Test func markdownBecomesRoff() {
    #expect(RoffText.markdown("A `--db` and [link](http://x).") == [".PP", "A \\fB\\-\\-db\\fR and link."])
    #expect(RoffText.markdown("```\n.hidden -x\n```") == [".PP", ".RS 4", ".nf", "\\&.hidden \\-x", ".fi", ".RE"])
    #expect(RoffText.markdown("- one\n  two\n- three") == [".IP \\(bu 2", "one two", ".IP \\(bu 2", "three"])
  }

  @Test func completionScriptsOfferNoHelpSubcommand() {
    for (shell, _) in CompletionScripts.files {
      let script = CompletionScripts.script(for: shell)
      #expect(script.contains("no-rc"), "\(shell)")
      #expect(script.contains("table"), "\(shell): --format values")
      #expect(script.contains("---completion"), "\(shell): -c asks coffer")
    }
    #expect(!CompletionScripts.script(for: .zsh).contains("'help:"))
    #expect(!CompletionScripts.script(for: .zsh).contains(":->arg"))
    #expect(!CompletionScripts.script(for: .fish).contains("-fa 'help'"))
  }
}
