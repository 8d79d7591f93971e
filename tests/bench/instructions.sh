#!/bin/sh
# Instructions per random playout of every ruleset, counted by callgrind: the
# measure of a refactoring's cost that does not depend on the machine or its
# load (the same seeds play the same games, so two builds are compared game
# for game). Used by `make bench-instr`.
#
#   instructions.sh BENCH [RULESET.lua...]    one line per ruleset: name, instructions a playout
#   instructions.sh compare BEFORE AFTER      the two tables side by side, with the ratio;
#                                             exits 1 when a ruleset costs 3% more
#
# A playout's count is (count of N2 playouts - count of N1) / (N2 - N1), so
# loading the ruleset (the Lua VM, the tables) is not counted.
set -eu
N1=${INSTR_N1:-40}
N2=${INSTR_N2:-240}

if [ "${1:-}" = compare ]; then
    awk -v limit="${INSTR_LIMIT:-1.03}" '
        FNR == NR { before[$1] = $2; next }
        ($1 in before) {
            ratio = $2 / before[$1]
            flag = ratio > limit ? "  SLOWER" : ""
            if (ratio > limit) bad = 1
            printf "%-28s %12d %12d  %.4f%s\n", $1, before[$1], $2, ratio, flag
        }
        END { exit bad }' "$2" "$3"
    exit $?
fi

bench=$1
shift
[ $# -gt 0 ] || set -- rulesets/*.lua tests/bench/*_hooks.lua
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" playouts "$1" "$2" 2>&1 >/dev/null |
        sed -n 's/^==[0-9]*== Collected : \([0-9]*\).*/\1/p'
}
for f in "$@"; do
    a=$(count "$f" "$N1")
    b=$(count "$f" "$N2")
    [ -n "$a" ] && [ -n "$b" ] || { echo "instructions.sh: $f: no count from callgrind" >&2; exit 1; }
    echo "$(basename "$f" .lua) $(( (b - a) / (N2 - N1) ))"
done
