import Foundation
import Testing

/// `watch`: a read-only command looked at again and again, printed again only when its
/// output changed, at the cost of one `data_version` check a look while nobody saves.
@Suite struct WatchTests {
  let coffer: CofferProcess

  init() throws {
    coffer = try CofferProcess()
  }

  /// The counters `stats --format plain` printed, by name.
  private func counters(_ text: String) -> [String: Int] {
    var counters: [String: Int] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.count == 2, let value = Int(parts[1]) { counters[String(parts[0])] = value }
    }
    return counters
  }

  @Test func whileNothingChangesALookCostsOnlyTheVersionCheck() throws {
    let store = coffer.home + "/watch.db"
    _ = try coffer.run(["--db", store, "-c", "set USD 10"])
    let once = try coffer.run(["--db", store, "-c", "total; stats --format plain"])
    // Twenty looks, 0.1 s apart: the total is printed once, and nothing but the version
    // check is asked of the store or computed beyond what one `total` costs.
    let watched = try coffer.run(["--db", store, "-c", "watch 0.1 count 20 total; stats --format plain"])
    #expect(watched.status == 0, "\(watched)")
    #expect(watched.stdout.hasPrefix("¥66.53 CNY (1 holding)\ncommits 0\n"), "\(watched)")
    let before = counters(once.stdout)
    let after = counters(watched.stdout)
    #expect(after["db_reads"] == before["db_reads"], "no read beyond data_version: \(before) / \(after)")
    #expect(after["total_recomputes"] == before["total_recomputes"], "no recompute")
    #expect(after["total_reads"] == before["total_reads"], "the command was not run again")
    // Each look after the first asks data_version (a statement may ask once more, when
    // more than the check interval has passed since the last: a loaded machine varies).
    #expect((after["version_checks"] ?? 0) >= 19, "a check a look: \(after)")
  }

  @Test func anotherSessionsSaveIsFollowed() throws {
    let store = coffer.home + "/follow.db"
    _ = try coffer.run(["--db", store, "-c", "set USD 10"])
    // Thirty looks 0.2 s apart; each step waits for what the watch printed, so a slow
    // machine only makes the test slower.
    let watching = try coffer.start([
      "--db", store, "-c", "watch 0.2 count 30 total --format json; stats --format plain",
    ])
    guard watching.waitFor("the first look", { $0.stdout.contains("66.53") }) else { return }
    _ = try coffer.run(["--db", store, "-c", "set USD 20"])
    guard watching.waitFor("the save followed", { $0.stdout.contains("133.06") }) else { return }
    // A save that changes nothing shown is read, and not printed again.
    _ = try coffer.run(["--db", store, "-c", "rates sources add extra https://example.org/x.json"])
    #expect(watching.finish() == 0, "\(watching.stderr)")
    let lines = watching.stdout.split(separator: "\n")
    #expect(
      Array(lines.prefix(2)) == [
        #"{"local":"CNY","total":"66.53","holdings":1,"missing":[],"oldest_rate":{"date":"2026-10-30","days":23,"currencies":["CNY","USD"]}}"#,
        #"{"local":"CNY","total":"133.06","holdings":1,"missing":[],"oldest_rate":{"date":"2026-10-30","days":23,"currencies":["CNY","USD"]}}"#,
      ], "\(watching.stdout)")
    #expect(lines.dropFirst(2).first == "commits 0", "printed once per change: \(watching.stdout)")
    #expect((counters(watching.stdout)["total_recomputes"] ?? 0) == 2, "\(watching.stdout)")
  }

  @Test(arguments: [
    ("watch set USD 5", "<command>:1:7: error: 'set' changes things; watch runs only commands that read"),
    ("watch 1 count 2 local USD", "<command>:1:17: error: 'local' changes things"),
    ("watch let x = 1", "<command>:1:7: error: 'let' changes things"),
    ("watch save", "<command>:1:7: error: 'save' changes things"),
    ("watch rates set USD 7", "<command>:1:7: error: 'rates set' changes things"),
    ("watch rates sources remove ECB", "<command>:1:7: error: 'rates sources' changes things"),
    ("watch watch total", "<command>:1:7: error: watch cannot watch itself"),
    // A dump saves what is pending first, and with FILE writes a file: never watched.
    ("watch 1 count 2 dump d.coffer", "<command>:1:17: error: 'dump' changes things"),
    ("watch count 2 totl", "<command>:1:15: error: watch: unknown command 'totl'; did you mean total?"),
    ("watch 0.01 count 2 total", "<command>:1:7: error: watch: SECONDS must be from 0.1 to 86400, not 0.01"),
    ("watch 1 count 0 total", "<command>:1:15: error: watch: N must be a whole number above 0"),
    ("watch total", "<command>:1:1: error: watch in a script needs 'count N'"),
    ("watch 2", "<command>:1:8: error: expected a command to watch, such as total"),
  ])
  func whatCannotBeWatchedIsRefusedAtItsPlace(line: String, error: String) throws {
    let outcome = try coffer.run(["--db", ":memory:", "-c", line])
    #expect(outcome.stderr.hasPrefix(error), "\(outcome)")
    #expect(outcome.stdout == "" && outcome.status == 1, "\(outcome)")
    #expect(!FileManager.default.fileExists(atPath: coffer.home + "/d.coffer"))
  }

  @Test func readingCommandsCanBeWatched() throws {
    let outcome = try coffer.run([
      "--db", ":memory:", "-c",
      "watch 0.1 count 2 local; watch 0.1 count 2 rates sources; watch 0.1 count 1 print 1 + 1; watch 0.1 count 1 convert 1 EUR to CNY",
    ])
    #expect(
      outcome.stdout.hasPrefix("CNY Chinese Yuan 人民币\n")
        && outcome.stdout.contains("\n2\n€1.00 EUR = ¥7.43 CNY\n"), "\(outcome)")
    #expect(outcome.status == 0)
  }
}
