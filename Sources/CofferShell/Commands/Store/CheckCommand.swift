import CofferCore
import CofferScript

/// `check`: SQLite's full integrity check, with a plain verdict. A damaged store fails
/// the statement as a store that cannot be used does.
struct CheckCommand: Command {
  static let entry = CommandEntry(
    "check", .none, "verify the store (SQLite's integrity check) and say whether it is sound", examples: ["check"],
    access: .reads, command: Self.self)

  let end: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    end = arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    let store = context.ledger.store
    let findings: [String]
    do {
      findings = try store.integrityCheck()
    } catch {
      throw context.failure(error, at: end)
    }
    let name = store.location.description
    guard findings.isEmpty else {
      let damage = StoreError.damaged(
        path: name, what: "SQLite's integrity check found " + findings.joined(separator: "; "))
      throw context.failure(damage, at: end)
    }
    return .lines(["the store \(name) is sound (SQLite integrity check: ok)"])
  }
}
