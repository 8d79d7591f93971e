-- An independent plain-Lua Pentago (not the engine's code): its own moves,
-- quarter turns and five-in-a-row after the turn (both colours at once: a
-- draw). It plays random games to their end and hands each whole move list to
-- `tavola play pentago --moves ... --json`, which must accept every move and
-- end the same way, with the same board and legal-move count on the way;
-- perft at the start is checked too.
-- usage: lua5.4 tests/ref/pentago_ref.lua path/to/tavola [GAMES]
local tavola = arg[1] or "build/tavola"
local GAMES = math.min(tonumber(arg[2]) or 200, 500) -- each game is one run of the command
local N, SIDE, K = 6, 3, 5

local passed, failed = 0, 0
local function expect(what, got, want)
  if got == want then
    passed = passed + 1
  else
    failed = failed + 1
    io.stderr:write(string.format("%s: got %s, expected %s\n", what, tostring(got), tostring(want)))
  end
end

local function name(c, r) return string.char(97 + c) .. tostring(r + 1) end

-- board[r][c], r = 0 the bottom row; 0 empty, 1 White (first), 2 Black.
local function new_board()
  local b = {}
  for r = 0, N - 1 do
    b[r] = {}
    for c = 0, N - 1 do b[r][c] = 0 end
  end
  return b
end

-- Block q (1..4: a1-c3, d1-f3, a4-c6, d4-f6) a quarter turn: clockwise as
-- drawn with row 1 at the bottom, (x, y) -> (y, SIDE - 1 - x) in the block.
local function turn(b, q, ccw)
  local c0, r0 = ((q - 1) % 2) * SIDE, ((q - 1) // 2) * SIDE
  local old = {}
  for y = 0, SIDE - 1 do
    old[y] = {}
    for x = 0, SIDE - 1 do old[y][x] = b[r0 + y][c0 + x] end
  end
  for y = 0, SIDE - 1 do
    for x = 0, SIDE - 1 do
      local nx, ny
      if ccw then nx, ny = SIDE - 1 - y, x else nx, ny = y, SIDE - 1 - x end
      b[r0 + ny][c0 + nx] = old[y][x]
    end
  end
end

local function has_five(b, v)
  for r = 0, N - 1 do
    for c = 0, N - 1 do
      for _, d in ipairs({ { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } }) do
        local n = 0
        while n < K do
          local x, y = c + n * d[1], r + n * d[2]
          if x < 0 or x >= N or y < 0 or y >= N or b[y][x] ~= v then break end
          n = n + 1
        end
        if n == K then return true end
      end
    end
  end
  return false
end

local function board_json(b)
  local rows = {}
  for r = N - 1, 0, -1 do
    local t = {}
    for c = 0, N - 1 do t[#t + 1] = ({ [0] = ".", "x", "o" })[b[r][c]] end
    rows[#rows + 1] = '"' .. table.concat(t) .. '"'
  end
  return "[" .. table.concat(rows, ",") .. "]"
end

-- One random game (a simple LCG, so that runs repeat): the move list, the
-- final board, the winner (0 draw, 1, 2).
local seed = 12345
local function rand(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end

local function random_game()
  local b, moves, p = new_board(), {}, 1
  while true do
    local empty = {}
    for r = 0, N - 1 do
      for c = 0, N - 1 do
        if b[r][c] == 0 then empty[#empty + 1] = { c, r } end
      end
    end
    if #empty == 0 then return moves, b, 0 end
    local e, q, ccw = empty[rand(#empty) + 1], rand(4) + 1, rand(2) == 1
    b[e[2]][e[1]] = p
    turn(b, q, ccw)
    moves[#moves + 1] = string.format("%s/%d%s", name(e[1], e[2]), q, ccw and "ccw" or "cw")
    local mine, theirs = has_five(b, p), has_five(b, 3 - p)
    if mine and theirs then return moves, b, 0 end
    if mine then return moves, b, p end
    if theirs then return moves, b, 3 - p end
    p = 3 - p
  end
end

local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run = cli.run

-- Perft at the start: 36 x 8, then 35 x 8 (no line before nine stones).
local out = run(string.format("%s perft pentago 2", tavola))
expect("perft 1", out:match("perft 1 (%d+)"), tostring(36 * 8))
expect("perft 2", out:match("perft 2 (%d+)"), tostring(36 * 8 * 35 * 8))

local draws, wins = 0, 0
for g = 1, GAMES do
  local moves, b, winner = random_game()
  local json = run(string.format('%s play pentago --moves "%s" --json', tavola, table.concat(moves, " ")))
  local what = string.format("game %d (%d moves)", g, #moves)
  expect(what .. " status", json:match('"status":"(%a+)"'), "over")
  expect(what .. " board", json:match('"board":(%b[])'), board_json(b))
  expect(what .. " winner", json:match('"winner":(%w+)'), winner == 0 and "0" or tostring(winner))
  if winner == 0 then draws = draws + 1 else wins = wins + 1 end
end

print(string.format("pentago reference: %d passed, %d failed (%d games: %d won, %d drawn)", passed, failed, GAMES,
                    wins, draws))
cli.close()
os.exit(failed == 0 and 0 or 1)
