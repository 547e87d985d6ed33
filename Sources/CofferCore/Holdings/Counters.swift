/// The counters `stats` prints: each counts exactly what its name says, since start.
package final class Counters {
  package var commits = 0
  package var saves = 0
  package var rowsWritten = 0
  package var totalReads = 0
  package var totalRecomputes = 0
  package var dbReads = 0
  package var versionChecks = 0
  package var rowsRendered = 0

  package init() {}

  /// Name and value, in the order `stats` prints them.
  package var all: [(name: String, value: Int)] {
    [
      ("commits", commits), ("saves", saves), ("rows_written", rowsWritten),
      ("total_reads", totalReads), ("total_recomputes", totalRecomputes), ("db_reads", dbReads),
      ("version_checks", versionChecks), ("rows_rendered", rowsRendered),
    ]
  }
}
