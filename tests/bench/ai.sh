#!/bin/sh
# Play strength, as figures (not a unit test): fixed-seed matches through the
# tavola command, each printed beside its target.
# usage: sh tests/bench/ai.sh path/to/tavola   (AI_GAMES=N sets the match length;
#        AI_ONLY=WORD plays only the match rows whose name holds WORD, and no solver rows)
set -u
TAVOLA=${1:-build/release/tavola}
GAMES=${AI_GAMES:-100}
ONLY=${AI_ONLY:-}
JOBS=${AI_JOBS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
met=0
missed=0

# The first "key":number of a JSON object (the totals come before the breakdown).
field() { grep -o "\"$1\":[-0-9.]*" "$2" | head -1 | cut -d: -f2; }

# match NAME RULESET P1 P2 TARGET: p1's share of wins must reach TARGET.
match() {
  name=$1 ruleset=$2 p1=$3 p2=$4 target=$5
  case "$name" in *"$ONLY"*) ;; *) return ;; esac
  start=$(date +%s)
  "$TAVOLA" match "$ruleset" --p1 "$p1" --p2 "$p2" --games "$GAMES" --seed 2026 --swap-sides \
    --jobs "$JOBS" --json >"$tmp/m.json" 2>/dev/null || { echo "$name: the match failed"; missed=$((missed + 1)); return; }
  wins=$(field wins "$tmp/m.json") draws=$(field draws "$tmp/m.json") losses=$(field losses "$tmp/m.json")
  share=$(awk -v w="$wins" -v g="$GAMES" 'BEGIN { printf "%.3f", w / g }')
  verdict=$(awk -v s="$share" -v t="$target" 'BEGIN { print (s >= t ? "met" : "MISSED") }')
  [ "$verdict" = met ] && met=$((met + 1)) || missed=$((missed + 1))
  printf '%-34s %3s-%s-%s  wins %5.1f%%  target >= %3.0f%%  %-6s (%ss)\n' "$name" "$wins" "$draws" "$losses" \
    "$(awk -v s="$share" 'BEGIN { print s * 100 }')" "$(awk -v t="$target" 'BEGIN { print t * 100 }')" \
    "$verdict" "$(($(date +%s) - start))"
}

# figure NAME RULESET P1 P2: p1's wins-draws-losses, a figure with no target.
figure() {
  name=$1 ruleset=$2 p1=$3 p2=$4
  case "$name" in *"$ONLY"*) ;; *) return ;; esac
  start=$(date +%s)
  "$TAVOLA" match "$ruleset" --p1 "$p1" --p2 "$p2" --games "$GAMES" --seed 2026 --swap-sides \
    --jobs "$JOBS" --json >"$tmp/m.json" 2>/dev/null || { echo "$name: the match failed"; return; }
  printf '%-34s %3s-%s-%s  score %s  (figure, %ss)\n' "$name" "$(field wins "$tmp/m.json")" \
    "$(field draws "$tmp/m.json")" "$(field losses "$tmp/m.json")" "$(field score "$tmp/m.json")" \
    "$(($(date +%s) - start))"
}

echo "Play strength ($GAMES games a match, sides swapped every game, seed 2026)"
match "pahtum: mcts 10000 vs random" pahtum mcts:iterations=10000 random 0.95
match "pahtum: mcts 10000 vs greedy" pahtum mcts:iterations=10000 greedy 0.75
match "tihbat: mcts 10000 vs random" tihbat mcts:iterations=10000 random 0.95

# Games of pieces, and alpha-beta by each ruleset's evaluate{} (rulesets/README.md).
# Clobber's counts tell alpha-beta little (every move is a pair of neighbours,
# so mobility is even): it wins by depth.
match "breakthrough: mcts 1000 vs random" breakthrough mcts:iterations=1000 random 0.95
match "breakthrough: alphabeta 3 vs random" breakthrough alphabeta:depth=3 random 0.95
match "clobber: mcts 1000 vs random" clobber mcts:iterations=1000 random 0.95
match "clobber: alphabeta 7 vs random" clobber alphabeta:depth=7 random 0.95
match "checkers: mcts 1000 vs random" checkers mcts:iterations=1000 random 0.95
match "checkers: alphabeta 6 vs random" checkers alphabeta:depth=6 random 0.95
# Chess: material by kind (its evaluate{}); MCTS by random playouts, which
# end in draws more often than in mates (insufficient material, fifty moves).
match "chess: alphabeta 3 vs random" chess alphabeta:depth=3 random 0.95
match "chess: mcts 300 vs random" chess mcts:iterations=300 random 0.95
match "draughts: alphabeta 3 vs random" draughts alphabeta:depth=3 random 0.95
match "draughts: mcts 300 vs random" draughts mcts:iterations=300 random 0.95
# Makruk: material and mobility (its evaluate{}); its random games run some
# 500 plies (MCTS 300 won 12 of 20, drew 8, in 376 s: no row).
match "makruk: alphabeta 3 vs random" makruk alphabeta:depth=3 random 0.95
# Go 9x9 and Atari Go: MCTS over random playouts (the chains fast path).
match "go: mcts 300 vs random" go mcts:iterations=300 random 0.95
match "atari_go: mcts 300 vs random" atari_go mcts:iterations=300 random 0.95
# Havannah, base 8: random sometimes closes a ring MCTS did not see (19 of 20
# at 300 and at 1000 iterations in one run; the loss a true ring, checked).
match "havannah: mcts 1000 vs random" havannah mcts:iterations=1000 random 0.95
# Nine Men's Morris: MCTS over random playouts (the bit-set fast path);
# alpha-beta on material and mobility (its evaluate{}).
match "nine_mens_morris: mcts 1000 vs random" nine_mens_morris mcts:iterations=1000 random 0.95
match "nine_mens_morris: alphabeta 3 vs random" nine_mens_morris alphabeta:depth=3 random 0.95
match "connect4: alphabeta 5 vs random" connect4 alphabeta:depth=5 random 0.95
figure "connect4: alphabeta 5 vs mcts 1000" connect4 alphabeta:depth=5 mcts:iterations=1000
figure "breakthrough: alphabeta 3 vs mcts 1000" breakthrough alphabeta:depth=3 mcts:iterations=1000
figure "checkers: alphabeta 6 vs mcts 1000" checkers alphabeta:depth=6 mcts:iterations=1000

# The solver on Tihbat: the solved value says player 2 wins by 2. From that
# side it must never lose, and from either side it must keep the solved
# margin (player 1 loses by at most 2, player 2 wins by at least 2).
# (AI_ONLY skips the solver rows; the RAVE and evaluation rows below still run where named.)
if [ -n "$ONLY" ]; then
  echo "play strength: $met targets met, $missed missed"
else
value=$("$TAVOLA" solve tihbat 2>/dev/null | sed -n 's/^final margin: //p')
for other in random greedy mcts:iterations=10000 alphabeta:depth=8; do
  "$TAVOLA" match tihbat --p1 solver --p2 "$other" --games "$GAMES" --seed 2026 --swap-sides --jobs "$JOBS" \
    --record "$tmp/$other.rec" --json >/dev/null 2>&1
  verdict=$(awk -v v="$value" '
    /^\[P1 / { p1 = $0 } /^\[Result / { res = $0 }
    /^\[Scores / { gsub(/[^0-9,]/, "", $2); split($2, s, ","); m = s[1] - s[2]
      games++
      if (index(p1, "\"solver\"")) { if (m < v) bad++ }
      else { if (-m < -v) bad++; if (index(res, "\"1-0\"")) lost++ } }
    END { printf "%d games, %d below the solved margin, %d lost from the favoured side", games, bad + 0, lost + 0
          exit (bad + lost > 0) }' "$tmp/$other.rec") && ok=met || ok=MISSED
  [ "$ok" = met ] && met=$((met + 1)) || missed=$((missed + 1))
  printf '%-34s %s  %s\n' "tihbat: solver vs $other" "$verdict" "$ok"
done
echo "play strength: $met targets met, $missed missed (solved Tihbat margin for player 1: $value)"
fi

# Two players against each other at equal cost, sides swapped, seed 2026:
# p1's score with its 95% interval (a draw counts half), and whether it is
# above 0.5 (LABEL names p1 in that verdict).
versus_field() { grep -o "\"$1\":[-0-9.]*" "$2" | head -1 | cut -d: -f2; }
versus_row() {
  vs_name=$1 vs_ruleset=$2 vs_opts=$3 vs_p1=$4 vs_p2=$5 vs_label=$6
  case "$vs_name" in *"${AI_ONLY:-}"*) ;; *) return ;; esac
  vs_start=$(date +%s) vs_json=$(mktemp)
  if "$TAVOLA" match "$vs_ruleset" -o "$vs_opts" --p1 "$vs_p1" --p2 "$vs_p2" --games "${AI_GAMES:-100}" \
    --seed 2026 --swap-sides --jobs "${AI_JOBS:-2}" --json >"$vs_json" 2>/dev/null; then
    vs_score=$(versus_field score "$vs_json")
    printf '%-46s %s-%s-%s  score %.3f [%.3f, %.3f]  %s > 0.5: %s  (%ss)\n' "$vs_name" \
      "$(versus_field wins "$vs_json")" "$(versus_field draws "$vs_json")" "$(versus_field losses "$vs_json")" \
      "$vs_score" "$(versus_field score_low "$vs_json")" "$(versus_field score_high "$vs_json")" "$vs_label" \
      "$(awk -v s="$vs_score" 'BEGIN { print (s > 0.5 ? "yes" : "NO") }')" "$(($(date +%s) - vs_start))"
  else
    echo "$vs_name: the match failed"
  fi
  rm -f "$vs_json"
}

# RAVE (mcts:rave=K, core/players/tv_mcts.c) against plain MCTS at equal
# iterations on placement games. At equal iterations only: a RAVE iteration
# costs more (Hex 11x11 1.25 times, Gomoku 15x15 1.3, Pente 11x11 3, whose
# captures make the playout list its moves).
versus_row "hex 11x11: mcts 1000 rave vs plain" hex size=11 mcts:iterations=1000,rave=1000 mcts:iterations=1000 rave
versus_row "gomoku 15x15: mcts 1000 rave vs plain" gomoku size=15 mcts:iterations=1000,rave=1000 mcts:iterations=1000 rave
versus_row "pente 11x11: mcts 1000 rave vs plain" pente size=11 mcts:iterations=1000,rave=1000 mcts:iterations=1000 rave

# Alpha-beta by the connection and flip evaluations (hex.lua's two_distance
# and two_distance_cells, y.lua's two_distance, othello.lua's mobility,
# corners and stable; rulesets/README.md) against plain MCTS at equal cost:
# alpha-beta's nodes chosen to spend less CPU a move than MCTS's iterations,
# each player's thread timed over 40 to 60 games of the pair (-O2; per-move
# times varied by a third from run to run on a shared 2-core machine, their
# ratio less): Hex 11x11 31 ms a move against 40 (0.78; nodes=1800 was 1.03);
# Othello 8x8 14 against 16 (0.90); Y 19 33 against 36 (0.91). Fixed budgets,
# so that the games are the same on any machine.
versus_row "hex 11x11: alphabeta 1500n vs mcts 5000" hex size=11 alphabeta:nodes=1500 mcts:iterations=5000 alphabeta
versus_row "othello 8x8: alphabeta 18000n vs mcts 5000" othello size=8 alphabeta:nodes=18000 mcts:iterations=5000 alphabeta
versus_row "y 19: alphabeta 800n vs mcts 3000" y size=19 alphabeta:nodes=800 mcts:iterations=3000 alphabeta
