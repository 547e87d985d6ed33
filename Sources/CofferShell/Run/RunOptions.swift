/// How a run treats errors and prints listings; set from the command line.
package struct RunOptions: Sendable {
  /// Report a failed statement and go on with the next (default: stop at the first).
  package var keepGoing = false
  /// The whole run is one batch: nothing is saved unless every statement succeeds.
  package var atomic = false
  /// The default format of listing commands.
  package var format: OutputFormat = .table
  /// Lines come from a person at a terminal: errors get a caret, `clear all` asks for
  /// `--yes`, and every line that commits something is saved.
  package var interactive = false
  /// Statements that read files, start the rates helper or reach the network (`source`,
  /// `rates import`, `rates fetch`) are refused: how the fuzzing harness runs
  /// arbitrary input without touching the machine.
  package var confined = false

  package init() {}
}
