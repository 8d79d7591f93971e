#!/bin/sh
# Tests of tavola match, merge and replay through the command itself:
# workers and shards give the same results as one process, records replay,
# corrupt records are refused with their line, greedy beats random.
# usage: sh tests/cli/match_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
GOLDEN=tests/cli/golden
. "$(dirname "$0")/lib.sh"

# run NAME CMD...: exit 0 expected; stdout in $tmp/out, stderr in $tmp/err.
run() {
  name=$1; shift
  if "$@" >"$tmp/out" 2>"$tmp/err"; then return 0; fi
  bad "$name: exit $?: $(head -c 300 "$tmp/err")"; return 1
}

# same NAME FILE1 FILE2: the files are identical.
same() {
  if cmp -s "$2" "$3"; then ok; else bad "$1: $2 and $3 differ"; diff "$2" "$3" | head -5; fi
}

# golden NAME CMD...: stdout must equal tests/cli/golden/NAME (UPDATE=1 rewrites it).
golden() {
  name=$1; shift
  run "$name" "$@" || return
  if [ "${UPDATE:-0}" = 1 ]; then cp "$tmp/out" "$GOLDEN/$name"; fi
  if diff -u "$GOLDEN/$name" "$tmp/out" >"$tmp/diff"; then ok; else bad "$name differs:"; cat "$tmp/diff"; fi
}

# fails NAME CODE TEXT CMD...: exit CODE, TEXT on stderr, nothing on stdout.
fails() {
  name=$1; code=$2; text=$3; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne "$code" ]; then bad "$name: exit $rc, expected $code: $(head -c 300 "$tmp/err")"; return; fi
  if ! grep -qF -- "$text" "$tmp/err"; then bad "$name: stderr lacks '$text': $(cat "$tmp/err")"; return; fi
  if [ -s "$tmp/out" ]; then bad "$name: printed to stdout: $(head -c 200 "$tmp/out")"; return; fi
  ok
}

# refused NAME FILE TEXT: replay exits 1 naming FILE:LINE and TEXT.
refused() {
  "$TAVOLA" replay "$2" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne 1 ]; then bad "$1: replay exit $rc, expected 1"; return; fi
  if grep -qF -- "$2:$3" "$tmp/err"; then ok; else bad "$1: stderr lacks '$2:$3': $(cat "$tmp/err")"; fi
}

# The first "key":value of a JSON file (the top-level one in tavola's output).
json_field() { tr ',{}' '\n\n\n' <"$2" | sed -n "s/^\"$1\"://p" | head -1; }

M="$TAVOLA match pahtum --p1 greedy --p2 random --seed 11 --swap-sides"

# --- workers: the same results and the same records as one process ---------
run jobs1 $M --games 30 --json --record "$tmp/j1.rec" && cp "$tmp/out" "$tmp/j1.json"
run jobs3 $M --games 30 --json --record "$tmp/j3.rec" --jobs 3 && cp "$tmp/out" "$tmp/j3.json"
same jobs_json "$tmp/j1.json" "$tmp/j3.json"
same jobs_records "$tmp/j1.rec" "$tmp/j3.rec"
run jobs7_text $M --games 30 --jobs 7 && cp "$tmp/out" "$tmp/j7.txt"
run jobs1_text $M --games 30 && same jobs_text "$tmp/out" "$tmp/j7.txt"
# Appending: the records of a second match follow those of the first, in game order.
cp "$tmp/j1.rec" "$tmp/twice.rec"
run append $M --games 30 --jobs 4 --record "$tmp/twice.rec"
cat "$tmp/j1.rec" "$tmp/j1.rec" >"$tmp/twice_want.rec"
same append_records "$tmp/twice_want.rec" "$tmp/twice.rec"

# --- counts by player and by side -------------------------------------------
w=$(json_field wins "$tmp/j1.json"); d=$(json_field draws "$tmp/j1.json"); l=$(json_field losses "$tmp/j1.json")
if [ $((w + d + l)) -eq 30 ]; then ok; else bad "counts: $w+$d+$l is not 30"; fi
if grep -q '"p1_first":{"games":15,' "$tmp/j1.json" && grep -q '"p1_second":{"games":15,' "$tmp/j1.json"; then ok
else bad "by_side: 15 games each side expected: $(cat "$tmp/j1.json")"; fi
# The record's sides follow --swap-sides: game 1 has random first.
if sed -n '/^\[Index "1"\]/,/^\[P2/p' "$tmp/j1.rec" | grep -qF '[P1 "random"]'; then ok; else bad "swap: game 1 P1 is not random"; fi

# --- shards add up to the whole match ---------------------------------------
for k in 1 2 3; do
  run shard$k $M --games 31 --json --shard $k/3 --jobs 2 --record "$tmp/s$k.rec" && cp "$tmp/out" "$tmp/s$k.json"
done
run whole $M --games 31 --json && cp "$tmp/out" "$tmp/whole.json"
run merge "$TAVOLA" merge "$tmp/s2.json" "$tmp/s3.json" "$tmp/s1.json" --json && same merge_json "$tmp/whole.json" "$tmp/out"
run whole_text $M --games 31 && cp "$tmp/out" "$tmp/whole.txt"
run merge_text "$TAVOLA" merge "$tmp/s1.json" "$tmp/s2.json" "$tmp/s3.json" && same merge_text "$tmp/whole.txt" "$tmp/out"
# A merge of merges, and a partial merge that says which shards it has.
run merge12 "$TAVOLA" merge "$tmp/s1.json" "$tmp/s2.json" --json && cp "$tmp/out" "$tmp/m12.json"
run merge_again "$TAVOLA" merge "$tmp/m12.json" "$tmp/s3.json" --json && same merge_of_merge "$tmp/whole.json" "$tmp/out"
if grep -qF '"parts":["seed=11 games=31 shard=1/3 swap=1","seed=11 games=31 shard=2/3 swap=1"]' "$tmp/m12.json"; then ok
else bad "partial merge parts: $(cat "$tmp/m12.json")"; fi
fails merge_twice 1 "are already in" "$TAVOLA" merge "$tmp/s1.json" "$tmp/m12.json"
fails merge_whole_and_shard 1 "are already in" "$TAVOLA" merge "$tmp/whole.json" "$tmp/s2.json"
run other_match "$TAVOLA" match pahtum --p1 random --p2 greedy --games 3 --seed 1 --json && cp "$tmp/out" "$tmp/other.json"
fails merge_other 1 "a match of pahtum" "$TAVOLA" merge "$tmp/s1.json" "$tmp/other.json"
printf '{"game":"pahtum"' >"$tmp/cut.json"
fails merge_corrupt 1 "not a match result" "$TAVOLA" merge "$tmp/cut.json"
sed 's/"counts":\[\[/"counts":[[9/' "$tmp/s1.json" >"$tmp/liar.json"
fails merge_counts 1 "do not add up" "$TAVOLA" merge "$tmp/liar.json"

# --- records replay ------------------------------------------------------------
run replay "$TAVOLA" replay "$tmp/j1.rec"
if [ "$(tail -n 1 "$tmp/out")" = "replay: 30 games verified" ] && [ "$(grep -c verified "$tmp/out")" -eq 31 ]; then ok
else bad "replay: $(tail -n 2 "$tmp/out")"; fi
run replay_shards "$TAVOLA" replay "$tmp/s1.rec" "$tmp/s2.rec" "$tmp/s3.rec"
if [ "$(tail -n 1 "$tmp/out")" = "replay: 31 games verified" ]; then ok; else bad "replay shards: $(tail -n 1 "$tmp/out")"; fi
# The shards' records, put in game order, are the whole match's records.
run whole_rec $M --games 31 --record "$tmp/whole.rec"
# Each record on one line, keyed by its Index, sorted, then as records again.
by_index() {
  awk -v RS= '{ gsub(/\n/, "\001"); match($0, /\[Index "[0-9]+"\]/);
    print substr($0, RSTART + 8, RLENGTH - 10) "\t" $0 "\001" }' "$@" | sort -n | cut -f2- | tr '\001' '\n'
}
by_index "$tmp/s1.rec" "$tmp/s2.rec" "$tmp/s3.rec" >"$tmp/all_shards.rec"
same shard_records "$tmp/whole.rec" "$tmp/all_shards.rec"
# Other rulesets and options go through records too (holes given as a list: commas in a value).
run kalah "$TAVOLA" match kalah --p1 greedy --p2 random --games 4 --seed 2 --jobs 2 --record "$tmp/kalah.rec"
run kalah_replay "$TAVOLA" replay "$tmp/kalah.rec"
run holes "$TAVOLA" match pahtum -o holes=a1,b2,c3 -o swap=true --p1 random --p2 random --games 6 --seed 3 \
  --record "$tmp/holes.rec"
if grep -qF '[Options "count=7,diagonals=false,holes=a1,b2,c3,size=7,swap=true"]' "$tmp/holes.rec"; then ok
else bad "options tag: $(grep Options "$tmp/holes.rec" | head -1)"; fi
run holes_replay "$TAVOLA" replay "$tmp/holes.rec"

# --- corrupt records are refused with their line ------------------------------
# The line numbers below count records without the optional Found tag (a
# ruleset found by name has no File), as records were before it: 10 lines each.
R=$tmp/j1-untagged.rec
grep -v '^\[Found ' "$tmp/j1.rec" >"$R"
# Line 9 holds game 0's moves: its second move made the same as its first.
first=$(sed -n 9p "$R" | cut -d' ' -f1)
sed "9s/^\([^ ]*\) [^ ]*/\1 $first/" "$R" >"$tmp/illegal.rec"
refused illegal_move "$tmp/illegal.rec" "9: move 2 '$first' refused"
sed '19s/^[^ ]* /zz9 /' "$R" >"$tmp/notamove.rec"
refused not_a_move "$tmp/notamove.rec" "19: move 1 'zz9' refused"
sed '13s/\]$//' "$R" >"$tmp/badtag.rec"
refused bad_tag "$tmp/badtag.rec" "13: bad tag line"
sed '23s/.*/[Seed "12x"]/' "$R" >"$tmp/badseed.rec"
refused bad_seed "$tmp/badseed.rec" "23: Seed: expected"
sed '3d' "$R" >"$tmp/noseed.rec"
refused missing_tag "$tmp/noseed.rec" "8: the record that starts on line 1 has no [Seed] tag"
head -n 14 "$R" >"$tmp/cut_tags.rec"
refused cut_in_tags "$tmp/cut_tags.rec" "14: the file ends in the record that starts on line 11"
head -c "$(($(head -n 18 "$R" | wc -c) + 20))" "$R" >"$tmp/cut_moves.rec"
refused cut_in_moves "$tmp/cut_moves.rec" "19: the file ends before the empty line"
head -n 19 "$R" >"$tmp/cut_end.rec"
refused cut_before_empty_line "$tmp/cut_end.rec" "19: the file ends before the empty line"
# The moves line cut at a move boundary: the game is not over.
sed '29s/ [^ ]*$//' "$R" >"$tmp/short.rec"
refused short_game "$tmp/short.rec" "29: the game is not over"
res=$(sed -n 7p "$R")
case $res in *'"1-0"'*) other='0-1' ;; *) other='1-0' ;; esac
sed "7s|.*|[Result \"$other\"]|" "$R" >"$tmp/result.rec"
refused wrong_result "$tmp/result.rec" "7: the result is $other"
sed '8s/.*/[Scores "1,2"]/' "$R" >"$tmp/scores.rec"
refused wrong_scores "$tmp/scores.rec" "8: the scores are 1,2"
sed '9s/$/\nd4/' "$R" >"$tmp/twolines.rec"
refused split_moves "$tmp/twolines.rec" "10: expected the empty line"
fails replay_missing 1 "nosuch.rec" "$TAVOLA" replay "$tmp/nosuch.rec"
fails replay_usage 2 "which record file" "$TAVOLA" replay

# --- greedy beats random (a behaviour check, not a benchmark) -----------------
run greedy_vs_random "$TAVOLA" match pahtum --p1 greedy --p2 random --games 40 --seed 1 --swap-sides --json --jobs 2
score=$(json_field score "$tmp/out")
if awk -v s="$score" 'BEGIN { exit !(s > 0.6) }'; then ok; else bad "greedy scores $score against random"; fi

# --- no progress when stderr is not a terminal (a log, a shard's job) ---------
run progress $M --games 20
if [ -s "$tmp/err" ]; then bad "progress on a non-terminal stderr: $(cat "$tmp/err")"; else ok; fi
# On a terminal (script(1) gives one), the bar: games, rate, ETA, running score.
if command -v script >/dev/null 2>&1; then
  script -qec "$M --games 20 >/dev/null" /dev/null >"$tmp/tty" 2>&1
  if grep -q '20/20 games' "$tmp/tty" && grep -q 'games/s' "$tmp/tty" && grep -q 'ETA' "$tmp/tty" &&
    grep -q 'p1 +[0-9]* =[0-9]* -[0-9]* (' "$tmp/tty"; then ok
  else bad "progress bar on a terminal: $(cat "$tmp/tty")"; fi
fi

# --- the output, pinned down --------------------------------------------------
golden match_table.txt $M --games 12
golden match_json.txt $M --games 12 --json
golden match_merge.txt "$TAVOLA" merge "$tmp/s1.json" "$tmp/s3.json"
run record_golden $M --games 2 --record "$tmp/two.rec"
[ "${UPDATE:-0}" = 1 ] && cp "$tmp/two.rec" "$GOLDEN/match_record.txt"
same match_record "$GOLDEN/match_record.txt" "$tmp/two.rec"

# --- errors: one message, nothing on stdout ----------------------------------
fails unknown_ruleset 1 "unknown ruleset 'shatranj'" "$TAVOLA" match shatranj --p1 greedy --p2 random --games 2
fails unknown_option 1 "unknown option 'colour'" "$TAVOLA" match pahtum -o colour=red --p1 greedy --p2 random --games 2
fails bad_option 1 "holes: the number of holes must be odd" "$TAVOLA" match pahtum -o holes=4 --p1 greedy --p2 random --games 2
fails unknown_player 1 "--p1: unknown player 'god'" "$TAVOLA" match pahtum --p1 god --p2 random --games 2
fails bad_player_param 1 "--p2: random: unknown parameter 'depth'" "$TAVOLA" match pahtum --p1 greedy --p2 random:depth=3 --games 2
fails no_games 2 "--games is needed" "$TAVOLA" match pahtum --p1 greedy --p2 random
fails bad_shard 2 "--shard: '4/3'" "$TAVOLA" match pahtum --p1 greedy --p2 random --games 3 --shard 4/3
fails bad_jobs 2 "--jobs: '0'" "$TAVOLA" match pahtum --p1 greedy --p2 random --games 3 --jobs 0
fails bad_record_dir 1 "nodir/x.rec" "$TAVOLA" match pahtum --p1 greedy --p2 random --games 3 --record "$tmp/nodir/x.rec"
# A ruleset that fails in the middle of every game: each game ends there as an error, the match goes on
# and prints its tally, then exits 3, alone or in workers (more in match_errors_test.sh).
cat >"$tmp/boom.lua" <<'EOF'
return game {
  name = "Boom", players = { "A", "B" }, board = grid { width = 3, height = 3 },
  moves = function(s)
    if s:ply() >= 3 then error("boom") end
    local m = {}
    for c = 1, s:size() do if s:get(c) == 0 then m[#m + 1] = s:name(c) end end
    return m
  end,
  ends = "board_full", winner = "higher_score",
}
EOF
for jobs in 1 2; do
  "$TAVOLA" match "$tmp/boom.lua" --p1 random --p2 random --games 4 --jobs $jobs >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -eq 3 ] && grep -qF "4 of 4 games ended in an error (not scored); the first, game 0: B (random): moves hook: $tmp/boom.lua:4: boom" "$tmp/err" &&
    grep -qF "4 games, first game 0: B (random): moves hook: $tmp/boom.lua:4: boom" "$tmp/out"; then ok
  else bad "game_error (--jobs $jobs): exit $rc: $(cat "$tmp/out" "$tmp/err")"; fi
done

# JSON has no infinity and a side that played no game no score: both null,
# numbers everywhere else; merge reads them back (Python's json is strict).
run sweep "$TAVOLA" match tictactoe --p1 mcts:iterations=500 --p2 random --games 6 --seed 3 --json
cp "$tmp/out" "$tmp/sweep.json"
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]), parse_constant=lambda c: sys.exit("not JSON: " + c))
assert d["games"] == 6 and (d["elo_high"] is None) == (d["score_high"] == 1) and d["wins"] == 6, d
assert d["by_side"]["p1_second"] == {"games": 0, "wins": 0, "draws": 0, "losses": 0, "score": None}, d["by_side"]
assert all(isinstance(d[k], (int, float)) for k in ("score", "score_low", "score_high")), d
' "$tmp/sweep.json"; then ok; else bad "sweep JSON: $(cat "$tmp/sweep.json")"; fi
run sweep_merge "$TAVOLA" merge "$tmp/sweep.json" --json && same sweep_merge "$tmp/sweep.json" "$tmp/out"

finish match
