import CEditLine
import Foundation

/// A line editor over libedit: owns the `EditLine*` and `History*`, shows a prompt,
/// keeps a history file. Callbacks reach this object through `EL_CLIENTDATA`, since C
/// function pointers cannot capture Swift state.
public final class LineEditor {
  private let editLine: OpaquePointer
  private let history: OpaquePointer
  /// The prompt's bytes, kept alive for libedit, which reads them on every redraw.
  private var promptBytes: [CChar] = [0]
  public let historyFile: HistoryFile?
  public private(set) var entries: [String] = []
  /// Lines in the history file, which is trimmed back to `maxEntries` when it doubles.
  private var linesInFile = 0

  /// nil when libedit cannot start (no terminal).
  public init?(programName: String, historyFile: HistoryFile?) {
    guard let editLine = el_init(programName, coffer_stdin(), coffer_stdout(), coffer_stderr()) else { return nil }
    guard let history = history_init() else {
      el_end(editLine)
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.historyFile = historyFile
    coffer_history_set_size(history, Int32(HistoryFile.maxEntries))
    coffer_history_set_unique(history, 1)
    coffer_el_set_history(editLine, history)
    coffer_el_set_editor(editLine, "emacs")
    coffer_el_set_signal(editLine, 1)
    coffer_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    coffer_el_set_prompt(editLine) { editLine in
      guard let editLine, let data = coffer_el_get_client_data(editLine) else { return nil }
      let editor = Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
      return editor.promptBytes.withUnsafeMutableBufferPointer { $0.baseAddress }
    }
    // libedit leaves Ctrl-R unbound; make it search history backwards.
    coffer_el_bind(editLine, "^R", "em-inc-search-prev")
    el_source(editLine, nil)
    if let historyFile {
      for line in historyFile.load() {
        coffer_history_enter(history, line)
        entries.append(line)
      }
      linesInFile = entries.count
    }
  }

  deinit {
    el_end(editLine)
    history_end(history)
  }

  /// Reads one line with `prompt`; nil at end of input (Ctrl-D on an empty line).
  public func readLine(prompt: String) -> String? {
    promptBytes = Array(prompt.utf8CString)
    var count: Int32 = 0
    guard let raw = el_gets(editLine, &count), count > 0 else { return nil }
    var line = String(cString: raw)
    if line.hasSuffix("\n") { line.removeLast() }
    return line
  }

  /// Adds a line to history and writes it to the history file at once.
  public func remember(_ line: String) {
    guard !line.trimmingCharacters(in: .whitespaces).isEmpty, entries.last != line else { return }
    coffer_history_enter(history, line)
    entries.append(line)
    if entries.count > HistoryFile.maxEntries { entries.removeFirst(entries.count - HistoryFile.maxEntries) }
    guard let historyFile else { return }
    historyFile.append(line)
    linesInFile += 1
    if linesInFile > HistoryFile.maxEntries * 2 {
      historyFile.rewrite(entries)
      linesInFile = entries.count
    }
  }
}
