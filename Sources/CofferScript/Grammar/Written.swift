/// A value as a statement gave it, with the byte offset where it was written: what a
/// slot or an option's value reads back as, so errors can point at it.
package struct Written<Value: Sendable>: Sendable {
  package let value: Value
  package let offset: Int

  package init(_ value: Value, at offset: Int) {
    self.value = value
    self.offset = offset
  }
}

extension Written: Equatable where Value: Equatable {}
