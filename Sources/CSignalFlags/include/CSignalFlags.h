#ifndef COFFER_SIGNAL_FLAGS_H
#define COFFER_SIGNAL_FLAGS_H

// Signal handlers that only set a flag; the shell reads the flags between lines and
// statements. The flags are defined once, in signal_flags.c: header-only statics would
// exist once per Swift module that calls them, and release builds inline callers
// across modules, so a handler could set one copy while the shell read another.

/// SIGTERM and SIGHUP (and SIGINT when `catch_interrupt`) set a flag and interrupt a
/// blocking read (no SA_RESTART), so el_gets returns; SIGWINCH only sets a flag. The
/// calling thread unblocks them all, whatever mask it inherited.
void coffer_install_signal_handlers(int catch_interrupt);

/// The last SIGTERM, SIGHUP or SIGINT received, cleared; 0 if none.
int coffer_take_signal(void);

/// The last signal received, left in place.
int coffer_peek_signal(void);

/// 1 if the window changed size since the last call.
int coffer_take_window_change(void);

#endif
