import CNCurses

/// A key as the form understands it.
package enum Key: Equatable, Sendable {
  case character(Character)
  case control(Character)
  case alt(Character)
  case up, down, left, right, home, end, pageUp, pageDown
  case controlHome, controlEnd
  case tab, backTab, enter, backspace, delete, escape
  case function(Int)
  case resize

  static let controlHomeCode: Int32 = KEY_MAX + 1
  static let controlEndCode: Int32 = KEY_MAX + 2

  init?(code: Int32) {
    switch code {
    case KEY_UP: self = .up
    case KEY_DOWN: self = .down
    case KEY_LEFT: self = .left
    case KEY_RIGHT: self = .right
    case KEY_HOME: self = .home
    case KEY_END: self = .end
    case KEY_PPAGE: self = .pageUp
    case KEY_NPAGE: self = .pageDown
    case KEY_BTAB: self = .backTab
    case KEY_ENTER: self = .enter
    case KEY_BACKSPACE: self = .backspace
    case KEY_DC: self = .delete
    case KEY_RESIZE: self = .resize
    case Self.controlHomeCode: self = .controlHome
    case Self.controlEndCode: self = .controlEnd
    default:
      let first = coffer_key_f(0)
      guard code > first, code <= first + 12 else { return nil }
      self = .function(Int(code - first))
    }
  }

  init?(scalar: Unicode.Scalar) {
    switch scalar.value {
    case 9: self = .tab
    case 10, 13: self = .enter
    case 8, 127: self = .backspace
    case 1...26: self = .control(Character(Unicode.Scalar(UInt8(scalar.value + 96))))
    case 0..<32: return nil
    default: self = .character(Character(scalar))
    }
  }
}
