#ifndef COFFER_CEDITLINE_SHIM_H
#define COFFER_CEDITLINE_SHIM_H

#include <stdio.h>
#include <locale.h>
#include <langinfo.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <histedit.h>

// libedit's el_set, el_get and history are variadic, which Swift cannot call.
// Each wrapper below fixes one call shape so Swift sees a plain C function.

// The C standard streams, which Swift 6 treats as unsafe shared globals.
static inline FILE *coffer_stdin(void) { return stdin; }
static inline FILE *coffer_stdout(void) { return stdout; }
static inline FILE *coffer_stderr(void) { return stderr; }

typedef char *(*coffer_prompt_fn)(EditLine *);
typedef unsigned char (*coffer_command_fn)(EditLine *, int);

static inline int coffer_el_set_prompt(EditLine *el, coffer_prompt_fn fn) {
  return el_set(el, EL_PROMPT, fn);
}

static inline int coffer_el_set_prompt_esc(EditLine *el, coffer_prompt_fn fn, char esc) {
  return el_set(el, EL_PROMPT_ESC, fn, esc);
}

static inline int coffer_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

static inline int coffer_el_set_signal(EditLine *el, int flag) {
  return el_set(el, EL_SIGNAL, flag);
}

static inline int coffer_el_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}

static inline int coffer_el_add_function(EditLine *el, const char *name, const char *help,
                                         coffer_command_fn fn) {
  return el_set(el, EL_ADDFN, name, help, fn);
}

static inline int coffer_el_bind(EditLine *el, const char *key, const char *command) {
  return el_set(el, EL_BIND, key, command, NULL);
}

static inline int coffer_el_set_client_data(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}

static inline void *coffer_el_get_client_data(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline int coffer_history_set_size(History *h, int size) {
  HistEvent ev;
  return history(h, &ev, H_SETSIZE, size);
}

static inline int coffer_history_set_unique(History *h, int unique) {
  HistEvent ev;
  return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int coffer_history_enter(History *h, const char *line) {
  HistEvent ev;
  return history(h, &ev, H_ENTER, line);
}

static inline int coffer_history_clear(History *h) {
  HistEvent ev;
  return history(h, &ev, H_CLEAR);
}

// MARK: - Terminal

/// The terminal's size; 0 when `fd` is not a terminal.
static inline int coffer_terminal_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 1;
}

/// Sets the locale from the environment, falling back to C.UTF-8 for characters when
/// the environment's is not UTF-8 (libedit then edits café and 中文 correctly).
static inline void coffer_set_locale(void) {
  const char *set = setlocale(LC_ALL, "");
  if (set == NULL || strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
    setlocale(LC_CTYPE, "C.UTF-8");
  }
}

#endif
