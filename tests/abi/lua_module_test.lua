-- The Lua module under the stock lua5.4 interpreter: require "tavola", play
-- games through it, and check the answers against hand-worked values.
-- usage: lua5.4 tests/abi/lua_module_test.lua DIR_WITH_tavola.so
package.cpath = (arg[1] or "build/lua") .. "/?.so;" .. package.cpath
local tavola = require "tavola"

local passed, failed = 0, 0
local function check(ok, what)
  if ok then passed = passed + 1 else failed = failed + 1; print("FAIL: " .. what) end
end

check(type(tavola.version) == "string", "version")
local names = tavola.list()
local set = {}
for _, n in ipairs(names) do set[n] = true end
check(set.pahtum and set.tihbat and set.connect4, "list has pahtum, tihbat, connect4")

-- Pahtum: the Italian worked example (White 10, Black 6).
local g = assert(tavola.load("pahtum", { holes = "a1,a7,g7", seed = 3 }))
check(g:name() == "pahtum", "name")
check(g:options():find("holes=a1,a7,g7", 1, true), "options in force")
for m in ("d4 b5 e4 c5 f4 d5 g4 c4 f3 c3 g2"):gmatch("%S+") do assert(g:play(m)) end
local w, b = g:scores()
check(w == 10 and b == 6, "Italian example scores " .. w .. " " .. b)
check(g:to_move() == 2 and g:ply() == 11 and g:status() == "ongoing", "side, ply, status")

-- An illegal move: nil and a message, the game unchanged.
local before = g:position()
local ok, err = g:play("d4")
check(ok == nil and err:find("occupied"), "illegal move refused: " .. tostring(err))
check(g:position() == before, "refused move left the game unchanged")
check(select(2, g:play("zz9")):find("not a move"), "bad move text")

-- Undo, clone, position strings.
local c = g:clone()
assert(g:undo())
check(g:ply() == 10 and c:ply() == 11, "undo and clone are independent")
check(c:set_position(before) and c:position() == before, "position round trip")
check(c:set_position("nonsense") == nil and c:position() == before, "corrupt position refused")

-- A whole random game of every ruleset.
for _, name in ipairs(names) do
  local game = assert(tavola.load(name, { seed = 1 }))
  local seed = 0
  while game:status() == "ongoing" and game:ply() < 5000 do
    seed = seed + 1
    assert(game:play(game:random_move(seed)))
  end
  check(game:status() == "over" and game:winner() ~= nil, name .. " played to the end")
  check(#game:moves() == 0, name .. " has no moves at the end")
  game:close()
end

-- Tihbat: the hand-worked opening and perft.
local t = assert(tavola.load("tihbat"))
for m in ("a1 a2 b1"):gmatch("%S+") do assert(t:play(m)) end
check(t:draw(true) == "5 14\n6 3\n", "Tihbat rows after a1 a2 b1")
check(assert(tavola.load("tictactoe")):perft(9) == 127872, "tic-tac-toe perft 9")

-- Load errors come back as nil and a message with file:line.
local none, msg = tavola.load("pahtum", { holes = 4 })
check(none == nil and msg:find("pahtum.lua:%d+:"), "bad option: " .. tostring(msg))
check(tavola.load("no_such_game") == nil, "unknown ruleset")

-- A ruleset loaded from a Lua host runs in its own VM: the host's globals
-- (and its io, os, package) are out of its reach, and it cannot change them.
SECRET = "the host's"
local spy_base = os.tmpname()
local spy_path = spy_base .. ".lua"
local f = assert(io.open(spy_path, "w"))
f:write([[
assert(SECRET == nil, "reached the host's global")
assert(io == nil and os == nil and package == nil and require == nil, "reached a host library")
SECRET = "the ruleset's"
string.format = nil
return game { name = "Spy", board = grid { width = 3, height = 3 }, ends = "board_full" }
]])
f:close()
local spy, spy_err = tavola.load(spy_path)
os.remove(spy_path)
os.remove(spy_base)
check(spy ~= nil, "a ruleset reached the host: " .. tostring(spy_err))
check(SECRET == "the host's" and string.format("%d", 7) == "7", "a ruleset changed the host's globals")

-- Amazons: more legal moves than the 1,024 an ABI 1.0 host makes room for;
-- the module asks max_moves and lists them all; a turn is one move.
local am = assert(tavola.load("amazons"))
check(am:max_moves() == 4900, "amazons max_moves " .. tostring(am:max_moves()))
local am_moves = am:moves()
check(#am_moves == 2176, "amazons: 2176 moves at the start, got " .. #am_moves)
assert(am:play("D1-D7/G7"))
check(am:ply() == 1 and am:to_move() == 2 and am:position():find("#", 1, true), "amazons: a turn, an arrow")
assert(am:play("a7-a8/a7"))
local ok_blocked, why_blocked = am:play("d7-e7/h7") -- the arrow of g7 is on the way
check(ok_blocked == nil and why_blocked:find("blocked on g7", 1, true), "amazons: a blocked arrow: " .. tostring(why_blocked))
check(am:ply() == 2, "amazons: the refused turn changed nothing")

-- The family of moves, the family below the hooks, and what a move's text
-- looks like (an ends hook makes no moves; a play hook over pieces does).
for _, want in ipairs {
  { "tictactoe", "place", "place", "a cell: d4" }, { "connect4", "drop", "drop", "a column: d" },
  { "pentago", "rotate", "rotate", "the block and way it turns" }, { "othello", "flip", "flip", "d3, or pass" },
  { "checkers", "pieces", "pieces", "a chain c3xe5xc7" }, { "kalah", "sow", "sow", "a hole: b1" },
  { "notakto_hooks", "place", "place", "a cell: d4" },
  { "tests/cli/rulesets/pieces_swap.lua", "hooks", "pieces", "from-to: a2-a3" },
} do
  local f, data, text = assert(tavola.load(want[1])):family()
  check(f == want[2] and data == want[3] and text:find(want[4], 1, true),
        want[1] .. ": family " .. tostring(f) .. ", " .. tostring(data) .. ", " .. tostring(text))
end

-- Each option as list --json writes it: type, default, doc, the declared
-- min and max (integers for an int option), the choices; a value outside is
-- refused by tavola.load with the library's words.
local shapes = {}
for _, o in ipairs(assert(tavola.load("tests/cli/rulesets/option_ranges.lua")):option_info()) do shapes[o.name] = o end
check(shapes.size.type == "int" and math.type(shapes.size.min) == "integer" and shapes.size.min == 3
      and shapes.size.max == 9, "option_info: size 3..9")
check(shapes.lead.min == 0 and shapes.lead.max == nil, "option_info: lead has min only")
check(shapes.ratio.type == "number" and shapes.ratio.max == 1.5 and shapes.ratio.min == nil, "option_info: ratio")
check(shapes.style.type == "string" and table.concat(shapes.style.choices, "|") == "plain|bold|two words",
      "option_info: style's choices")
check(shapes.flag.type == "bool" and shapes.flag.default == "false" and shapes.flag.min == nil
      and shapes.flag.choices == nil, "option_info: a bool declares nothing")
local gomoku = assert(tavola.load("gomoku")):option_info()
check(#gomoku == 3 and gomoku[2].name == "opening" and #gomoku[2].choices == 3, "option_info: gomoku's opening")
local no_game, why_not = tavola.load("gomoku", { size = 27 })
check(no_game == nil and why_not:find("option size: expected an integer 5..26, got '27'", 1, true),
      "size=27 refused with the range: " .. tostring(why_not))

-- A NUL inside a text, or an integer past 32 bits, is refused with an error
-- that names it, never cut short or wrapped (the ABI takes C strings and ints).
local function refused(what, pattern, f, ...)
  local ok, e = pcall(f, ...)
  check(not ok and tostring(e):find(pattern, 1, true), what .. ": " .. tostring(ok) .. " " .. tostring(e))
end
refused("NUL in an option value", "option value: a NUL byte at 1", tavola.load, "amazons", { size = "6\0junk" })
refused("NUL in an options text", "options: a NUL byte at 6", tavola.load, "amazons", "size=6\0,junk=1")
refused("NUL in an option name", "option name: a NUL byte", tavola.load, "amazons", { ["size\0x"] = 6 })
refused("NUL in a ruleset name", "ruleset name: a NUL byte at 7", tavola.load, "amazons\0.lua")
refused("NUL in a folder", "folder: a NUL byte", tavola.add_path, "rulesets\0/x")
local tt = assert(tavola.load("tictactoe"))
refused("NUL in a move", "move: a NUL byte at 2", tt.play, tt, "b2\0a1")
check(tt:ply() == 0, "a move with a NUL played nothing")
refused("NUL in a position", "position: a NUL byte", tt.set_position, tt, tt:position() .. "\0junk")
refused("perft past 32 bits", "depth: 4294967298 is outside", tt.perft, tt, 2 ^ 32 + 2 | 0)
refused("perft below 32 bits", "is outside", tt.perft, tt, -(2 ^ 40 | 0))
check(tt:perft(2) == 72, "perft 2 still counts 72")

-- Game variables and hands (tests/cli/rulesets/vars_hands.lua): g:vars() and
-- g:hands() say what the position string's last field says, and follow a move.
local vh = assert(tavola.load("tests/cli/rulesets/vars_hands.lua"))
local v, h = vh:vars(), vh:hands()
check(v.done == false and v.ko == false and v.phase == 1 and v.lead == 0, "vars at the start")
check(type(v.passes) == "table" and v.passes[1] == 0 and v.passes[2] == 0, "a per-player variable is a pair")
check(h[1].M == 3 and h[1].K == 1 and h[2].m == 2 and h[2].M == nil, "hands at the start: M3 K1 / m2")
check(vh:position():find("hand=M3K1/m2", 1, true) ~= nil, "the position string's hands")
vh:play("M@b2")
check(vh:hands()[1].M == 2, "a drop takes a man from the hand")
vh:undo()
check(vh:hands()[1].M == 3, "undo gives it back")
check(next(tt:vars()) == nil and next(tt:hands()[1]) == nil, "no variables, no hands in tic-tac-toe")

print(string.format("lua module: %d passed, %d failed", passed, failed))
os.exit(failed == 0 and 0 or 1)
