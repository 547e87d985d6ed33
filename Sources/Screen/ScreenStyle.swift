import CNCurses

/// Text attributes.
package struct ScreenStyle: OptionSet, Sendable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }
  package static let bold = ScreenStyle(rawValue: 1)
  package static let reverse = ScreenStyle(rawValue: 2)
  package static let dim = ScreenStyle(rawValue: 4)
  package static let red = ScreenStyle(rawValue: 8)
  package static let yellow = ScreenStyle(rawValue: 16)
  package static let green = ScreenStyle(rawValue: 32)
  package static let underline = ScreenStyle(rawValue: 64)

  /// `[.red, .bold]` without the generic set-algebra path (and its array) that an
  /// option set's literal otherwise takes across modules: forms draw styles per key.
  package init(arrayLiteral elements: ScreenStyle...) {
    rawValue = elements.reduce(0) { $0 | $1.rawValue }
  }

  var attributes: Int32 {
    var value: Int32 = 0
    if contains(.bold) { value |= Int32(coffer_attr_bold()) }
    if contains(.reverse) { value |= Int32(coffer_attr_reverse()) }
    if contains(.dim) { value |= Int32(coffer_attr_dim()) }
    if contains(.underline) { value |= Int32(coffer_attr_underline()) }
    if has_colors() {
      if contains(.red) { value |= Int32(coffer_color_pair(1)) }
      if contains(.yellow) { value |= Int32(coffer_color_pair(2)) }
      if contains(.green) { value |= Int32(coffer_color_pair(3)) }
    }
    return value
  }
}
