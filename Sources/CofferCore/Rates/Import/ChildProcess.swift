import Foundation

/// Runs a program with posix_spawn, feeding it `input` and collecting its stdout and
/// stderr. Foundation's `Process` is not used: on Linux its `waitUntilExit` polls every
/// 50 ms, which doubled the time of a history import.
enum ChildProcess {
  struct Result {
    /// The exit status, or 128 + the signal that ended the program.
    let status: Int32
    let output: Data
    let errors: Data
  }

  struct SpawnError: Error {
    let reason: String
  }

  /// Runs `arguments[0]` (looked up on the PATH) with the rest as its arguments.
  static func run(_ arguments: [String], input: Data?) throws(SpawnError) -> Result {
    var stdinPipe: [Int32] = [-1, -1]
    var stdoutPipe: [Int32] = [-1, -1]
    var stderrPipe: [Int32] = [-1, -1]
    guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0, pipe(&stderrPipe) == 0 else {
      throw SpawnError(reason: String(cString: strerror(errno)))
    }
    // No other program Coffer starts should inherit these.
    for descriptor in stdinPipe + stdoutPipe + stderrPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], STDERR_FILENO)

    // The program starts with no signal blocked and every signal at its default, whatever
    // the thread that starts it had.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var environment: [UnsafeMutablePointer<CChar>?] =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for text in argv + environment { free(text) } }
    var child: pid_t = 0
    let spawned = posix_spawnp(&child, arguments[0], &actions, &attributes, &argv, &environment)
    // The child has its own copies; the parent keeps only its ends.
    close(stdinPipe[0])
    close(stdoutPipe[1])
    close(stderrPipe[1])
    guard spawned == 0 else {
      close(stdinPipe[1])
      close(stdoutPipe[0])
      close(stderrPipe[0])
      throw SpawnError(reason: String(cString: strerror(spawned)))
    }

    // stdin is fed and stderr drained on their own threads while stdout is read here,
    // so that no pipe can fill up and stall either side.
    let (feed, drain) = (stdinPipe[1], stderrPipe[0])
    let done = DispatchGroup()
    let errors = Box()
    done.enter()
    Thread.detachNewThread {
      defer { done.leave() }
      if let input { write(input, to: feed) }
      close(feed)
    }
    done.enter()
    Thread.detachNewThread {
      defer { done.leave() }
      errors.data = readAll(drain)
      close(drain)
    }
    let output = readAll(stdoutPipe[0])
    close(stdoutPipe[0])
    done.wait()

    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
    let signal = status & 0x7F
    let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return Result(status: code, output: output, errors: errors.data)
  }

  private static func readAll(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  /// Writes all of `data`; if the program stops reading, the write fails with EPIPE
  /// rather than the signal ending Coffer (SIGPIPE is blocked on this thread only).
  private static func write(_ data: Data, to descriptor: Int32) {
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    data.withUnsafeBytes { bytes in
      guard let start = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Carries stderr from the thread that reads it; `DispatchGroup.wait` orders the
  /// write before the read.
  private final class Box: @unchecked Sendable {
    var data = Data()
  }
}
