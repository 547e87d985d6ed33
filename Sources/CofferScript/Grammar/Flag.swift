/// An option that takes no value (`--all`, `--force`), read back as whether it was given.
package struct Flag: Sendable {
  package let spec: OptionSpec

  package init(_ name: String) {
    spec = OptionSpec(name)
  }
}
