#include "CSignalFlags.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

// One flag per signal, so a SIGINT never hides a pending SIGTERM; taken with an atomic
// exchange, so a signal arriving between a read and a clear is never lost. Lock-free
// atomic ints are safe to store from a signal handler.
static atomic_int interrupt_flag;
static atomic_int terminate_flag;
static atomic_int hangup_flag;
static atomic_int quit_flag;
static atomic_int window_flag;

static atomic_int *flag_of(int signo) {
  switch (signo) {
  case SIGINT: return &interrupt_flag;
  case SIGTERM: return &terminate_flag;
  case SIGHUP: return &hangup_flag;
  case SIGQUIT: return &quit_flag;
  case SIGWINCH: return &window_flag;
  default: return NULL;
  }
}

static void on_signal(int signo) {
  atomic_int *flag = flag_of(signo);
  if (flag) atomic_store(flag, 1);
}

void coffer_install_signal_handlers(int catch_interrupt) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGHUP, &action, NULL);
  // SIGQUIT's default would end the process with the terminal raw and the edits lost:
  // it stops Coffer as SIGTERM does, saving first.
  sigaction(SIGQUIT, &action, NULL);
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
  sigaddset(&caught, SIGQUIT);
  sigaddset(&caught, SIGINT);
  sigaddset(&caught, SIGWINCH);
  pthread_sigmask(SIG_UNBLOCK, &caught, NULL);
}

int coffer_take_signal(int signo) {
  atomic_int *flag = flag_of(signo);
  return flag ? atomic_exchange(flag, 0) : 0;
}

int coffer_stop_or_interrupt_pending(void) {
  return atomic_load_explicit(&interrupt_flag, memory_order_relaxed)
    | atomic_load_explicit(&terminate_flag, memory_order_relaxed)
    | atomic_load_explicit(&hangup_flag, memory_order_relaxed)
    | atomic_load_explicit(&quit_flag, memory_order_relaxed);
}

int coffer_signal_pending(int signo) {
  atomic_int *flag = flag_of(signo);
  return flag ? atomic_load(flag) : 0;
}
