import CofferCore
import Foundation
import Testing

// What these tests share with CofferCoreTests, kept small enough to repeat here.

let testDay = CalendarDate(year: 2026, month: 11, day: 22)!
let usd = Catalog.currency("USD")!

func decimal(_ text: String) -> DecimalValue {
  guard let value = try? DecimalValue(parsing: text) else {
    Issue.record("not a decimal: \(text)")
    return .zero
  }
  return value
}

/// A fresh folder for one test's files.
func temporaryFolder() throws -> String {
  let path = NSTemporaryDirectory() + "coffer-tests-" + UUID().uuidString
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
