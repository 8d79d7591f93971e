#!/bin/sh
# make install, then use the installed tree as its users would, from a folder
# that has no rulesets/ and with nothing of the source tree on any path:
# 1. a scratch PREFIX: the command through PATH lists and plays every ruleset,
#    the README's GNU parallel recipe runs on it, and the Lua module and the
#    Python package of the same install load every ruleset;
# 2. a scratch DESTDIR (PREFIX=/usr/local): tavola.pc for the compile flags,
#    the shared library by soname, the command through PATH, the Lua module
#    from the Lua 5.4 C-module path, the staged tree moved elsewhere, and
#    make uninstall.
set -u
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
work=$scratch/work       # where the installed things run: no rulesets/ here
mkdir -p "$work"
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
src=$(pwd)
PY=${PYTHON:-/usr/bin/python3}
# Nothing may lead the installed code back to the source tree.
unset TAVOLA_PATH TAVOLA_LIB TAVOLA_BUILD PYTHONPATH LUA_CPATH LUA_CPATH_5_4 LUA_PATH LUA_PATH_5_4

install_into() { # install_into LOG make-arguments...: make install, or fail the test
  log=$1; shift
  make --no-print-directory install "$@" >"$log" 2>&1 && return 0
  cat "$log"; echo "install: $passed passed, $((failed + 1)) failed"; exit 1
}

# ---- 1. a scratch PREFIX ---------------------------------------------------
prefix=$scratch/prefix
install_into "$scratch/install1.log" PREFIX="$prefix"
names=$(cd "$work" && PATH="$prefix/bin:$PATH" tavola list | awk '/^[a-z]/ { print $1 }')
count=$(echo "$names" | grep -c .)
want=$(ls "$src"/rulesets/*.lua | wc -l)
[ "$count" -eq "$want" ] && ok || bad "installed tavola through PATH lists $count rulesets, not $want"
for name in $names; do
  if (cd "$work" && PATH="$prefix/bin:$PATH" tavola play "$name" --p1 random --p2 random --seed 7) \
       >"$scratch/play.out" 2>&1 && tail -1 "$scratch/play.out" | grep -Eq 'wins|draw'; then ok
  else bad "installed tavola play $name: $(tail -2 "$scratch/play.out")"; fi
done

# The README's recipe for many machines, with the installed command on PATH.
if (cd "$work" && PATH="$prefix/bin:$PATH" parallel --will-cite --halt now,fail=1 --sshlogin 2/: \
      'tavola match tihbat --p1 greedy --p2 random --games 8 --seed 7 --shard {}/4 --json > shard-{}.json' \
      ::: 1 2 3 4 && PATH="$prefix/bin:$PATH" tavola merge shard-1.json shard-2.json shard-3.json shard-4.json \
      --json >merged.json) 2>"$scratch/err" && grep -q '"games":8,' "$work/merged.json"; then ok
else bad "the GNU parallel recipe on the installed command: $(cat "$scratch/err")"; fi

# The Lua module from the install's C-module path: every ruleset loads and moves.
if (cd "$work" && LUA_CPATH="$prefix/lib/lua/5.4/?.so" lua5.4 -e "
      local t = require 'tavola'
      local n = 0
      for _, name in ipairs(t.list()) do
        local g = assert(t.load(name))
        assert(g:perft(1) > 0, name)
        n = n + 1
      end
      assert(n == $want, n .. ' rulesets')") 2>"$scratch/err"; then ok
else bad "the installed Lua module: $(cat "$scratch/err")"; fi

# The Python package where make install put it, with Debian's interpreter.
pydir=$(ls -d "$prefix"/lib/python3*/dist-packages 2>/dev/null | head -1)
if [ -z "$pydir" ]; then bad "no Python package under $prefix/lib"
elif (cd "$work" && PYTHONPATH="$pydir" "$PY" -c "
import random, tavola
names = tavola.list_rulesets()
assert len(names) == $want, names
for name in names:
    s = tavola.load_game(name).new_initial_state(seed=1)
    rng = random.Random(1)
    for _ in range(40):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
assert tavola.__file__.startswith('$pydir'), tavola.__file__
") 2>"$scratch/err"; then ok
else bad "the installed Python package: $(tail -3 "$scratch/err")"; fi

# ---- 2. a scratch DESTDIR ----------------------------------------------------
dest=$scratch/dest
install_into "$scratch/install2.log" DESTDIR="$dest" PREFIX=/usr/local
root=$dest/usr/local
for f in bin/tavola lib/libtavola.so.1 lib/libtavola.so lib/libtavola.a include/tavola.h \
         lib/pkgconfig/tavola.pc lib/lua/5.4/tavola.so share/tavola/rulesets/pahtum.lua share/man/man1/tavola.1; do
  if [ -e "$root/$f" ]; then ok; else bad "$f not installed"; fi
done

# Build the example host against the installed tavola.pc, run it by soname.
export PKG_CONFIG_PATH="$root/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
cflags=$(pkg-config --cflags tavola) && ok || bad "pkg-config --cflags tavola"
[ "$(PKG_CONFIG_SYSROOT_DIR= pkg-config --variable=rulesetdir tavola)" = /usr/local/share/tavola/rulesets ] && ok ||
  bad "pkg-config --variable=rulesetdir tavola: $(pkg-config --variable=rulesetdir tavola)"
cc -std=c11 $cflags "$src/plugin/examples/host.c" -ldl -o "$scratch/host" && ok || bad "building the host"
(cd "$work" && LD_LIBRARY_PATH="$root/lib" "$scratch/host" libtavola.so.1 >"$scratch/host.out" 2>&1) \
  && ok || { bad "the host on the installed library"; tail -5 "$scratch/host.out"; }
grep -q '^pahtum ' "$scratch/host.out" && ok || bad "the installed rulesets were not found"

# A program linked with pkg-config --libs.
cat >"$scratch/linked.c" <<'C'
#include <stdio.h>
#include "tavola.h"
int main(void)
{
    const tavola_api *t = tavola_get_api(TAVOLA_ABI_VERSION);
    char err[256];
    tavola_ruleset *rs = t ? t->ruleset_load("tihbat", NULL, err, sizeof err) : NULL;
    tavola_game *g = rs ? t->game_new(rs, 1) : NULL;
    int ok = g && t->play_text(g, "a1") == 0 && t->to_move(g) == 2;
    printf("%s\n", ok ? "linked ok" : "linked failed");
    return !ok;
}
C
cc -std=c11 $cflags "$scratch/linked.c" $(pkg-config --libs tavola) -o "$scratch/linked" && ok || bad "linking -ltavola"
(cd "$work" && LD_LIBRARY_PATH="$root/lib" "$scratch/linked") >/dev/null && ok || bad "the linked program"

# The staged command through PATH, and the Lua module from the C-module path.
(cd "$work" && PATH="$root/bin:$PATH" tavola list | grep -q '^tihbat ') && ok || bad "staged tavola list through PATH"
(cd "$work" && lua5.4 -e "package.cpath='$root/lib/lua/5.4/?.so;'..package.cpath
  local t = require 'tavola'; local g = assert(t.load('tictactoe')); assert(g:perft(2) == 72)") \
  && ok || bad "the staged Lua module"

# The staged tree moved elsewhere (a package's files unpacked into another
# root) still finds its rulesets and its library: nothing points back.
mv "$dest" "$scratch/moved"
moved=$scratch/moved/usr/local
(cd "$work" && PATH="$moved/bin:$PATH" tavola play tictactoe --moves "b2 a1" --json | grep -q '"ply":2') \
  && ok || bad "the moved command"
pydir=$(ls -d "$moved"/lib/python3*/dist-packages | head -1)
(cd "$work" && PYTHONPATH="$pydir" "$PY" -c "
import tavola
assert 'pahtum' in tavola.list_rulesets()
assert tavola._lib.lib().path.startswith('$moved'), tavola._lib.lib().path
") 2>"$scratch/err" && ok || bad "the moved Python package: $(tail -2 "$scratch/err")"
mv "$scratch/moved" "$dest"

make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr/local >/dev/null 2>&1 && ok || bad "uninstall"
left=$(find "$dest" -type f | head -5)
[ -z "$left" ] && ok || bad "uninstall left files: $left"

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
