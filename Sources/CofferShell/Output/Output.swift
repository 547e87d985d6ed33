import CofferCore
import CofferText
import Foundation

/// Where Coffer writes: results to stdout, diagnostics to stderr, through C stdio so a
/// million-line script is not a million write calls.
package final class Output {
  private let out: UnsafeMutablePointer<FILE>
  private let err: UnsafeMutablePointer<FILE>
  /// Colours and styles are used only when this is set (see `--color`).
  package let color: Bool
  /// stdout is a terminal: the sheet is drawn live and numbers are grouped for people.
  package let isTerminal: Bool
  /// The language of the currency names shown: the locale's, as `Messages.language` is.
  package var names = NameLanguage.english

  package init(out: UnsafeMutablePointer<FILE>, err: UnsafeMutablePointer<FILE>, color: Bool, isTerminal: Bool) {
    self.out = out
    self.err = err
    self.color = color
    self.isTerminal = isTerminal
  }

  /// Streams on file descriptors 1 and 2; stderr unbuffered, as C's own is.
  package static func standard(color: Bool, isTerminal: Bool) -> Output? {
    guard let out = fdopen(STDOUT_FILENO, "w"), let err = fdopen(STDERR_FILENO, "w") else { return nil }
    setvbuf(err, nil, _IONBF, 0)
    return Output(out: out, err: err, color: color, isTerminal: isTerminal)
  }

  /// Writes a line to stdout.
  package func line(_ text: String) {
    fputs(text, out)
    fputc(10, out)
  }

  /// Writes a diagnostic to stderr, after whatever stdout still holds, so the two
  /// streams read in order on one terminal.
  package func diagnostic(_ text: String) {
    fflush(out)
    fputs(text, err)
    fputc(10, err)
  }

  /// Writes to stderr without a newline (a progress bar being redrawn).
  package func progress(_ text: String) {
    fflush(out)
    fputs(text, err)
  }

  package func flush() {
    fflush(out)
  }

  /// What `body` writes to stdout through the output it is handed, as text, instead of
  /// printing it (diagnostics still go to stderr): how `watch` tells whether a command's
  /// output changed.
  func capturing<Failure: Error>(_ body: (Output) throws(Failure) -> Void) throws(Failure) -> String {
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let memory = open_memstream(&buffer, &size) else { return "" }
    let captured = Output(out: memory, err: err, color: color, isTerminal: isTerminal)
    captured.names = names
    do {
      try body(captured)
    } catch {
      fclose(memory)
      free(buffer)
      throw error
    }
    fclose(memory)
    defer { free(buffer) }
    return buffer.map { String(cString: $0) } ?? ""
  }

  /// `text` in a style (an SGR code such as "2" for dim), when colours are on.
  package func styled(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
