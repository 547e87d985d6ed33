import CofferText
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with posix_spawn, feeding it `input` and collecting its stdout and
/// stderr. Foundation's `Process` is not used: on Linux its `waitUntilExit` polls every
/// 50 ms, which doubled the time of a history import.
///
/// The wait never blocks for long: the pipes are polled every few milliseconds, so that
/// a `shouldStop` that turns true (a signal Coffer caught), a deadline or too large an
/// answer ends the wait at once and kills the program. RateFiles knows nothing of
/// signals; the shell says what stopping means.
enum ChildProcess {
  struct Result {
    /// The exit status, or 128 + the signal that ended the program.
    let status: Int32
    let output: Data
    let errors: Data
  }

  /// How a run can end without the program's own exit. Unless it could not start, the
  /// program has been killed and reaped.
  enum Failure: Error, Equatable {
    case cannotStart(reason: String)
    case stopped
    case timedOut
    case tooMuchOutput
  }

  /// When to give up on the program.
  struct Limits {
    /// The most bytes of stdout read (stderr is cut, silently, at 1 MiB).
    var output = Int.max
    /// How long the whole run may take.
    var timeout: Duration?
    /// Asked every few milliseconds; true stops the run.
    var shouldStop: () -> Bool = { false }
  }

  /// How long one poll waits: the longest a stop or a deadline goes unnoticed.
  private static let pollMilliseconds: Int32 = 10
  private static let errorsKept = 1 << 20

  /// Runs `arguments[0]` (looked up on the PATH unless it holds a '/') with the rest as
  /// its arguments.
  static func run(_ arguments: [String], input: Data?, limits: Limits = Limits()) throws(Failure) -> Result {
    let started = ContinuousClock.now
    let (child, feed, out, err) = try spawn(arguments)
    Self.feed(input, to: feed)
    var pipes = [
      pollfd(fd: out, events: Int16(POLLIN), revents: 0), pollfd(fd: err, events: Int16(POLLIN), revents: 0),
    ]
    defer { for pipe in pipes where pipe.fd >= 0 { close(pipe.fd) } }
    var collected = [Data(), Data()]
    var buffer = [UInt8](repeating: 0, count: 65536)

    /// Why the run must end now, if it must.
    func reasonToEnd() -> Failure? {
      if limits.shouldStop() { return .stopped }
      if let timeout = limits.timeout, ContinuousClock.now - started >= timeout { return .timedOut }
      return nil
    }

    while pipes.contains(where: { $0.fd >= 0 }) {
      if let reason = reasonToEnd() { throw killAndReap(child, because: reason) }
      let ready = poll(&pipes, nfds_t(pipes.count), pollMilliseconds)
      guard ready > 0 else { continue }
      for index in pipes.indices where pipes[index].fd >= 0 && pipes[index].revents != 0 {
        let count = read(pipes[index].fd, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        guard count > 0 else {
          close(pipes[index].fd)
          pipes[index].fd = -1
          continue
        }
        if index == 0 || collected[1].count < errorsKept { collected[index].append(contentsOf: buffer[0..<count]) }
        if collected[0].count > limits.output { throw killAndReap(child, because: .tooMuchOutput) }
      }
    }

    // Both pipes are closed; the program is ending, or has closed them and runs on.
    var status: Int32 = 0
    while true {
      let reaped = waitpid(child, &status, WNOHANG)
      if reaped == child { break }
      if reaped < 0 && errno != EINTR { break }
      if let reason = reasonToEnd() { throw killAndReap(child, because: reason) }
      usleep(1000)
    }
    // A signal that came while the program was ending still stops the run: whatever
    // the program did, the person asked to stop.
    if limits.shouldStop() { throw .stopped }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
    let signal = status & 0x7F
    let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return Result(status: code, output: collected[0], errors: collected[1])
  }

  /// Kills and reaps the program; returns `reason` to be thrown.
  private static func killAndReap(_ child: pid_t, because reason: Failure) -> Failure {
    kill(child, SIGKILL)
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    return reason
  }

  /// Starts the program with its stdin, stdout and stderr on pipes; returns its pid and
  /// the parent's ends.
  private static func spawn(_ arguments: [String]) throws(Failure) -> (pid_t, Int32, Int32, Int32) {
    var stdinPipe: [Int32] = [-1, -1]
    var stdoutPipe: [Int32] = [-1, -1]
    var stderrPipe: [Int32] = [-1, -1]
    guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0, pipe(&stderrPipe) == 0 else {
      let reason = systemReason(errno)
      for descriptor in stdinPipe + stdoutPipe + stderrPipe where descriptor >= 0 { close(descriptor) }
      throw .cannotStart(reason: reason)
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
    let spawned = posix_spawnp(&child, arguments.first ?? "", &actions, &attributes, &argv, &environment)
    // The child has its own copies; the parent keeps only its ends.
    close(stdinPipe[0])
    close(stdoutPipe[1])
    close(stderrPipe[1])
    guard spawned == 0 else {
      close(stdinPipe[1])
      close(stdoutPipe[0])
      close(stderrPipe[0])
      throw .cannotStart(reason: systemReason(spawned))
    }
    return (child, stdinPipe[1], stdoutPipe[0], stderrPipe[0])
  }

  /// Writes `input` to the program's stdin on a thread of its own, which alone owns and
  /// closes `descriptor`: a program that never reads cannot stall the wait, and one that
  /// is killed ends the write with EPIPE (SIGPIPE is blocked on that thread only).
  ///
  /// The thread is handed a copy of the bytes in memory of its own, which it frees, and
  /// no Swift value: the script reader and the shell count their references without
  /// atomic instructions (see Package.swift), so no value they may hold is shared with a
  /// thread, not even `input`'s storage.
  private static func feed(_ input: Data?, to descriptor: Int32) {
    /// Memory the calling thread fills and then no longer touches: the feeding thread
    /// alone reads it and frees it.
    struct HandedOver: @unchecked Sendable {
      let bytes: UnsafeMutableRawBufferPointer
    }
    let count = input?.count ?? 0
    let copy = HandedOver(bytes: UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1))
    if let input { _ = input.copyBytes(to: copy.bytes) }
    Thread.detachNewThread {
      let bytes = copy.bytes
      defer {
        bytes.deallocate()
        close(descriptor)
      }
      var signals = sigset_t()
      sigemptyset(&signals)
      sigaddset(&signals, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &signals, nil)
      guard let start = bytes.baseAddress else { return }
      var offset = 0
      while offset < count {
        let written = write(descriptor, start + offset, count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
