#include "CSignalFlags.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t pending_signal = 0;
static volatile sig_atomic_t window_changed = 0;

static void on_signal(int signo) {
  if (signo == SIGWINCH) {
    window_changed = 1;
  } else {
    pending_signal = signo;
  }
}

void coffer_install_signal_handlers(int catch_interrupt) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGHUP, &action, NULL);
  if (catch_interrupt) sigaction(SIGINT, &action, NULL);
  action.sa_flags = SA_RESTART;
  sigaction(SIGWINCH, &action, NULL);
  // A program that starts Coffer from a thread that blocks signals (a dispatch worker
  // thread blocks nearly all) passes that mask on: unblocked here, or SIGTERM would
  // wait, pending, until Coffer ended by itself.
  sigset_t caught;
  sigemptyset(&caught);
  sigaddset(&caught, SIGTERM);
  sigaddset(&caught, SIGHUP);
  sigaddset(&caught, SIGINT);
  sigaddset(&caught, SIGWINCH);
  pthread_sigmask(SIG_UNBLOCK, &caught, NULL);
}

int coffer_take_signal(void) {
  int signo = pending_signal;
  pending_signal = 0;
  return signo;
}

int coffer_peek_signal(void) { return pending_signal; }

int coffer_take_window_change(void) {
  int changed = window_changed;
  window_changed = 0;
  return changed;
}
