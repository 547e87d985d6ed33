/// When Coffer colours what it prints (`--color`): `auto` only when stdout is a terminal
/// and `NO_COLOR` is unset.
package enum ColorMode: String, Sendable, CaseIterable {
  case auto, always, never
}
