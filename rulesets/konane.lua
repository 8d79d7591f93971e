-- Konane (Hawaiian checkers): a square board filled with stones of both
-- colours in a checkerboard (a1 holds the first player's). The first player
-- lifts one of its stones from the centre or a corner; the second lifts one
-- of its own next to that hole (orthogonally). From then on every move is a
-- jump: a stone jumps an adjacent enemy stone, along a row or column, to the
-- empty cell beyond and takes it; it may jump on in the same direction, and
-- may stop after any jump (each stop is its own move, "c1xc3xc5"). Whoever
-- cannot move loses.
--
-- No primitive says these moves (a chain that keeps its direction and may
-- stop, the opening's lifts), so a moves hook lists them, whole: a lift is a
-- cell, a jump a chain (s:chain). The play hook lifts a stone, or lets the
-- engine play the chain (s:apply takes each enemy stone jumped). The board,
-- the setup and the end stay data.

local o = options {
  size = { default = 6, min = 4, max = 8, doc = "the side of the square board: 4, 6 or 8" },
}
local n = o.size
if n % 2 ~= 0 then error("size: the board side must be even (4, 6 or 8); got " .. n, 1) end

local rows = {}                              -- from the top row down to row 1
for r = n, 1, -1 do
  local row = {}
  for c = 1, n do row[c] = (r + c) % 2 == 0 and "x" or "o" end
  rows[#rows + 1] = table.concat(row)
end

local DIRS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }   -- (column, row) steps

-- The cell at column c, row r (0-based), 1-based as the view counts, or nil.
local function at(c, r)
  if c >= 0 and c < n and r >= 0 and r < n then return r * n + c + 1 end
end

local function moves(s)
  local me, t = s:to_move(), {}
  if s:empty() == 0 then                     -- the first lift: the centre or a corner
    local lo, hi = n // 2 - 1, n // 2
    for _, cr in ipairs({ { lo, lo }, { lo, hi }, { hi, lo }, { hi, hi },
                          { 0, 0 }, { 0, n - 1 }, { n - 1, 0 }, { n - 1, n - 1 } }) do
      local i = at(cr[1], cr[2])
      if s:owner(i) == me then t[#t + 1] = i end
    end
    return t
  end
  if s:empty() == 1 then                     -- the second lift: next to the hole
    local hole
    for i = 1, s:size() do if s:get(i) == 0 then hole = i end end
    local c, r = (hole - 1) % n, (hole - 1) // n
    for _, d in ipairs(DIRS) do
      local i = at(c + d[1], r + d[2])
      if i and s:owner(i) == me then t[#t + 1] = i end
    end
    return t
  end
  for _, from in ipairs({ s:pieces(me) }) do -- jumps: straight on, stopping anywhere
    local c0, r0 = (from - 1) % n, (from - 1) // n
    for _, d in ipairs(DIRS) do
      local landings, c, r = {}, c0, r0
      while true do
        local over, land = at(c + d[1], r + d[2]), at(c + 2 * d[1], r + 2 * d[2])
        if not (over and land) or s:owner(over) ~= 3 - me or s:get(land) ~= 0 then break end
        landings[#landings + 1] = land
        t[#t + 1] = s:chain(from, table.unpack(landings))
        c, r = c + 2 * d[1], r + 2 * d[2]
      end
    end
  end
  return t
end

return game {
  name = "Konane",
  description = string.format("%dx%d Hawaiian checkers: lift a stone, then jump straight on and take; "
                              .. "who cannot move loses", n, n),
  players = { "Black", "White" },
  board = grid { width = n, height = n },
  setup = rows,
  moves = moves,
  play = function(s, m)
    if type(m) == "number" then s:remove(m)  -- a lift: the cell, 1-based
    else s:apply(m) end                      -- a chain: the stone jumps, the stones jumped leave
  end,
  no_move = "loses",
  ends = { "no_move" },
}
