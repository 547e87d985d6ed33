import CofferCore

/// A holding as a statement names it: a unit, and the place when one was written
/// (`USD@wise`; `USD@""` the unnamed place). A bare `USD` has no place: a read takes all
/// its places summed, a write the one place holding it (SPEC §11).
struct NamedHolding {
  let currency: Currency
  let place: Place?
  /// Where the name was written, for messages.
  let offset: Int
}
