-- Breakthrough with its moves and their effect as hooks: the pawns' steps
-- listed by a moves hook as whole moves (s:move), played by a play hook (the
-- pawn moves, taking what stands on the cell it goes to); the board, the
-- pieces, the setup and the ends stay data. The tests play it against
-- rulesets/breakthrough.lua move by move; `make bench` times it beside it.
local o = options {
  width  = { default = 8, min = 2, max = 26, doc = "columns, 2..26" },
  height = { default = 8, min = 5, max = 26, doc = "rows, 5..26" },
}

local width, height = o.width, o.height
local rows = {}
for r = 1, height do
  local c = (r <= 2 and "p") or (r > height - 2 and "P") or "."
  rows[r] = string.rep(c, width)
end

-- The data ruleset lists each pawn's moves in turn (cells in order): the
-- straight step, then the diagonal steps, the one to the next column first;
-- the hook lists them in the same order, so that a seeded random game is
-- the same game.
local function moves(s)
  local t, n = {}, 0
  local me, w, size = s:to_move(), s:width(), s:size()
  local fwd = me == 1 and w or -w
  local mine = { s:pieces(me) }            -- the mover's pawns, cells in order
  for k = 1, #mine do
    local i = mine[k]
    local to = i + fwd
    if to >= 1 and to <= size then
      local col = (i - 1) % w
      if s:get(to) == 0 then n = n + 1; t[n] = s:move(i, to) end
      if col < w - 1 and s:owner(to + 1) ~= me then n = n + 1; t[n] = s:move(i, to + 1) end
      if col > 0 and s:owner(to - 1) ~= me then n = n + 1; t[n] = s:move(i, to - 1) end
    end
  end
  return t
end

return game {
  name = "Breakthrough (moves hook)",
  description = string.format("%dx%d, Breakthrough with its moves listed by a hook", width, height),
  players = { "White", "Black" },
  board = grid { width = width, height = height },
  pieces = { "pawn" },
  setup = rows,
  moves = moves,
  -- The effect, as a play hook (s:apply(m) would do the same): the pawn
  -- leaves m.from, and whatever stood on m.to is replaced by it.
  play = function(s, m)
    s:remove(m.from)
    s:put(m.to, s:to_move(), "pawn")
  end,
  ends = { "reach_far_row", pieces_left = 0 },
}
