#ifndef COFFER_CNCURSES_SHIM_H
#define COFFER_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

// ncurses gives several of its values and calls as macros, which Swift cannot see, and
// `stdscr` as a global, which Swift 6 treats as unsafe shared state. Each shim below
// turns one into a plain C function.

static inline WINDOW *coffer_stdscr(void) { return stdscr; }

// newterm, unlike initscr, returns NULL for a terminal type terminfo does not know
// (initscr prints a message and exits the process, dropping what was not saved).
static inline SCREEN *coffer_new_terminal(void) { return newterm(NULL, stdout, stdin); }
static inline int coffer_rows(void) { return getmaxy(stdscr); }
static inline int coffer_columns(void) { return getmaxx(stdscr); }

static inline int coffer_attr_bold(void) { return (int)A_BOLD; }
static inline int coffer_attr_reverse(void) { return (int)A_REVERSE; }
static inline int coffer_attr_dim(void) { return (int)A_DIM; }
static inline int coffer_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int coffer_color_pair(int pair) { return (int)COLOR_PAIR(pair); }

static inline int coffer_key_f(int n) { return KEY_F(n); }

static inline int coffer_move_add(int row, int column, const char *text) {
  return mvaddstr(row, column, text);
}
static inline int coffer_attr_on(int attributes) { return attron(attributes); }
static inline int coffer_attr_off(int attributes) { return attroff(attributes); }
static inline int coffer_clear_to_end_of_line(void) { return clrtoeol(); }
static inline int coffer_move(int row, int column) { return move(row, column); }

#endif
