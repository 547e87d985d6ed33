import Foundation
import Testing

/// Backups taken while another process saves as fast as it can: each is a sound store
/// holding a state that existed. The writer always saves USD and EUR together with equal
/// values, so a copy holding them unequal would be torn between two saves.
@Suite struct BackupUnderLoadTests {
  let coffer: CofferProcess
  let database: String

  init() throws {
    coffer = try CofferProcess()
    database = coffer.home + "/busy.db"
  }

  @Test func everyBackupTakenDuringSavesIsAWholeStateThatExisted() throws {
    // The writer's script: a save per line, far more lines than the test lasts.
    let lines = (1...200_000).map { "set USD \($0); set EUR \($0); save\n" }.joined()
    let script = try coffer.write("writer.coffer", lines)
    #expect(try coffer.run(["--db", database, "-c", "save"]).status == 0)
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: CofferProcess.binary)
    writer.arguments = ["--db", database]
    writer.environment = coffer.environment
    writer.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: script))
    writer.standardOutput = FileHandle.nullDevice
    let errors = try coffer.write("writer.err", "")
    writer.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    try writer.run()
    defer {
      if writer.isRunning { writer.terminate() }
    }

    var previous = 0
    var seen: [Int] = []
    for round in 1...40 {
      let name = "b\(round % 4).db"
      let backup = try coffer.run(["--db", database, "-c", "backup \(name) --force"])
      #expect(backup.status == 0, "round \(round): \(backup)")
      let opened = try coffer.run(["--db", coffer.home + "/" + name, "-c", "check; print amount(USD) amount(EUR)"])
      #expect(opened.status == 0, "round \(round): \(opened)")
      let values = opened.stdout.split(separator: "\n").dropFirst().compactMap { Int($0) }
      #expect(values.count == 2 && values[0] == values[1], "round \(round): a torn backup: \(opened.stdout)")
      // Saves only go forward: a later backup never holds an earlier state.
      #expect(values.first ?? 0 >= previous, "round \(round): \(values) after \(previous)")
      previous = values.first ?? previous
      seen.append(previous)
    }
    #expect(writer.isRunning, "the writer ran out of lines or stopped")
    writer.terminate()
    writer.waitUntilExit()
    // The writer went on saving while the backups were made: they saw many states.
    #expect(Set(seen).count > 20, "\(seen)")
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
    let final = try coffer.run(["--db", database, "-c", "check; print amount(USD) amount(EUR)"])
    #expect(final.status == 0, "\(final)")
  }
}
