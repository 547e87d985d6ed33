import Foundation
import Testing

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
