/// What a command gives back: what to print, and what the loop is to do (an `Effect`).
/// Listings are printed by the renderer of the format asked for (`--format`, else the
/// run's default).
enum CommandResult {
  case nothing
  /// Text printed as it is, whatever the format.
  case lines([String])
  case listing(any Listing)
  /// Something only the loop that runs commands may do: leave, run a script, save,
  /// open or close the sheet…
  case effect(Effect)
}
