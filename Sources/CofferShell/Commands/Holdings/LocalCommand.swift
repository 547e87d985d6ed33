import CofferCore
import CofferScript
import CofferText

/// `local [C]`: shows or changes the local currency.
struct LocalCommand: Command {
  static let code = TypedSlot.currency(tr("C"), tr("a currency code such as USD"))
  static let entry = CommandEntry(
    "local", .optional(.slot(code)), tr("show or change the local currency"), examples: ["local", "local USD"],
    access: .readsWithout([code.slot]), command: Self.self)

  let currency: Currency?
  let offset: Int

  init(_ arguments: Arguments, _ context: CommandContext) throws(StatementFailure) {
    let code = arguments[Self.code]
    currency = try context.currency(code)
    offset = code?.offset ?? arguments.endOffset
  }

  func run(_ context: CommandContext) throws(StatementFailure) -> CommandResult {
    guard let currency else {
      let local = context.ledger.portfolio.local
      // Both names in English; in Chinese, the Chinese name alone, in the reader's script.
      return switch context.output.names {
      case .english: .lines(["\(local.code) \(local.englishName) \(local.chineseName)"])
      case .simplifiedChinese: .lines(["\(local.code) \(local.chineseName)"])
      case .traditionalChinese: .lines(["\(local.code) \(local.traditionalChineseName)"])
      }
    }
    guard context.sheet == nil else {
      throw context.failure(
        tr("cannot change the local currency while the sheet is open; dismiss it first"), at: offset)
    }
    context.ledger.setLocal(currency)
    return .nothing
  }
}
