#!/bin/sh
# Makes sure the Debian packages tavola builds and tests with are present.
# As root it installs what is missing; otherwise it names the packages and stops.
set -u
missing=""
have_pc() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1"; }
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
command -v make >/dev/null 2>&1 || missing="$missing make"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
have_pc lua5.4 || missing="$missing liblua5.4-dev"
have_pc check || missing="$missing check"
have_pc libedit || missing="$missing libedit-dev"   # line editing at the play prompt
have_pc libmicrohttpd || missing="$missing libmicrohttpd-dev"   # tavola serve: HTTP
have_pc sqlite3 || missing="$missing libsqlite3-dev"            # tavola serve: the games kept
command -v lua5.4 >/dev/null 2>&1 || missing="$missing lua5.4"
command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"
# The Python package's tests run under Debian's interpreter (PYTHON), which
# finds Debian's python3-* packages; TAVOLA_DEPS_EXTRA names more (the
# example's torch and matplotlib), checked the same way.
PY=${PYTHON:-/usr/bin/python3}
have_py() { [ -x "$PY" ] && "$PY" -c "import $1" >/dev/null 2>&1; }
[ -x "$PY" ] || missing="$missing python3"
have_py numpy || missing="$missing python3-numpy"
have_py pytest || missing="$missing python3-pytest"
for extra in ${TAVOLA_DEPS_EXTRA:-}; do
  case $extra in
    python3-torch) have_py torch || missing="$missing python3-torch" ;;
    python3-matplotlib) have_py matplotlib || missing="$missing python3-matplotlib" ;;
    python3-selenium) have_py selenium || missing="$missing python3-selenium" ;;
    python3-absl) have_py absl || missing="$missing python3-absl" ;;
    chromium) command -v chromium >/dev/null 2>&1 || missing="$missing chromium" ;;
    chromium-driver) command -v chromedriver >/dev/null 2>&1 || missing="$missing chromium-driver" ;;
    *) dpkg -s "$extra" >/dev/null 2>&1 || missing="$missing $extra" ;;
  esac
done
# GNU parallel: tests/cli/parallel_test.sh runs the many-machines recipe locally.
command -v parallel >/dev/null 2>&1 || missing="$missing parallel"
# GNU Go: tests/cli/gtp_test.sh plays it against tavola gtp (Debian puts it in /usr/games).
{ command -v gnugo >/dev/null 2>&1 || [ -x /usr/games/gnugo ]; } || missing="$missing gnugo"
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "tavola: installing missing Debian packages:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  # apt's own output goes to a log, shown only when it fails.
  log=${TMPDIR:-/tmp}/tavola-apt.log
  if apt-get update -qq >"$log" 2>&1 &&
     apt-get install -y -qq --no-install-recommends $missing >>"$log" 2>&1; then
    echo "tavola: installed (apt's log: $log)" >&2
    exit 0
  fi
  tail -20 "$log" >&2
  echo "tavola: apt-get could not install:$missing (log: $log)" >&2
  exit 1
fi
echo "tavola: missing Debian packages:$missing" >&2
echo "tavola: install them with: sudo apt-get install$missing" >&2
exit 1
