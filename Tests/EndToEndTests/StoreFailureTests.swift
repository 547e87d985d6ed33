import Foundation
import Testing

/// A store that cannot be written: the save fails with status 3, says what it kept, and
/// leaves the store readable with every earlier save intact. Making a file immutable
/// (chattr) and mounting a tiny file system (unshare + tmpfs) need root, which CI has.
@Suite(.enabled(if: getuid() == 0, "needs root for chattr +i and mount (a read-only store, a full disk)"))
struct StoreFailureTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  func shell(_ command: String) throws -> Outcome {
    let script = try coffer.write("step-\(UUID().uuidString).sh", command)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [script]
    process.environment = coffer.environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
      status: process.terminationStatus)
  }

  @Test func readOnlyStoreIsReadButNotWritten() throws {
    let database = coffer.home + "/ro.db"
    #expect(try coffer.run(["--db", database, "-c", "set GBP 2"]).status == 0)
    _ = try shell("chattr +i \(database)")
    defer { _ = try? shell("chattr -i \(database)") }
    let outcome = try coffer.run(["--db", database, "-c", "print amount(GBP); set USD 1"])
    #expect(
      outcome
        == Outcome(
          stdout: "2\n",
          stderr: """
            <command>:1:1: error: the store \(database) is read-only (1 unsaved edit kept in memory)
            coffer: not saved; to apply these edits later, run them again:
            set USD 1

            """,
          status: 3))
  }

  @Test func unsavedRatesAreGivenBackAsLinesToPaste() throws {
    let database = coffer.home + "/ro-rates.db"
    #expect(try coffer.run(["--db", database, "-c", "set GBP 2"]).status == 0)
    _ = try shell("chattr +i \(database)")
    defer { _ = try? shell("chattr -i \(database)") }
    let outcome = try coffer.run(["--db", database, "-c", "local HKD; rates set USD 7.1; set USD 5"])
    #expect(outcome.status == 3)
    #expect(outcome.stderr.hasSuffix("run them again:\nset USD 5\nlocal HKD\nrates set USD 7.1\n"), "\(outcome)")
  }

  /// A balance for a day after today (a dump's `--ahead`) is given back with its flag,
  /// and the lines given back run as they are once the store can be written again.
  @Test func unsavedBalancesAheadOfTodayAreGivenBackWithTheirFlag() throws {
    let database = coffer.home + "/ro-ahead.db"
    #expect(try coffer.run(["--db", database, "-c", "set GBP 2"]).status == 0)
    _ = try shell("chattr +i \(database)")
    let outcome = try coffer.run(["--db", database, "-c", "set EUR 5 at 2026-11-23 --ahead; set USD 3 at 2026-01-01"])
    _ = try shell("chattr -i \(database)")
    #expect(outcome.status == 3)
    let lines = "set USD 3 at 2026-01-01\nset EUR 5 at 2026-11-23 --ahead\n"
    #expect(outcome.stderr.hasSuffix("run them again:\n" + lines), "\(outcome)")
    let replayed = try coffer.run(["--db", database, "-c", lines.replacingOccurrences(of: "\n", with: "; ")])
    #expect(replayed.status == 0, "\(replayed)")
    #expect(try coffer.run(["--db", database, "-c", "log --format csv"]).stdout.contains("2026-11-23"))
  }

  @Test func aStoreOnAReadOnlyFileSystemIsReadThroughItsKeptFiles() throws {
    let folder = coffer.home + "/ro-fs"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let binary = CofferProcess.binary
    #expect(try coffer.run(["--db", folder + "/c.db", "-c", "set GBP 2"]).status == 0)
    // The store's folder mounted read-only over itself, in a private mount namespace: the
    // `-wal` and `-shm` kept beside the store let SQLite read it; the save cannot be made.
    let outcome = try shell(
      """
      exec unshare -m sh -c '
        mount --bind \(folder) \(folder) && mount -o remount,ro,bind \(folder) || exit 90
        \(binary) --db \(folder)/c.db -c "print amount(GBP); set USD 6"; echo "status $?"
      '
      """)
    #expect(
      outcome
        == Outcome(
          stdout: "2\nstatus 3\n",
          stderr: """
            <command>:1:1: error: the store \(folder)/c.db is read-only (1 unsaved edit kept in memory)
            coffer: not saved; to apply these edits later, run them again:
            set USD 6

            """,
          status: 0))
    // Outside the namespace nothing changed.
    #expect(try coffer.run(["--db", folder + "/c.db", "-c", "print amount(GBP) amount(USD)"]).stdout == "2\n0\n")
  }

  /// A new store is made at the current schema in one transaction (no migrations, no
  /// WAL of hundreds of kilobytes): it fits a 256 KiB disk while it is made.
  @Test func aNewStoreIsMadeOnA256KiBDisk() throws {
    let folder = coffer.home + "/tiny"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let outcome = try shell(
      """
      exec unshare -m sh -c '
        mount -t tmpfs -o size=256k tmpfs \(folder) || exit 90
        \(CofferProcess.binary) --db \(folder)/c.db -c "set USD 5; set EUR 2 at 2026-01-01; print amount(USD); check"
      '
      """)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasPrefix("5\nthe store \(folder)/c.db is sound"), "\(outcome)")
  }

  @Test func fullDiskFailsTheSaveAndLosesNothingSaved() throws {
    let folder = coffer.home + "/small"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let binary = CofferProcess.binary
    // In a private mount namespace: a 400 KiB file system, a store with one saved
    // edit, then a filler file taking every block left.
    let outcome = try shell(
      """
      exec unshare -m sh -c '
        mount -t tmpfs -o size=400k tmpfs \(folder) || exit 90
        \(binary) --db \(folder)/c.db -c "set GBP 1" || exit 91
        dd if=/dev/zero of=\(folder)/fill bs=4k 2>/dev/null
        \(binary) --db \(folder)/c.db -c "set USD 5"; echo "status $?"
        rm \(folder)/fill
        \(binary) --db \(folder)/c.db -c "print amount(USD) amount(GBP)"
      '
      """)
    #expect(
      outcome
        == Outcome(
          stdout: "status 3\n0\n1\n",
          stderr: """
            <command>:1:1: error: the disk holding \(folder)/c.db is full (1 unsaved edit kept in memory)
            coffer: not saved; to apply these edits later, run them again:
            set USD 5

            """,
          status: 0))
  }
}
