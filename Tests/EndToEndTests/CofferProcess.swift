import Foundation
import Synchronization
import Testing

/// What one run of the `coffer` binary printed and how it exited.
struct Outcome: Equatable, CustomStringConvertible {
  var stdout: String
  var stderr: String
  var status: Int32

  var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs the built `coffer` binary, as a person or a script would, in a sandbox of its own:
/// a fresh HOME and XDG folders, and today fixed at 2026-11-22 so staleness is stable.
/// The sandbox is removed with the last reference to it (Swift Testing makes a suite
/// afresh for each test, so at the end of each test).
final class CofferProcess: Sendable {
  /// The package root, found from this file's place (Tests/EndToEndTests/…).
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  static var binary: String {
    ProcessInfo.processInfo.environment["COFFER_BIN"] ?? packageRoot + "/.build/debug/coffer"
  }

  static var fixtures: String { packageRoot + "/Tests/Fixtures" }
  static var examples: String { packageRoot + "/Examples" }

  let home: String

  init() throws {
    home = NSTemporaryDirectory() + "coffer-e2e-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: home)
  }

  /// A sandbox for the whole test process, for what several tests share and make once
  /// (a store the whole history was imported into): removed when the process exits.
  static func forTheWholeRun() throws -> CofferProcess {
    let coffer = try CofferProcess()
    keptForTheRun.withLock { kept in
      if kept.isEmpty {
        atexit {
          for coffer in keptForTheRun.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: coffer.home) }
        }
      }
      kept.append(coffer)
    }
    return coffer
  }

  var environment: [String: String] {
    [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state",
      "COFFER_TODAY": "2026-11-22", "LANG": "C.UTF-8",
    ]
  }

  /// A file in the sandbox with these contents; returns its path.
  @discardableResult
  func write(_ name: String, _ contents: String) throws -> String {
    try write(name, Data(contents.utf8))
  }

  @discardableResult
  func write(_ name: String, _ contents: Data) throws -> String {
    let path = home + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path, contents: contents)
    return path
  }

  /// Runs `coffer ARGS` with `stdin` piped in (empty when nil) and waits for it.
  func run(
    _ arguments: [String], stdin: String? = nil, in folder: String? = nil, extraEnvironment: [String: String] = [:],
    binary: String = CofferProcess.binary
  ) throws -> Outcome {
    try run(
      arguments, stdinData: Data((stdin ?? "").utf8), in: folder, extraEnvironment: extraEnvironment, binary: binary)
  }

  func run(
    _ arguments: [String], stdinData: Data, in folder: String? = nil, extraEnvironment: [String: String] = [:],
    binary: String = CofferProcess.binary
  ) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = environment.merging(extraEnvironment) { $1 }
    process.currentDirectoryURL = URL(fileURLWithPath: folder ?? home)
    let id = UUID().uuidString
    let outPath = home + "/.out-" + id
    let errPath = home + "/.err-" + id
    let inPath = try write(".in-" + id, stdinData)
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    try process.run()
    // A run that hangs is killed, failing its test rather than stalling the suite.
    let watchdog = DispatchWorkItem { [pid = process.processIdentifier] in _ = kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    process.waitUntilExit()
    watchdog.cancel()
    return Outcome(
      stdout: try String(contentsOfFile: outPath, encoding: .utf8),
      stderr: try String(contentsOfFile: errPath, encoding: .utf8),
      status: process.terminationStatus)
  }

  /// Starts `coffer ARGS` reading from a pipe, for tests that feed lines one at a time.
  func start(_ arguments: [String]) throws -> LiveProcess {
    try LiveProcess(arguments: arguments, environment: environment, folder: home)
  }
}

/// The sandboxes of `CofferProcess.forTheWholeRun()`: kept for the run, their folders
/// removed at exit (whoever else still holds them: a static, say).
private let keptForTheRun = Mutex<[CofferProcess]>([])

/// A running `coffer` whose stdin is a pipe the test writes to.
final class LiveProcess {
  let process = Process()
  private let input = Pipe()
  private let outPath: String
  private let errPath: String

  init(arguments: [String], environment: [String: String], folder: String) throws {
    outPath = folder + "/.live-out-" + UUID().uuidString
    errPath = folder + "/.live-err-" + UUID().uuidString
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    process.executableURL = URL(fileURLWithPath: CofferProcess.binary)
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    try process.run()
  }

  func send(_ line: String) {
    input.fileHandleForWriting.write(Data((line + "\n").utf8))
  }

  var stdout: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
  var stderr: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }

  /// Waits (up to 10 s) until stdout or stderr satisfies `condition`.
  func waitFor(_ what: String, _ condition: (LiveProcess) -> Bool) -> Bool {
    waitUntil(what, orSay: "stdout: \(stdout) stderr: \(stderr)") { condition(self) }
  }

  /// Closes stdin and waits for the exit status.
  func finish() -> Int32 {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// Waits until `condition` holds, looking every 20 ms, for at most `timeout`; if it never
/// does, records an issue naming `what` (and what `orSay` adds, read then). Tests wait for
/// what they need to have happened, not for a length of time that usually suffices.
@discardableResult
func waitUntil(
  _ what: String, timeout: Duration = .seconds(10), orSay detail: @autoclosure () -> String = "",
  _ condition: () -> Bool
) -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    usleep(20_000)
  }
  if condition() { return true }
  Issue.record("timed out waiting for \(what) \(detail())")
  return false
}

/// The processes whose parent is `parent` and whose command name is `name`, read from /proc.
func children(of parent: pid_t, named name: String) -> [pid_t] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap { entry -> pid_t? in
    guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    // "PID (NAME) STATE PPID ...": the name may itself hold blanks and parentheses.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard stat[stat.index(after: open)..<close] == name, fields.count > 1, pid_t(fields[1]) == parent else {
      return nil
    }
    return pid
  }
}

extension CofferProcess {
  /// A shell command that writes the bytes of the Python expression `first` to its
  /// standard output, waits (up to 10 s) until the reader of that pipe has taken all of
  /// them, then writes `rest`: input that reaches the reader in two parts, whatever the
  /// machine's speed.
  func writerInTwoParts(_ first: String, then rest: String) throws -> String {
    let program = try write(
      "two-parts-\(UUID().uuidString).py",
      """
      import fcntl, os, struct, termios, time

      def put(data):
          while data:
              data = data[os.write(1, data):]

      def unread():
          # FIONREAD on a pipe: the bytes written and not yet read (0 for a file).
          return struct.unpack("i", fcntl.ioctl(1, termios.FIONREAD, b"\\0" * 4))[0]

      put(\(first))
      deadline = time.monotonic() + 10
      while unread() and time.monotonic() < deadline:
          time.sleep(0.01)
      put(\(rest))

      """)
    return "python3 '\(program)'"
  }
}
