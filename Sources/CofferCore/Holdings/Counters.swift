/// The counters `stats` prints: each counts exactly what its name says, since start.
public final class Counters {
  public var commits = 0
  public var saves = 0
  public var rowsWritten = 0
  public var totalReads = 0
  public var totalRecomputes = 0
  public var dbReads = 0
  public var versionChecks = 0
  public var rowsRendered = 0

  public init() {}

  /// Name and value, in the order `stats` prints them.
  public var all: [(name: String, value: Int)] {
    [
      ("commits", commits), ("saves", saves), ("rows_written", rowsWritten),
      ("total_reads", totalReads), ("total_recomputes", totalRecomputes), ("db_reads", dbReads),
      ("version_checks", versionChecks), ("rows_rendered", rowsRendered),
    ]
  }
}
