import CofferShell

/// How a run's ending becomes the process's exit status, as the manual lists them: 0
/// success, 1 a statement or assertion failed, 2 usage, 3 the store could not be used or
/// edits were lost, 128 + N after signal N, or the status given to `quit`.
package enum ExitStatus {
  package static func of(_ ending: RunEnding) -> Int32 {
    switch ending {
    case .finished(let failed): failed ? 1 : 0
    case .editsLost: 3
    case .stopped(let reason):
      switch reason {
      case .statementFailed: 1
      case .usage: 2
      case .storeFailed: 3
      case .quit(let status, _): status
      case .signal(let signal): 128 + signal
      }
    }
  }
}
