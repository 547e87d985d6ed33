import CEditLine
import CSignalFlags

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signals as flags: the handlers only record them; the shell acts on them between
/// lines and statements, where it is safe to save and exit.
package enum Signals {
  /// SIGTERM, SIGHUP and SIGQUIT always; SIGINT too for the interactive shell (in a script it
  /// keeps its default, ending the run).
  package static func install(catchInterrupt: Bool) {
    coffer_install_signal_handlers(catchInterrupt ? 1 : 0)
  }

  /// Whether Ctrl-C arrived since the last take; clears it.
  package static func takeInterrupt() -> Bool {
    coffer_take_signal(SIGINT) != 0
  }

  /// Whether Ctrl-C arrived and was not taken yet.
  package static var interruptPending: Bool {
    coffer_signal_pending(SIGINT) != 0
  }

  /// SIGTERM, SIGHUP or SIGQUIT, received and not taken yet: the run is to end (saving
  /// first). SIGTERM first.
  package static var pendingStop: Int32? {
    if coffer_signal_pending(SIGTERM) != 0 { return SIGTERM }
    if coffer_signal_pending(SIGHUP) != 0 { return SIGHUP }
    if coffer_signal_pending(SIGQUIT) != 0 { return SIGQUIT }
    return nil
  }

  package static var stopPending: Bool { pendingStop != nil }

  /// Whether Ctrl-C, SIGTERM, SIGHUP or SIGQUIT arrived and was not taken yet: cheap
  /// enough to ask before every statement (plain loads), the signals themselves looked
  /// at only then.
  package static var stopOrInterruptPending: Bool {
    coffer_stop_or_interrupt_pending() != 0
  }

  /// SIGTERM, SIGHUP or SIGQUIT if one arrived; clears it.
  package static func takeStop() -> Int32? {
    if coffer_take_signal(SIGTERM) != 0 { return SIGTERM }
    if coffer_take_signal(SIGHUP) != 0 { return SIGHUP }
    if coffer_take_signal(SIGQUIT) != 0 { return SIGQUIT }
    return nil
  }

  /// Whether the window was resized since the last call; clears it.
  package static func takeWindowChange() -> Bool {
    coffer_take_signal(SIGWINCH) != 0
  }
}
