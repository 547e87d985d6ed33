import CofferText
import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal and the work
/// is large enough to take more than a moment; it is erased when the work ends.
final class ProgressBar {
  /// Below this many items an import is over before a bar would be seen.
  static let threshold = 20_000
  private let output: Output
  private let label: String
  private let enabled: Bool
  private var drawn = false

  init(output: Output, label: String) {
    self.output = output
    self.label = label.escapingControlCharacters
    enabled = isatty(STDERR_FILENO) == 1
  }

  func update(done: Int, total: Int) {
    guard enabled, total >= Self.threshold else { return }
    let width = 30
    let filled = total == 0 ? width : done * width / total
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    output.progress(
      "\r\(label) \(bar) \(done * 100 / max(1, total))% "
        + tr("({done}/{total} rates)", ["done": String(done), "total": String(total)]))
    drawn = true
  }

  /// A line saying what is being waited for (a download), until `finish`.
  func waiting(for what: String) {
    guard enabled else { return }
    output.progress("\r\(what.escapingControlCharacters) " + tr("(Ctrl-C stops it)"))
    drawn = true
  }

  func finish() {
    if drawn { output.progress("\r\u{1B}[K") }
  }
}
