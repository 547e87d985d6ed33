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

/// A fresh folder for a test's files, removed with the last reference to it: held by a
/// suite (which Swift Testing makes afresh for each test), it goes when the test ends.
final class TemporaryFolder: Sendable {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "coffer-tests-" + UUID().uuidString
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      Issue.record("cannot make \(path): \(error)")
    }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
