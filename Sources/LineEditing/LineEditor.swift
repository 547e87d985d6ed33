import CEditLine
import Foundation

/// A line editor over libedit: owns the `EditLine*` and `History*`, shows a prompt
/// (colours bracketed with `EL_PROMPT_ESC` so the cursor stays right), completes on Tab,
/// searches history with Ctrl-R, and keeps the history file. Callbacks reach this object
/// through `EL_CLIENTDATA`, since C function pointers cannot capture Swift state.
package final class LineEditor {
  /// What one read gave.
  package enum Input: Equatable {
    case line(String)
    /// Ctrl-D on an empty line, or the end of input.
    case endOfInput
    /// Ctrl-C: the line typed so far (dropped) was empty or not.
    case interrupted(lineWasEmpty: Bool)
    /// SIGTERM or SIGHUP arrived while waiting.
    case terminated(Int32)
  }

  /// Completions for the text before the cursor: the candidates replace `replacing`
  /// characters before the cursor. `describe` gives a candidate's description in the
  /// list shown when several match.
  package struct Completion {
    package var replacing: Int
    package var candidates: [String]
    package var descriptions: [String: String]

    package init(replacing: Int, candidates: [String], descriptions: [String: String] = [:]) {
      self.replacing = replacing
      self.candidates = candidates
      self.descriptions = descriptions
    }
  }

  /// Marks the start and end of non-printing prompt text (colour codes).
  package static let promptEscape: Character = "\u{1}"

  private let editLine: OpaquePointer
  private let history: OpaquePointer
  /// The prompt's bytes, kept alive for libedit, which reads them on every redraw.
  /// Redraws only read this: nothing is computed while a person types.
  private var promptBytes: [CChar] = [0]
  package let historyFile: HistoryFile?
  package private(set) var entries: [String] = []
  /// Lines in the history file, which is trimmed back to `maxEntries` when it doubles.
  private var linesInFile = 0
  package var completer: ((String) -> Completion)?

  /// nil when libedit cannot start.
  package init?(programName: String, historyFile: HistoryFile?) {
    Terminal.setLocale()
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
    coffer_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    coffer_el_set_prompt_esc(
      editLine,
      { editLine in
        guard let editLine, let data = coffer_el_get_client_data(editLine) else { return nil }
        let editor = Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
        return editor.promptBytes.withUnsafeMutableBufferPointer { $0.baseAddress }
      }, CChar(1))
    coffer_el_add_function(editLine, "coffer-complete", "complete a command, currency, $variable or path") {
      editLine, _ in
      guard let editLine, let data = coffer_el_get_client_data(editLine) else { return UInt8(CC_ERROR) }
      return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue().complete()
    }
    coffer_el_bind(editLine, "^I", "coffer-complete")
    // libedit leaves Ctrl-R unbound; make it search history backwards.
    coffer_el_bind(editLine, "^R", "em-inc-search-prev")
    el_source(editLine, nil)
    if let historyFile {
      let tail = historyFile.loadTail()
      for line in tail.entries {
        coffer_history_enter(history, line)
        entries.append(line)
      }
      // A file holding more than it keeps is trimmed at the first line entered.
      linesInFile = tail.isWholeFile ? entries.count : HistoryFile.maxEntries * 2
    }
  }

  deinit {
    el_end(editLine)
    history_end(history)
  }

  /// Reads one line with `prompt` (which may hold `promptEscape`-bracketed colour codes).
  package func read(prompt: String) -> Input {
    promptBytes = Array(prompt.utf8CString)
    var count: Int32 = 0
    if let raw = el_gets(editLine, &count), count > 0 {
      var line = String(cString: raw)
      if line.hasSuffix("\n") { line.removeLast() }
      return .line(line)
    }
    if count < 0 {
      // SIGTERM or SIGHUP ends the session even when a Ctrl-C came with it.
      if let signal = Signals.takeStop() { return .terminated(signal) }
      if Signals.takeInterrupt() { return .interrupted(lineWasEmpty: currentLine.isEmpty) }
    }
    return .endOfInput
  }

  /// The text in libedit's buffer (after an interrupted read: what was being typed).
  private var currentLine: String {
    guard let info = el_line(editLine)?.pointee, let start = info.buffer, let end = info.lastchar else { return "" }
    let length = end - start
    guard length > 0 else { return "" }
    return start.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }

  /// Adds a line to history and writes it to the history file at once.
  package func remember(_ line: String) {
    guard !line.trimmingCharacters(in: .whitespaces).isEmpty, entries.last != line else { return }
    coffer_history_enter(history, line)
    entries.append(line)
    if entries.count > HistoryFile.maxEntries { entries.removeFirst(entries.count - HistoryFile.maxEntries) }
    guard let historyFile else { return }
    // A line the file could not take (a full disk) is still in this session's history.
    if historyFile.append(line) { linesInFile += 1 }
    if linesInFile > HistoryFile.maxEntries * 2 {
      historyFile.rewrite(entries)
      linesInFile = entries.count
    }
  }

  // MARK: - Completion

  /// Tab: completes what the completer offers. One candidate is inserted whole (with a
  /// space after it); several extend the word to their common prefix, and when there is
  /// nothing to extend they are listed under the line.
  private func complete() -> UInt8 {
    guard let completer, let info = el_line(editLine)?.pointee, let start = info.buffer, let cursor = info.cursor
    else { return UInt8(CC_ERROR) }
    let before = start.withMemoryRebound(to: UInt8.self, capacity: cursor - start) {
      String(decoding: UnsafeBufferPointer(start: $0, count: cursor - start), as: UTF8.self)
    }
    let completion = completer(before)
    guard !completion.candidates.isEmpty else { return UInt8(CC_ERROR) }
    // The typed word is replaced, not extended: `usd` completes to `USD`.
    if completion.candidates.count == 1, let only = completion.candidates.first {
      replace(completion.replacing, with: only + (only.hasSuffix("/") ? "" : " "))
      return UInt8(CC_REFRESH)
    }
    let common = Self.commonPrefix(completion.candidates)
    if common.count > completion.replacing {
      replace(completion.replacing, with: common)
      return UInt8(CC_REFRESH)
    }
    var listing = "\n"
    for candidate in completion.candidates {
      listing += candidate
      if let description = completion.descriptions[candidate] { listing += "  " + description }
      listing += "\n"
    }
    fputs(listing, coffer_stdout())
    fflush(coffer_stdout())
    return UInt8(CC_REDISPLAY)
  }

  /// Deletes `count` characters before the cursor and inserts `text`.
  private func replace(_ count: Int, with text: String) {
    if count > 0 { el_deletestr(editLine, Int32(count)) }
    if !text.isEmpty { el_insertstr(editLine, text) }
  }

  static func commonPrefix(_ words: [String]) -> String {
    guard var prefix = words.first else { return "" }
    for word in words.dropFirst() {
      while !word.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }
}
