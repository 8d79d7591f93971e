#!/bin/sh
# Tests of the tavola command through its real interface: golden outputs,
# exit codes, and stdout staying empty on errors.
# usage: sh tests/cli/cli_test.sh path/to/tavola
set -u
TAVOLA=${1:-build/tavola}
GOLDEN=tests/cli/golden
. "$(dirname "$0")/lib.sh"

# golden NAME CMD...: stdout must equal tests/cli/golden/NAME (UPDATE=1 rewrites it).
golden() {
  name=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ "${UPDATE:-0}" = 1 ]; then cp "$tmp/out" "$GOLDEN/$name"; fi
  if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(cat "$tmp/err")"; return; fi
  if diff -u "$GOLDEN/$name" "$tmp/out" >"$tmp/diff"; then ok; else bad "$name differs:"; cat "$tmp/diff"; fi
}

# fails NAME CODE TEXT CMD...: exit CODE, TEXT on stderr, nothing on stdout.
fails() {
  name=$1; code=$2; text=$3; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne "$code" ]; then bad "$name: exit $rc, expected $code"; return; fi
  if ! grep -qF -- "$text" "$tmp/err"; then bad "$name: stderr lacks '$text': $(cat "$tmp/err")"; return; fi
  if [ -s "$tmp/out" ]; then bad "$name: printed to stdout: $(head -c 200 "$tmp/out")"; return; fi
  ok
}

# contains NAME TEXT CMD...: exit 0 and TEXT in stdout.
contains() {
  name=$1; text=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(cat "$tmp/err")"; return; fi
  if grep -qF -- "$text" "$tmp/out"; then ok; else bad "$name: stdout lacks '$text'"; fi
}

golden list.txt "$TAVOLA" list
# White d4-e4-f4-g4 = 10, Black a7-b7-c7 = 3 (hand count).
golden play_json.txt "$TAVOLA" play pahtum -o holes=a1,b2,c3 --seed 1 --moves "d4 a7 e4 b7 f4 c7 g4 d6" --json
golden play_board.txt "$TAVOLA" play pahtum -o holes=a1,b2,c3 --seed 1 --moves "d4 a7 e4"
golden play_swap.txt "$TAVOLA" play pahtum -o holes=a1,b2,c3 -o swap=true --seed 1 --moves "d4 e4 f4 swap" --json
golden interactive.txt sh -c "printf 'd4\nd4\nzz\nmoves\nundo\nc5\nposition\nquit\n' | '$TAVOLA' play pahtum -o holes=e5,f6,g7 --seed 4"
golden vs_random.txt sh -c "printf 'a1\nquit\n' | '$TAVOLA' play pahtum -o holes=e5,f6,g7 --seed 4 --p2 random"
golden tihbat_json.txt "$TAVOLA" play tihbat --seed 1 --moves "a1 a2 b1" --json
golden kalah_json.txt "$TAVOLA" play kalah --seed 1 --moves "a1 a2 b1" --json
golden oware_json.txt "$TAVOLA" play oware --seed 1 --moves "a1 a2 b1" --json
golden kalah_board.txt "$TAVOLA" play kalah --seed 1 --moves "c1 f1"
golden checkers_json.txt "$TAVOLA" play checkers --seed 1 --moves "c3-d4 f6-e5 D4F6 g7xe5 b2-c3" --json
golden breakthrough_board.txt "$TAVOLA" play breakthrough -o width=5 -o height=6 --seed 1 --moves "a2-a3 b5-b4 a3xb4"
# The start position again with player 1 to move: the game ends, the 2 seeds left are split.
golden tihbat_repetition.txt "$TAVOLA" play tihbat --seed 1 --position "1,0/1,0 13,13 1 0" --moves "a1 a2" --json
golden connect4_json.txt "$TAVOLA" play connect4 --seed 1 --moves "d d e e f f g" --json
golden tictactoe_board.txt "$TAVOLA" play tictactoe --seed 1 --moves "b2 a1 c3"
# Hex: the rhombus leans (each row half a cell right of the one below); Red
# joins rows 1 and 5 along a chain no square grid would join (b2-a3 is a side).
golden hex_board.txt "$TAVOLA" play hex -o size=5 --seed 1 --moves "c1 a1 b2 b1 a3 c3 a4 d2 a5"
# Y: the triangle, its far half left out; White's a2-e1 touches all three sides.
golden y_board.txt "$TAVOLA" play y -o size=5 --seed 1 --moves "a1 c1 b2 d1 a4 b3 a5 e1 a3 a2 c2 b1"
fails foreign_hole 1 "move 2 'b1' refused: b1: not a hole of player 2" "$TAVOLA" play tihbat --moves "a1 b1" --json
fails empty_hole 1 "move 3 'a1' refused: a1: the hole is empty" "$TAVOLA" play kalah --moves "a1 f2 a1" --json
fails full_column 1 "move 7 'a' refused: a: the column is full" "$TAVOLA" play connect4 --moves "a a a a a a a" --json
# The Pro opening's refusals name the rule; perft --turns counts Connect6's two-stone turns as one.
fails pro_centre 1 "move 1 'h9' refused: h9: the first stone goes on the centre, h8 (the Pro opening)" "$TAVOLA" play gomoku -o opening=pro --moves "h9"
fails pro_far 1 "move 3 'j9' refused: j9: the first player's second stone goes at least 3 cells from the centre h8" "$TAVOLA" play gomoku -o opening=pro --moves "h8 a1 j9"
contains connect6_turns "perft 2 42840" "$TAVOLA" perft connect6 2 --turns -o size=6
# A moves hook's refusal, with the reason its refuse hook gives.
fails refuse_hook 1 "move 2 'e5' refused: e5: a stone must go next to another one" "$TAVOLA" play tests/cli/rulesets/near.lua --moves "c3 e5"
fails kalah_position 1 "position: 49 seeds in all, the game has 48" "$TAVOLA" play kalah --json \
  --position "4,4,4,4,4,4/4,4,4,4,4,5 0,0 1 0"
# A whole game given as moves ends full and names the winner.
contains full_game '"status":"over"' "$TAVOLA" play pahtum -o holes=a1,b2,c3 --seed 1 --json --moves \
  "$(printf '%s ' c1 d1 e1 f1 g1 a2 c2 d2 e2 f2 g2 a3 b3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 a5 b5 c5 d5 e5 f5 g5 a6 b6 c6 d6 e6 f6 g6 a7 b7 c7 d7 e7 f7 g7 b1)"
contains position_start '"ply":1' "$TAVOLA" play pahtum -o holes=a1,b2,c3 --json \
  --position "......./......./......./...x.../..#..../.#...../#...... 2 - 1"
contains seed_holes '"position":"' "$TAVOLA" play pahtum --seed 7 --json

fails illegal_move 1 "move 2 'd4' refused: d4: the cell is occupied" \
  "$TAVOLA" play pahtum -o holes=a1,b2,c3 --moves "d4 d4" --json
fails hole_move 1 "move 1 'a1' refused: a1: the cell is blocked" \
  "$TAVOLA" play pahtum -o holes=a1,b2,c3 --moves "a1" --json
fails not_a_move 1 "move 1 'z9' refused: 'z9' is not a move" "$TAVOLA" play pahtum --moves "z9" --json
fails bad_swap 1 "swap: this game has no swap rule" "$TAVOLA" play pahtum -o holes=a1,b2,c3 --moves "d4 e4 f4 swap" --json
fails unknown_ruleset 1 "unknown ruleset 'shatranj'" "$TAVOLA" play shatranj --json
fails unknown_option 1 "unknown option 'colour' (options: count, diagonals, holes, size, swap)" "$TAVOLA" play pahtum -o colour=red --json
fails bad_option_value 1 "holes: the number of holes must be odd" "$TAVOLA" play pahtum -o holes=4 --json
fails broken_ruleset 1 "tests/bad_rulesets/broken.lua:2: game.ends: 'bord_full'" \
  "$TAVOLA" play tests/bad_rulesets/broken.lua --json
# list goes on past a broken ruleset, names it, and exits 1.
"$TAVOLA" list --rules tests/bad_rulesets >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 1 ] && grep -qF "broken.lua:2: game.ends" "$tmp/err" && grep -q '^pahtum ' "$tmp/out"; then ok
else bad "broken_in_list: $(cat "$tmp/err")"; fi
fails corrupt_position 1 "position: expected 4 fields" "$TAVOLA" play pahtum --position "xo 1" --json
fails impossible_position 1 "cannot come from alternating moves" "$TAVOLA" play pahtum -o holes=a1,b2,c3 --json \
  --position "......./......./......./xxx..../..#..../.#...../#...... 2 - 3"
fails no_command 2 "usage" "$TAVOLA"
fails bad_command 2 "unknown command 'fly'" "$TAVOLA" fly
fails bad_player 1 "unknown player 'god'" "$TAVOLA" play pahtum --p1 god
fails bad_seed 2 "--seed: 'x1' is not" "$TAVOLA" play pahtum --seed x1
fails missing_value 2 "-o needs a value" "$TAVOLA" play pahtum -o

# --help: every command its own usage on stdout, exit 0; --version; usages name --rules.
for c in list play perft ugi solve show match merge replay; do
  contains "help_$c" "usage: tavola $c" "$TAVOLA" "$c" --help
  contains "help_h_$c" "usage: tavola $c" "$TAVOLA" "$c" -h
done
contains help_after_ruleset "usage: tavola perft" "$TAVOLA" perft pahtum --help
contains help_ugi_after_ruleset "usage: tavola ugi" "$TAVOLA" ugi pahtum --help
for c in list play perft ugi solve show match replay; do
  contains "help_rules_$c" "--rules DIR" "$TAVOLA" "$c" --help
done
contains help_top "tavola COMMAND --help" "$TAVOLA" --help
contains version "tavola 0.1.0" "$TAVOLA" --version
fails usage_of_command 2 "usage: tavola perft" "$TAVOLA" perft pahtum 2 --bogus
# --rules must be a folder, whichever command is given it.
for c in list "play pahtum" "perft pahtum 1" "solve tictactoe" "show pahtum" "ugi pahtum" \
         "match pahtum --p1 random --p2 random --games 1" "replay x.rec"; do
  fails "rules_missing_${c%% *}" 2 "--rules '/nonexistent': No such file or directory" "$TAVOLA" $c --rules /nonexistent
done
fails rules_not_folder 2 "--rules '$GOLDEN/list.txt': not a folder" "$TAVOLA" list --rules "$GOLDEN/list.txt"
# A bad player is an error with --moves, --position or --json too.
fails bad_p2_moves 1 "--p2: unknown player 'god'" "$TAVOLA" play pahtum --moves d4 --p2 god
fails bad_p1_json 1 "--p1: unknown player 'god'" "$TAVOLA" play tictactoe --moves b2 --json --p1 god
contains good_p2_moves '"to_move"' "$TAVOLA" play pahtum --seed 1 --moves d4 --p2 random --json
# perft's depth: an integer 1..30.
fails perft_zero 2 "perft: depth '0' is not an integer 1..30" "$TAVOLA" perft pahtum 0
fails perft_suffix 2 "perft: depth '3x' is not an integer 1..30" "$TAVOLA" perft pahtum 3x
fails perft_big 2 "perft: depth '31' is not an integer 1..30" "$TAVOLA" perft pahtum 31
contains perft_one "perft 1 " "$TAVOLA" perft tictactoe 1
# solve --positions: a positive integer, no wrapping of a negative one.
fails solve_negative 2 "--positions: '-5' is not a positive integer" "$TAVOLA" solve tictactoe --positions -5
fails solve_zero 2 "--positions: '0' is not a positive integer" "$TAVOLA" solve tictactoe --positions 0
# solve's progress: off a terminal, no line for a quick solve (it used to print one per 65,536 positions).
"$TAVOLA" solve tictactoe >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q "value for player 1" "$tmp/out"; then ok
else bad "solve progress off a terminal: $(head -3 "$tmp/err")"; fi
# Hex 3x3 and Y of side 4 solved: the first player wins (Hex 4x4 takes about 20 s: not here).
contains solve_hex3 "value for player 1 (Red): win" "$TAVOLA" solve hex -o size=3
contains solve_hex3_moves "all moves: a1 (loss) b1 (loss) c1 (win) a2 (win) b2 (win) c2 (win) a3 (win) b3 (loss) c3 (loss)" \
  "$TAVOLA" solve hex -o size=3
contains solve_y4 "value for player 1 (Black): win" "$TAVOLA" solve y -o size=4
# show and solve keep every argument (they dropped those past 256 and 64).
set -- ; i=0; while [ $i -lt 300 ]; do set -- "$@" --seed 1; i=$((i + 1)); done
fails show_many_args 2 "unexpected argument 'kalah'" "$TAVOLA" show pahtum "$@" kalah
fails solve_many_args 2 "unexpected argument 'kalah'" "$TAVOLA" solve tictactoe "$@" kalah
# list --json: every ruleset of list, with title, description, players, its
# family of moves and their text, options with their types and docs.
"$TAVOLA" list --json >"$tmp/list.json" 2>"$tmp/err" && ok || bad "list --json: $(cat "$tmp/err")"
cat >"$tmp/list.lua" <<'LUA'
local t = io.open(arg[1]):read("a")
assert(t:match('^{"rulesets":%[') and t:match('%]}\n$'), "not one object")
local n = 0
for e in t:gmatch('{"name":[^\n]*') do
  n = n + 1
  assert(e:match('"title":"') and e:match('"description":') and e:match('"players":%["') and e:match('"options":%['), e)
  assert(e:match('"family":"%l+","data_family":"%l+","move_text":"[^"]+","options"'), e)
  for o in assert(e:match('"options":(%[.*%])}'), e):gmatch('{"name":"[%w_]+",[^}]*}') do
    assert(o:match('^{"name":"[%w_]+","type":"[a-z]+","default":"'), o)
    local ty = o:match('"type":"(%a+)"')
    assert(ty == "bool" or ty == "int" or ty == "number" or ty == "string", o)
  end
end
assert(n == tonumber(arg[2]), n .. " rulesets, expected " .. arg[2])
assert(t:find('{"name":"holes","type":"string","default":"random","doc":"', 1, true), "pahtum's holes option")
-- The families the rules name (core/rules/tv_family_id.h), one ruleset each.
local function family(name, f, data)
  local e = assert(t:match('{"name":"' .. name .. '",[^\n]*'), name)
  assert(e:find('"family":"' .. f .. '","data_family":"' .. data .. '"', 1, true), name .. ": " .. e)
end
family("tictactoe", "place", "place"); family("connect4", "drop", "drop"); family("pentago", "rotate", "rotate")
family("othello", "flip", "flip"); family("checkers", "pieces", "pieces"); family("kalah", "sow", "sow")
family("notakto_hooks", "place", "place") -- an ends hook: the moves are the data's
assert(t:find('"move_text":"a column: d"', 1, true), "connect4's move text")
-- Option types: gomoku has one of three.
assert(t:find('{"name":"freestyle","type":"bool","default":"false"', 1, true), "gomoku's freestyle: bool")
assert(t:find('{"name":"opening","type":"string","default":"none"', 1, true), "gomoku's opening: string")
assert(t:find('{"name":"size","type":"int","default":"15"', 1, true), "gomoku's size: int")
-- Ranges and choices (ruleset_option_range): gomoku's size 5..26 and its
-- openings; a bool has neither; a range only on numbers, choices only on strings.
assert(t:find('{"name":"size","type":"int","default":"15","min":5,"max":26,"doc":"', 1, true), "gomoku's size: 5..26")
assert(t:find('{"name":"opening","type":"string","default":"none","choices":["none","pro","swap"],"doc":"', 1, true),
       "gomoku's opening: its choices")
assert(t:find('{"name":"freestyle","type":"bool","default":"false","doc":"', 1, true), "gomoku's freestyle: no range")
assert(t:find('{"name":"start","type":"string","default":"standard","choices":["standard","scrambled"]', 1, true),
       "lines_of_action's start: its choices")
local ranges = 0
for o in t:gmatch('{"name":"[%w_]+","type":"%a+","default":"[^"]*","m[ai][nx]":[^}]*}') do
  assert(o:match('"type":"int"') or o:match('"type":"number"'), "a range on a bool or string: " .. o)
  ranges = ranges + 1
end
assert(ranges >= 20, ranges .. " options with a range")
for o in t:gmatch('{"name":"[%w_]+","type":"%a+","default":"[^"]*","choices":[^}]*}') do
  assert(o:match('"type":"string"'), "choices on a bool or number: " .. o)
end
LUA
if lua5.4 "$tmp/list.lua" "$tmp/list.json" "$(grep -c '^[a-z0-9]' "$GOLDEN/list.txt")" 2>"$tmp/err"; then ok
else bad "list --json: $(cat "$tmp/err")"; fi
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/list.json" && ok || bad "list --json is not JSON"
fi
# A moves hook and a play hook over pieces: the hooks family over the data's,
# the move text the data family's; a number option (tests/cli/rulesets).
"$TAVOLA" list --json --rules tests/cli/rulesets >"$tmp/list2.json" 2>"$tmp/err"
cat >"$tmp/list2.lua" <<'LUA'
local t = io.open(arg[1]):read("a")
local function has(name, text)
  local e = assert(t:match('{"name":"' .. name .. '",[^\n]*'), name)
  assert(e:find(text, 1, true), name .. " lacks " .. text)
end
has("near", '"family":"hooks","data_family":"place","move_text":"a cell: d4')
has("two_stones", '"family":"hooks","data_family":"place","move_text":"a cell: d4')
has("pieces_swap", '"family":"hooks","data_family":"pieces","move_text":"from-to: a2-a3')
has("option_types", '{"name":"ratio","type":"number","default":"0.5"')
has("option_types", '{"name":"whole","type":"number","default":"2.0"')
has("option_types", '{"name":"count","type":"int","default":"-3","doc"')
-- each shape of range: both bounds, min only, a number's max only, choices
has("option_ranges", '{"name":"size","type":"int","default":"3","min":3,"max":9,"doc"')
has("option_ranges", '{"name":"lead","type":"int","default":"0","min":0,"doc"')
has("option_ranges", '{"name":"ratio","type":"number","default":"0.5","max":1.5,"doc"')
has("option_ranges", '{"name":"style","type":"string","default":"plain","choices":["plain","bold","two words"],"doc"')
has("option_ranges", '{"name":"label","type":"string","default":"x","doc"')
LUA
if lua5.4 "$tmp/list2.lua" "$tmp/list2.json" 2>"$tmp/err"; then ok
else bad "list --json --rules tests/cli/rulesets: $(cat "$tmp/err")"; fi
# The text list shows each declared range or choice after the option's doc.
"$TAVOLA" list --rules tests/cli/rulesets >"$tmp/list2.txt" 2>"$tmp/err"
for want in "an integer 3..9 [3..9]" "an integer 0 or more [>= 0]" "a number up to 1.5 [<= 1.5]" \
            "one of three [plain|bold|two words]" "a boolean: no range" "any string"; do
  grep -qF -- "$want" "$tmp/list2.txt" && ok || bad "list --rules tests/cli/rulesets lacks '$want'"
done
grep -q 'a boolean: no range \[' "$tmp/list2.txt" && bad "list: a range on a bool" || ok
# A value outside a declared range or choice is refused by the library, with
# the same words for every ruleset and every command, before the ruleset's
# own check (which would have said it otherwise).
fails range_size 1 "option size: expected an integer 5..26, got '30'" "$TAVOLA" play gomoku -o size=30 --moves ""
fails range_hasami 1 "option size: expected an integer 5..19, got '4'" "$TAVOLA" perft hasami_shogi 1 -o size=4
fails range_choice 1 "option opening: expected none, pro or swap, got 'Pro'" "$TAVOLA" show gomoku -o opening=Pro
fails range_number 1 "option ratio: expected a number <= 1.5, got '2'" \
  "$TAVOLA" perft option_ranges 1 -o ratio=2 --rules tests/cli/rulesets
# The ruleset's own checks still refuse what a range cannot say (an odd side).
fails range_own_check 1 "even integer 4..16" "$TAVOLA" perft othello 1 -o size=7
# The manual page renders without warnings.
if command -v man >/dev/null 2>&1; then
  MANWIDTH=80 man --warnings -l plugin/cli/tavola.1 >"$tmp/man" 2>"$tmp/err"
  if [ ! -s "$tmp/err" ] && grep -q "MANY MACHINES" "$tmp/man"; then ok; else bad "man page: $(head -3 "$tmp/err")"; fi
fi

# Records that must read back (tests/cli/record_test.sh).
if sh tests/cli/record_test.sh "$TAVOLA"; then ok; else bad "record_test.sh"; fi

finish cli
