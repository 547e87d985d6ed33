/// How a run treats errors and prints listings; set from the command line.
public struct RunOptions: Sendable {
  /// Report a failed statement and go on with the next (default: stop at the first).
  public var keepGoing = false
  /// The whole run is one batch: nothing is saved unless every statement succeeds.
  public var atomic = false
  /// The default format of listing commands.
  public var format: OutputFormat = .table
  /// Lines come from a person at a terminal: errors get a caret, `clear all` asks for
  /// `--yes`, and every line that commits something is saved.
  public var interactive = false
  /// Statements that read files, start the rates helper or reach the network (`source`,
  /// `rates import`, `rates fetch`) are refused: how the fuzzing harness runs
  /// arbitrary input without touching the machine.
  public var confined = false

  public init() {}
}
