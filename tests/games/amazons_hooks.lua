-- Amazons with its turns from a moves hook: each turn has two parts, the
-- amazon's queen move and the arrow it then shoots, built by
-- s:turn(s:move(from, to), arrow) and written "d1-d7/g7", as the data
-- ruleset writes its turns. A play hook gives the effect (the arrow is a
-- block). tests/lua/test_hook_turns.c holds it to rulesets/amazons.lua turn
-- by turn: the same legal turns, the same positions, the same perft.
local o = options {
  size = { default = 6, doc = "board side: 6, 8 or 10" },
}

local n = o.size
if n ~= 6 and n ~= 8 and n ~= 10 then
  error(string.format("option size: expected 6, 8 or 10, got %s", tostring(n)), 1)
end

-- The start of rulesets/amazons.lua: four amazons a side.
local k = n // 2 - 2
local rows = {}
for r = n, 1, -1 do
  local line = {}
  for c = 1, n do line[c] = "." end
  if r == 1 then line[k + 1] = "A"; line[n - k] = "A" end
  if r == k + 1 then line[1] = "A"; line[n] = "A" end
  if r == n then line[k + 1] = "a"; line[n - k] = "a" end
  if r == n - k then line[1] = "a"; line[n] = "a" end
  rows[#rows + 1] = table.concat(line)
end

local DIRS = { {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1} }

-- Every cell reachable from (c, r) along d over empty cells of b, as 1-based indices.
local function ray(b, c, r, d, out)
  local m = 0
  c, r = c + d[1], r + d[2]
  while c >= 0 and c < n and r >= 0 and r < n and b[r * n + c + 1] == 0 do
    m = m + 1
    out[m] = r * n + c + 1
    c, r = c + d[1], r + d[2]
  end
  return m
end

local function moves(s)
  local me, b = s:to_move(), { s:owners() }   -- owners: 0 empty, 1 or 2 a player's amazon, 3 an arrow
  local t, count, to_cells, arrows = {}, 0, {}, {}
  for _, from in ipairs({ s:pieces(me) }) do
    local fc, fr = (from - 1) % n, (from - 1) // n
    for _, d in ipairs(DIRS) do
      for i = 1, ray(b, fc, fr, d, to_cells) do
        local to = to_cells[i]
        local step = s:move(from, to)
        b[from], b[to] = 0, me            -- the arrow may fly back over the cell left
        local tc, tr = (to - 1) % n, (to - 1) // n
        for _, e in ipairs(DIRS) do
          for j = 1, ray(b, tc, tr, e, arrows) do
            count = count + 1
            t[count] = s:turn(step, arrows[j])
          end
        end
        b[from], b[to] = me, 0
      end
    end
  end
  return t
end

return game {
  name = "Amazons (turns from a hook)",
  description = string.format("%dx%d, Amazons with its two-part turns listed by a moves hook", n, n),
  players = { "White", "Black" },
  board = grid { width = n, height = n },
  pieces = { "amazon" },
  setup = rows,
  max_moves = 8192,
  moves = moves,
  -- The queen move's default effect, then the arrow: a block on its cell.
  play = function(s, m)
    s:apply(m.parts[1])
    s:set(m.parts[2].from, 3)
  end,
  no_move = "loses",
  ends = "no_move",
}
