import Foundation
import Testing

@testable import RateFiles

/// Waiting for a program ends when asked, at a deadline, or at too large an answer, at
/// once, and the program is killed.
@Suite struct ChildProcessStopTests {
  let temporary = TemporaryFolder()

  @Test func aStopEndsTheWaitWithinAHundredMillisecondsAndKillsTheProgram() throws {
    let pidFile = temporary.path + "/pid"
    let started = ContinuousClock.now
    let alarm = started + .milliseconds(300)
    // The program says who it is, then would write its pid file again after 2 s; it is
    // killed long before.
    #expect(throws: ChildProcess.Failure.stopped) {
      try ChildProcess.run(
        ["sh", "-c", "echo $$ > \(pidFile); sleep 2; echo done >> \(pidFile)"], input: nil,
        limits: ChildProcess.Limits(shouldStop: { ContinuousClock.now >= alarm }))
    }
    let waited = ContinuousClock.now - started
    #expect(waited < .milliseconds(400), "\(waited)")
    // Killed and reaped by the time the run returns: no such process any more.
    let pid = try #require(pid_t(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .newlines)))
    #expect(kill(pid, 0) == -1 && errno == ESRCH)
  }

  @Test func aStopEndsTheWaitEvenWhenTheProgramClosedItsOutputOrNeverReadsItsInput() throws {
    for (script, input) in [("exec >/dev/null 2>&1; sleep 5", nil), ("sleep 5", Data(count: 10_000_000))] {
      let started = ContinuousClock.now
      let alarm = started + .milliseconds(200)
      #expect(throws: ChildProcess.Failure.stopped) {
        try ChildProcess.run(
          ["sh", "-c", script], input: input, limits: ChildProcess.Limits(shouldStop: { ContinuousClock.now >= alarm }))
      }
      #expect(ContinuousClock.now - started < .milliseconds(300))
    }
  }

  @Test func aDeadlineAndAnOutputLimitEndTheWait() throws {
    let started = ContinuousClock.now
    #expect(throws: ChildProcess.Failure.timedOut) {
      try ChildProcess.run(["sleep", "5"], input: nil, limits: ChildProcess.Limits(timeout: .milliseconds(200)))
    }
    #expect(ContinuousClock.now - started < .milliseconds(300))
    // `yes` writes forever; reading stops past the limit.
    #expect(throws: ChildProcess.Failure.tooMuchOutput) {
      try ChildProcess.run(["yes"], input: nil, limits: ChildProcess.Limits(output: 1 << 20))
    }
  }
}
