import Benchmark
import CofferShell
import Foundation

// Coffer's hot paths, each a `Workloads` type that checks its own result. Time and
// allocations are measured per run; `thresholds check` (Scripts/bench) fails when a run
// is worse than the thresholds kept in Thresholds/ by more than the tolerance below.
// Instructions are not among the metrics: this machine's virtual CPUs do not count them.
let benchmarks: @Sendable () -> Void = {
  // Checked at p90, against Thresholds/. Allocations are exact and repeatable: a few
  // percent more is a regression. Time is noisy on a shared machine (and CPU time is
  // counted in 10 ms steps, too coarse for these): only a run four times as slow fails.
  let tolerances: [BenchmarkMetric: BenchmarkThresholds] = [
    .mallocCountTotal: .init(relative: [.p90: 5]),
    .wallClock: .init(relative: [.p90: 300]),
    .peakMemoryResident: .init(relative: [.p90: 10]),
  ]
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .microseconds,
    warmupIterations: 3,
    scalingFactor: .one,
    maxDuration: .seconds(3),
    maxIterations: 1000,
    thresholds: tolerances
  )

  // Names have no blanks: the thresholds' file names are made from them, and the
  // framework writes a blank as "_" but looks for it as a blank.

  /// A workload made once (in the benchmark's setup, not measured), whose `run()` is
  /// then measured; a failed check fails the benchmark with its reason.
  final class Prepared: @unchecked Sendable {
    var run: (() throws -> Void)?
  }
  func measure(_ name: String, _ make: @escaping @Sendable () throws -> () throws -> Void) {
    let prepared = Prepared()
    Benchmark(
      name,
      closure: { benchmark in
        guard let run = prepared.run else { throw Workloads.Failure(description: "\(name) was not set up") }
        for _ in benchmark.scaledIterations { try run() }
      },
      setup: { prepared.run = try make() })
  }

  measure("sheet-form-session-41-edits-done") { try Workloads.FormSession().run }
  measure("save-41-holdings") { try Workloads.SaveOfAllHoldings().run }
  measure("total-recompute-after-a-commit") { try Workloads.TotalRecompute().run }
  measure("lex-and-parse-10k-lines") { try Workloads.ScriptParse(lines: 10_000).run }
  measure("dated-total-over-ecb-history") {
    guard let csv = ProcessInfo.processInfo.environment["COFFER_HISTORY_CSV"] else {
      throw Workloads.Failure(description: "set COFFER_HISTORY_CSV to the ECB history CSV (Scripts/bench does)")
    }
    return try Workloads.DatedTotal(historyCSV: csv).run
  }
}
