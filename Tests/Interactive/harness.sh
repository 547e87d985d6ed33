# Shared by the interactive test scripts: the real coffer binary in a real terminal
# (tmux), driven with send-keys and read back with capture-pane, as a person would.
# Sourced after `binary` is set; counts into `passed` and `failed`.

passed=0
failed=0
# The day the sessions take as today; the script's own runs of coffer take it too (an
# entry of another day would be one after the sessions' today, out of their amounts).
export COFFER_TODAY=2026-11-22
# In /tmp itself, whatever TMPDIR says (Scripts/test points it at a folder of its own): the
# screens show paths in it, and a longer one wraps the very lines the tests look for.
sandbox=$(mktemp -d /tmp/tmp.XXXXXXXXXX)
socket="coffer-tests-$$"
tmux_() { tmux -L "$socket" "$@"; }
trap 'tmux_ kill-server 2>/dev/null; rm -rf "$sandbox"' EXIT

# Starts coffer in a fresh terminal (100x30 unless COLUMNS_ROWS says "WxH"; TERM
# xterm-256color unless TERM_TYPE says otherwise) with its own HOME and XDG folders, and
# the variables of COFFER_ENV ("LANG=zh_CN.UTF-8 …") last. The new session starts before
# the old one is killed: killing the only session ends the tmux server, and a new session
# asked for meanwhile can reach the dying server.
session=0
start() {
  local previous=$session size="${COLUMNS_ROWS:-100x30}"
  session=$((session + 1))
  tmux_ new-session -d -x "${size%x*}" -y "${size#*x}" -s "t$session" \
    "env -i PATH=/usr/bin:/bin HOME=$sandbox XDG_DATA_HOME=$sandbox/data XDG_STATE_HOME=$sandbox/state \
     TERM=${TERM_TYPE:-xterm-256color} LANG=C.UTF-8 COFFER_TODAY=2026-11-22 ${COFFER_ENV:-} $binary $*; echo \"[exit \$?]\"; exec bash --norc -i"
  [ "$previous" -gt 0 ] && tmux_ kill-session -t "t$previous" 2>/dev/null
  return 0
}
screen() { tmux_ capture-pane -p -t "t$session"; }
keys() { tmux_ send-keys -t "t$session" "$@"; }

# Waits up to 5 s for the screen to contain a fixed string (tmux drops trailing blanks,
# so a prompt is matched without its space).
expect_screen() {
  local name="$1" text="$2"
  for _ in $(seq 1 50); do
    if screen | grep -qF -- "$text"; then
      passed=$((passed + 1)); echo "ok: $name"; return 0
    fi
    sleep 0.1
  done
  failed=$((failed + 1)); echo "FAILED: $name: screen has no '$text'"; screen | sed 's/^/    | /'
  return 1
}

# The same for an extended regular expression matching a whole line of the screen.
expect_screen_matching() {
  local name="$1" pattern="$2"
  for _ in $(seq 1 50); do
    if screen | grep -Eq -- "$pattern"; then
      passed=$((passed + 1)); echo "ok: $name"; return 0
    fi
    sleep 0.1
  done
  failed=$((failed + 1)); echo "FAILED: $name: no line matches '$pattern'"; screen | sed 's/^/    | /'
  return 1
}

# Waits up to 5 s for the screen to stop showing a fixed string, and counts that.
expect_gone() {
  local name="$1" text="$2"
  for _ in $(seq 1 50); do
    if ! screen | grep -qF -- "$text"; then
      passed=$((passed + 1)); echo "ok: $name"; return 0
    fi
    sleep 0.1
  done
  failed=$((failed + 1)); echo "FAILED: $name: screen still has '$text'"; screen | sed 's/^/    | /'
  return 1
}

# The opposite of expect_screen: the screen must not show a string (checked after the
# caller waited for what would have shown it).
expect_no_screen() {
  local name="$1" text="$2"
  if screen | grep -qF -- "$text"; then
    failed=$((failed + 1)); echo "FAILED: $name: screen still has '$text'"; screen | sed 's/^/    | /'
    return 1
  fi
  passed=$((passed + 1)); echo "ok: $name"
}

# terminal_state [SESSION] [UNTIL]: waits up to 5 s until the terminal of a tmux session
# (the current one unless named) is in the state UNTIL names; fails if it never is.
#   waiting  the program reads it key by key (libedit at its prompt, curses, zsh's or
#            fish's line editor) and has taken every key sent so far
#   running  it is back in canonical mode: the program runs a command, not reading keys
# Each is seen twice in a row, 50 ms apart, so keys tmux has yet to hand to the terminal
# are not missed.
terminal_state() {
  local target="${1:-t$session}" until="${2:-waiting}"
  python3 - "$(tmux_ display-message -p -t "$target" '#{pane_tty}')" "$until" <<'PYTHON'
import fcntl, os, struct, sys, termios, time
tty, until = sys.argv[1], sys.argv[2]
fd = os.open(tty, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
deadline, seen = time.monotonic() + 5, 0
while time.monotonic() < deadline:
    canonical = termios.tcgetattr(fd)[3] & termios.ICANON
    pending = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0" * 4))[0]
    state = "running" if canonical else "waiting" if pending == 0 else "busy"
    seen = seen + 1 if state == until else 0
    if seen == 2:
        sys.exit(0)
    time.sleep(0.05)
sys.exit(1)
PYTHON
}

# Lets the program reach its next prompt: keys typed while a command runs are echoed by
# the terminal before libedit takes over, which scrambles the screen (not the line).
settle() {
  local target="${1:-t$session}"
  terminal_state "$target" waiting && return 0
  failed=$((failed + 1)); echo "FAILED: the terminal of $target never waited for a key"
  tmux_ capture-pane -p -t "$target" | sed 's/^/    | /'
}

# Waits until the program runs the command it was given (its terminal left raw mode).
running() {
  terminal_state "t$session" running && return 0
  failed=$((failed + 1)); echo "FAILED: the command never started"; screen | sed 's/^/    | /'
}

# Resizes the current session's window and waits until its terminal has the new size
# (the program has been sent SIGWINCH).
resize() {
  local columns="$1" rows="$2"
  tmux_ resize-window -t "t$session" -x "$columns" -y "$rows"
  local tty; tty=$(tmux_ display-message -p -t "t$session" '#{pane_tty}')
  for _ in $(seq 1 50); do
    [ "$(stty -F "$tty" size)" = "$rows $columns" ] && return 0
    sleep 0.1
  done
  failed=$((failed + 1)); echo "FAILED: the terminal never became ${columns}x$rows"
}

expect_true() {
  local name="$1"; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $name"
  else failed=$((failed + 1)); echo "FAILED: $name"; fi
}

expect_equal() {
  local name="$1" expected="$2" actual="$3"
  if [ "$expected" = "$actual" ]; then passed=$((passed + 1)); echo "ok: $name"
  else failed=$((failed + 1)); printf 'FAILED: %s\n--- expected\n%s\n--- actual\n%s\n' "$name" "$expected" "$actual"; fi
}

finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
