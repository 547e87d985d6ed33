import CofferCore

/// The units a file's codes may name: the catalog's, and those the store added with
/// `units add` (SPEC §11). The readers are handed it by their caller: they know no
/// ledger, and a unit one store added is not a unit of every store.
package struct KnownUnits: Sendable {
  /// The store's added units (their codes are upper case, as `units add` keeps them).
  package let added: [Currency]

  /// The catalog alone: what a file is read against when the store added nothing.
  package static let catalog = KnownUnits(added: [])

  package init(added: [Currency]) {
    self.added = added
  }

  /// The unit `code` names, in any letter case; nil for a code neither the catalog nor
  /// the store knows.
  package func currency(_ code: String) -> Currency? {
    if let currency = Catalog.currency(code) { return currency }
    guard !added.isEmpty else { return nil }
    let upper = code.uppercased()
    return added.first { $0.code == upper }
  }
}
