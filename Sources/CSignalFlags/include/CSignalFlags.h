#ifndef COFFER_SIGNAL_FLAGS_H
#define COFFER_SIGNAL_FLAGS_H

// Signal handlers that only set a flag, one per signal; the shell reads the flags
// between lines and statements. The flags are defined once, in signal_flags.c:
// header-only statics would exist once per Swift module that calls them, and release
// builds inline callers across modules, so a handler could set one copy while the shell
// read another.

/// SIGTERM, SIGHUP and SIGQUIT (and SIGINT when `catch_interrupt`) set their flag and interrupt a
/// blocking read (no SA_RESTART), so el_gets returns; SIGWINCH only sets its flag. The
/// calling thread unblocks them all, whatever mask it inherited.
void coffer_install_signal_handlers(int catch_interrupt);

/// 1 if `signo` (SIGINT, SIGTERM, SIGHUP, SIGQUIT or SIGWINCH) arrived since it was last taken,
/// and clears it, in one atomic step.
int coffer_take_signal(int signo);

/// 1 if `signo` arrived and was not taken yet; left in place.
int coffer_signal_pending(int signo);

/// 1 if SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived and was not taken yet; left in place.
/// Plain loads, no locked instruction: asked before every statement of a script.
int coffer_stop_or_interrupt_pending(void);

#endif
