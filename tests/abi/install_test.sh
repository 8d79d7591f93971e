#!/bin/sh
# make install into a scratch DESTDIR, then use the installed tree as a host
# would: tavola.pc for the compile flags, the shared library by soname, the
# installed rulesets (from a folder without ./rulesets), the Lua module from
# the Lua 5.4 C-module path, and make uninstall.
set -u
dest=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$dest" "$work"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
prefix=/usr/local
root="$dest$prefix"

make --no-print-directory install DESTDIR="$dest" PREFIX="$prefix" >"$work/install.log" 2>&1 || {
  cat "$work/install.log"; echo "install: 0 passed, 1 failed"; exit 1; }
for f in bin/tavola lib/libtavola.so.1 lib/libtavola.so lib/libtavola.a include/tavola.h \
         lib/pkgconfig/tavola.pc lib/lua/5.4/tavola.so share/tavola/rulesets/pahtum.lua; do
  if [ -e "$root/$f" ]; then ok; else bad "$f not installed"; fi
done

# Build the example host against the installed tavola.pc, run it by soname.
export PKG_CONFIG_PATH="$root/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
cflags=$(pkg-config --cflags tavola) && ok || bad "pkg-config --cflags tavola"
cc -std=c11 $cflags "$(pwd)/plugin/examples/host.c" -ldl -o "$work/host" && ok || bad "building the host"
(cd "$work" && LD_LIBRARY_PATH="$root/lib" ./host libtavola.so.1 >"$work/host.out" 2>&1) \
  && ok || { bad "the host on the installed library"; tail -5 "$work/host.out"; }
grep -q '^pahtum ' "$work/host.out" && ok || bad "the installed rulesets were not found"

# A program linked with pkg-config --libs.
cat >"$work/linked.c" <<'C'
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
cc -std=c11 $cflags "$work/linked.c" $(pkg-config --libs tavola) -o "$work/linked" && ok || bad "linking -ltavola"
(cd "$work" && LD_LIBRARY_PATH="$root/lib" ./linked) >/dev/null && ok || bad "the linked program"

# The installed command finds the installed rulesets from anywhere.
(cd "$work" && "$root/bin/tavola" list | grep -q '^tihbat ') && ok || bad "installed tavola list"
# The Lua module from the Lua 5.4 C-module path.
(cd "$work" && lua5.4 -e "package.cpath='$root/lib/lua/5.4/?.so;'..package.cpath
  local t = require 'tavola'; local g = assert(t.load('tictactoe')); assert(g:perft(2) == 72)") \
  && ok || bad "the installed Lua module"

make --no-print-directory uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null 2>&1 && ok || bad "uninstall"
left=$(find "$dest" -type f | head -5)
[ -z "$left" ] && ok || bad "uninstall left files: $left"

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
