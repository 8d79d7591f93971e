#!/bin/sh
# A ruleset that fails inside some games (tests/cli/rulesets/flaky.lua: its
# play hook raises an error in about one game in five, which ones fixed by
# the seed) never aborts a match: every game is played, the failing ones end
# as errors, the tally counts them apart with their messages (text and JSON),
# their records hold the moves played and the error and replay, workers and
# shards give the same tally as one process, merge adds the errors up, and
# the match exits 3 after printing its tally.
# usage: sh tests/cli/match_errors_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
. "$(dirname "$0")/lib.sh"
FLAKY=tests/cli/rulesets/flaky.lua

# exits NAME CODE CMD...: exit CODE; stdout in $tmp/out, stderr in $tmp/err.
exits() {
  name=$1; code=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -eq "$code" ]; then ok; return 0; fi
  bad "$name: exit $rc, expected $code: $(head -c 300 "$tmp/err")"; return 1
}

# has NAME FILE TEXT: FILE holds the fixed string TEXT.
has() { if grep -qF -- "$3" "$2"; then ok; else bad "$1: '$3' not in $2: $(head -c 400 "$2")"; fi; }

# same NAME FILE1 FILE2: the files are identical.
same() { if cmp -s "$2" "$3"; then ok; else bad "$1: $2 and $3 differ"; diff "$2" "$3" | head -5; fi; }

# The first "key":value of a JSON file (the top-level one in tavola's output).
json_field() { tr ',{}' '\n\n\n' <"$2" | sed -n "s/^\"$1\"://p" | head -1; }

M="$TAVOLA match $FLAKY --p1 random --p2 random --seed 5 --swap-sides"

# --- one process: every game played, the errors counted apart, exit 3 --------
exits match_json 3 $M --games 40 --json --record "$tmp/j1.rec" && cp "$tmp/out" "$tmp/j1.json"
has stderr_says "$tmp/err" "games ended in an error (not scored); the first, game "
errors=$(json_field errors "$tmp/j1.json")
w=$(json_field wins "$tmp/j1.json"); d=$(json_field draws "$tmp/j1.json"); l=$(json_field losses "$tmp/j1.json")
if [ "${errors:-0}" -gt 0 ] && [ "$errors" -lt 40 ]; then ok; else bad "errors: '$errors', expected some of 40"; fi
if [ $((w + d + l + errors)) -eq 40 ]; then ok; else bad "counts: $w+$d+$l+$errors is not 40"; fi
if [ "$(json_field games "$tmp/j1.json")" -eq $((40 - errors)) ]; then ok; else bad "games: not the scored games"; fi
has json_centre "$tmp/j1.json" '{"message":"Player 1 (random): play hook: tests/cli/rulesets/flaky.lua:14: the centre on move 5","games":'
has json_corner "$tmp/j1.json" 'play hook: tests/cli/rulesets/flaky.lua:15: a1 filled last","games":'
# The messages' games add up to the errors (two messages, none unnamed).
named=$(grep -o '"games":[0-9]*,"first_game"' "$tmp/j1.json" | tr -dc '0-9\n' | awk '{ s += $1 } END { print s }')
if [ "$named" = "$errors" ]; then ok; else bad "error_messages: $named games named, $errors errors"; fi

# The table: the same counts, the errors line and each message with its count.
exits match_text 3 $M --games 40 && cp "$tmp/out" "$tmp/j1.txt"
has text_errors "$tmp/j1.txt" "errors: $errors games ended in an error, not scored"
has text_message "$tmp/j1.txt" "play hook: tests/cli/rulesets/flaky.lua:14: the centre on move 5"
if grep -q '^  [0-9]* games*, first game [0-9]*: .*a1 filled last$' "$tmp/j1.txt"; then ok
else bad "text: no count and first game for a message: $(cat "$tmp/j1.txt")"; fi
if grep -q "^p1 random  *$((40 - errors)) " "$tmp/j1.txt"; then ok; else bad "text: p1 row is not $((40 - errors)) games"; fi

# --- the records: every game, the errored ones with Result "*" and the error ---
if [ "$(grep -c '^\[Index ' "$tmp/j1.rec")" -eq 40 ]; then ok; else bad "records: not 40"; fi
if [ "$(grep -c '^\[Result "\*"\]' "$tmp/j1.rec")" -eq "$errors" ]; then ok; else bad "records: not $errors Result \"*\""; fi
if [ "$(grep -c '^\[Error "Player [12] (random): play hook: ' "$tmp/j1.rec")" -eq "$errors" ]; then ok
else bad "records: not $errors Error tags"; fi
# A game that failed on its fifth move holds the four moves before it.
moves=$(awk '/the centre on move 5/ { getline; print; exit }' "$tmp/j1.rec")
if [ "$(echo "$moves" | wc -w)" -eq 4 ]; then ok; else bad "record: '$moves' is not the 4 moves before the error"; fi
exits replay 0 "$TAVOLA" replay "$tmp/j1.rec"
if [ "$(tail -n 1 "$tmp/out")" = "replay: 40 games verified, $errors of them ended in an error" ]; then ok
else bad "replay: $(tail -n 1 "$tmp/out")"; fi
if [ "$(grep -c ': ended in an error after [0-9]* moves (.*), moves verified: Player' "$tmp/out")" -eq "$errors" ]; then ok
else bad "replay: not $errors games said to end in an error: $(head -5 "$tmp/out")"; fi
# An errored record is still checked: its moves must be legal and leave the game going on.
awk '/the centre on move 5/ { print; getline; $0 = $1 " " $1; print; next } { print }' "$tmp/j1.rec" >"$tmp/illegal.rec"
exits replay_illegal 1 "$TAVOLA" replay "$tmp/illegal.rec" && has replay_illegal_says "$tmp/err" "move 2 '"
sed 's/^\[Result "\*"\]/[Result "1-0"]/' "$tmp/j1.rec" >"$tmp/noresult.rec"
exits error_with_result 1 "$TAVOLA" replay "$tmp/noresult.rec" &&
  has error_with_result_says "$tmp/err" 'an [Error] tag but a result: expected [Result "*"]'
sed '/^\[Error /d' "$tmp/j1.rec" >"$tmp/noerror.rec"
exits star_without_error 1 "$TAVOLA" replay "$tmp/noerror.rec" &&
  has star_without_error_says "$tmp/err" '[Result "*"] but no [Error] tag'
# A finished game's record made to say it ended in an error: its moves end the game.
awk 'done == 0 && /^\[Result "1-0"\]/ { print "[Result \"*\"]"; print "[Error \"made up\"]"; done = 1; next } { print }' \
  "$tmp/j1.rec" >"$tmp/over.rec"
exits over_but_error 1 "$TAVOLA" replay "$tmp/over.rec" && has over_but_error_says "$tmp/err" "the game is over after its 9 moves"

# A file of errored records is appended to like any other (the match reads it first).
cp "$tmp/j1.rec" "$tmp/twice.rec"
exits append 3 $M --games 40 --jobs 2 --record "$tmp/twice.rec"
cat "$tmp/j1.rec" "$tmp/j1.rec" >"$tmp/twice_want.rec"
same append_records "$tmp/twice_want.rec" "$tmp/twice.rec"

# --- workers: the same tally, the same records --------------------------------
exits jobs2_json 3 $M --games 40 --json --jobs 2 --record "$tmp/j2.rec"
same jobs_json "$tmp/j1.json" "$tmp/out"
same jobs_records "$tmp/j1.rec" "$tmp/j2.rec"
exits jobs3_text 3 $M --games 40 --jobs 3
same jobs_text "$tmp/j1.txt" "$tmp/out"

# --- shards and merge: the errors add up ----------------------------------------
for k in 1 2 3; do
  exits shard$k 3 $M --games 40 --json --shard $k/3 --jobs 2 && cp "$tmp/out" "$tmp/s$k.json"
done
exits merge_json 3 "$TAVOLA" merge "$tmp/s3.json" "$tmp/s1.json" "$tmp/s2.json" --json
same merge_json "$tmp/j1.json" "$tmp/out"
exits merge_text 3 "$TAVOLA" merge "$tmp/s1.json" "$tmp/s2.json" "$tmp/s3.json"
same merge_text "$tmp/j1.txt" "$tmp/out"
e1=$(json_field errors "$tmp/s1.json"); e2=$(json_field errors "$tmp/s2.json"); e3=$(json_field errors "$tmp/s3.json")
if [ $((e1 + e2 + e3)) -eq "$errors" ]; then ok; else bad "shards' errors $e1+$e2+$e3 are not $errors"; fi
# A result file from before the errors field (no errors) still merges, and exits 0.
exits clean_match 0 "$TAVOLA" match pahtum --p1 random --p2 random --games 4 --seed 2 --json
sed 's/,"errors":0,"error_messages":\[\]//' "$tmp/out" >"$tmp/old.json"
if grep -q errors "$tmp/old.json"; then bad "old.json still has errors"; else ok; fi
exits merge_old 0 "$TAVOLA" merge "$tmp/old.json" --json && has merge_old_zero "$tmp/out" '"errors":0,"error_messages":[]}'
# Errors that do not add up with the counts are refused.
sed 's/"errors":\([0-9]*\)/"errors":1\1/' "$tmp/s1.json" >"$tmp/liar.json"
exits merge_liar 1 "$TAVOLA" merge "$tmp/liar.json" && has merge_liar_says "$tmp/err" "do not add up"

# --- other ways a game fails: an error inside a player's search, a limit, a
# hook's bad answer, a game that cannot start --------------------------------
exits greedy 3 "$TAVOLA" match "$FLAKY" --p1 greedy --p2 random --games 30 --seed 1 --jobs 2 --record "$tmp/greedy.rec"
has greedy_says "$tmp/out" "Player 1 (greedy): play hook: "
exits greedy_replay 0 "$TAVOLA" replay "$tmp/greedy.rec" && has greedy_replayed "$tmp/out" "of them ended in an error"
cat >"$tmp/hostile.lua" <<'EOF'
-- Fails now and then: a hook that runs out of instructions, an ends hook that answers nonsense.
return game {
  name = "Hostile", board = grid { width = 5, height = 5 },
  moves = place {},
  play = function(s, m)
    if s:ply() == 3 and m <= 5 then while true do end end
    s:place(m)
  end,
  ends = function(s)
    if s:ply() == 6 and s:last() and s:last():sub(-1) == "5" then return "over?" end
    if s:empty() == 0 then return 0 end
  end,
}
EOF
TAVOLA_LIMITS=hook_steps=100000 exits hostile 3 "$TAVOLA" match "$tmp/hostile.lua" --p1 random --p2 random \
  --games 40 --seed 3 --jobs 2 --record "$tmp/hostile.rec"
has hostile_limit "$tmp/out" "instruction limit of 100000 exceeded"
has hostile_garbage "$tmp/out" "ends hook: expected nil (not over), 0 (draw), 1 or 2"
exits hostile_replay 0 "$TAVOLA" replay "$tmp/hostile.rec"
cat >"$tmp/nostart.lua" <<'EOF'
return game {
  name = "No start", board = grid { width = 3, height = 3 }, moves = place {},
  ends = function(s) if s:ply() == 0 then error("no start") end if s:empty() == 0 then return 0 end end,
}
EOF
exits nostart 3 "$TAVOLA" match "$tmp/nostart.lua" --p1 random --p2 random --games 3 --record "$tmp/nostart.rec"
has nostart_says "$tmp/out" "3 games, first game 0: the game does not start: ends hook: $tmp/nostart.lua:3: no start"
exits nostart_replay 0 "$TAVOLA" replay "$tmp/nostart.rec" &&
  has nostart_replayed "$tmp/out" "replay: 3 games verified, 3 of them ended in an error"

finish "match errors"
