-- An independent plain-Lua Connect Four (not the engine's code): its own move
-- generator and win check count perft from the empty grid, compared depth by
-- depth with the published counts and with `tavola perft connect4 ...`.
-- usage: lua5.4 tests/ref/connect4_ref.lua path/to/tavola [ignored]
local tavola = arg[1] or "build/tavola"

-- Published perft of standard Connect Four (7 columns, 6 rows, four to win).
local PUBLISHED = { 7, 49, 343, 2401, 16807, 117649, 823536, 5673234 }

-- Sequences of exactly `depth` moves from the empty W x H grid where K in a
-- row (horizontal, vertical or diagonal) wins at once; a won game is a leaf.
local function reference_perft(W, H, K, depth)
  local board = {}            -- board[c][r], 0 empty, 1 or 2; r = 1 is the bottom
  local height = {}           -- stones in each column
  for c = 1, W do
    board[c] = {}
    for r = 1, H do board[c][r] = 0 end
    height[c] = 0
  end
  local DIRS = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } }

  -- Stones of `p` next to (c, r) in direction (dc, dr), not counting (c, r).
  local function ray(c, r, dc, dr, p)
    local n = 0
    c, r = c + dc, r + dr
    while c >= 1 and c <= W and r >= 1 and r <= H and board[c][r] == p do
      n, c, r = n + 1, c + dc, r + dr
    end
    return n
  end

  local function wins(c, r, p)
    for i = 1, 4 do
      local d = DIRS[i]
      if 1 + ray(c, r, d[1], d[2], p) + ray(c, r, -d[1], -d[2], p) >= K then return true end
    end
    return false
  end

  local function count_moves()
    local n = 0
    for c = 1, W do
      if height[c] < H then n = n + 1 end
    end
    return n
  end

  -- The position is not won; `p` is to move.
  local function perft(d, p)
    if d == 1 then return count_moves() end   -- bulk count: no need to play the last ply
    local total = 0
    for c = 1, W do
      local r = height[c] + 1
      if r <= H then
        board[c][r], height[c] = p, r
        if not wins(c, r, p) then              -- a won game is a leaf
          total = total + perft(d - 1, 3 - p)
        end
        board[c][r], height[c] = 0, r - 1
      end
    end
    return total
  end

  return depth == 0 and 1 or perft(depth, 1)
end

local passed, failed = 0, 0
local function expect(what, got, want)
  if got == want then
    passed = passed + 1
  else
    failed = failed + 1
    io.stderr:write(string.format("%s: got %s, expected %s\n", what, tostring(got), tostring(want)))
  end
end

-- The engine's counts, by depth, for the given options.
local function engine_perft(depth, options)
  local cmd = string.format("%s perft connect4 %d %s", tavola, depth, options)
  local p = assert(io.popen(cmd))
  local out = p:read("a")
  local ok, how, code = p:close()
  if not ok then
    io.stderr:write(string.format("%s: %s %s\n", cmd, tostring(how), tostring(code)))
  end
  local counts = {}
  for d, n in out:gmatch("perft (%d+) (%d+)") do counts[tonumber(d)] = math.tointeger(tonumber(n)) end
  return counts, cmd
end

local function check(W, H, K, depth, options, published)
  local engine, cmd = engine_perft(depth, options)
  for d = 1, depth do
    local ref = reference_perft(W, H, K, d)
    if published then expect(string.format("reference %dx%d connect %d perft %d", W, H, K, d), ref, published[d]) end
    expect(string.format("%s: perft %d (reference %d)", cmd, d, ref), engine[d], ref)
  end
end

check(7, 6, 4, 8, "", PUBLISHED)
check(5, 4, 3, 8, "-o width=5 -o height=4 -o connect=3")
check(3, 3, 3, 10, "-o width=3 -o height=3 -o connect=3")  -- a full grid ends games too
check(3, 2, 2, 7, "-o width=3 -o height=2 -o connect=2")   -- past the end of every game

print(string.format("connect4 reference: %d passed, %d failed", passed, failed))
os.exit(failed == 0 and 0 or 1)
