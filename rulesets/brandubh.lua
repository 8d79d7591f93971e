-- Brandubh: the Irish tafl game on 7x7. The attackers (8 men, moving first)
-- surround the defenders (4 men and their king, who starts on the throne,
-- d4). Every piece moves like a rook, any number of empty cells along a row
-- or column. Only the king may stop on the throne or a corner; any piece may
-- pass over the empty throne. A man is taken when the mover closes it
-- between one of the mover's pieces (the king takes part) or a hostile cell
-- (a corner; the throne while empty) on the far side, along a row or column;
-- a man that moves between two enemies is safe. The king is taken when
-- attackers (or the throne) close all four sides of him: then the attackers
-- win; the defenders win when the king reaches a corner. A player who cannot
-- move loses; 300 plies without a winner is a draw.
--
-- Data where a primitive fits: the board, the kinds, the start, the move
-- limit, who loses without a move. Hooks where none does: the moves (rook
-- moves with cells only the king may stop on), the captures (hostile cells,
-- the king's four sides) and the end (the king taken or escaped). This is
-- the guide's worked example of a hook game whose pieces move
-- (rulesets/README.md, "Worked example: Brandubh").

local N = 7
local THRONE = 3 * N + 3 + 1                 -- d4, 1-based as the view counts
local CORNERS = { [1] = true, [N] = true, [N * (N - 1) + 1] = true, [N * N] = true }
local DIRS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }   -- (column, row) steps

-- The cell next to cell i in direction d, or nil off the board.
local function step(i, d)
  local c, r = (i - 1) % N + d[1], (i - 1) // N + d[2]
  if c >= 0 and c < N and r >= 0 and r < N then return r * N + c + 1 end
end

local function moves(s)
  local me, t = s:to_move(), {}
  for _, from in ipairs({ s:pieces(me) }) do
    local king = s:kind(from) == "king"
    for _, d in ipairs(DIRS) do
      local to = step(from, d)
      while to and s:get(to) == 0 do          -- over empty cells only
        if king or not (to == THRONE or CORNERS[to]) then t[#t + 1] = s:move(from, to) end
        to = step(to, d)                      -- others pass over the empty throne
      end
    end
  end
  return t
end

-- A cell that closes a capture for player p: p's piece, a corner, the empty throne.
local function closes(s, i, p)
  return s:owner(i) == p or CORNERS[i] or (i == THRONE and s:get(i) == 0)
end

local function play(s, m)
  s:apply(m)                                  -- the piece moves (m.to is empty)
  local me = s:to_move()
  for _, d in ipairs(DIRS) do
    local next = step(m.to, d)
    if next and s:owner(next) == 3 - me then
      if s:kind(next) == "man" then
        local beyond = step(next, d)
        if beyond and closes(s, beyond, me) then s:remove(next) end
      elseif me == 1 then                     -- the king, next to an attacker that just moved
        local sides = 0
        for _, e in ipairs(DIRS) do
          local around = step(next, e)
          if around and (s:owner(around) == 1 or around == THRONE) then sides = sides + 1 end
        end
        if sides == 4 then s:remove(next) end -- taken: the end hook sees no king
      end
    end
  end
end

local function ends(s)
  for i = 1, s:size() do
    if s:kind(i) == "king" then
      if CORNERS[i] then return 2 end          -- escaped
      return nil
    end
  end
  return 1                                    -- the king was taken
end

return game {
  name = "Brandubh",
  description = "7x7 tafl: rook moves, custodial captures against pieces, corners and the empty throne; "
                .. "the king escapes to a corner or is taken on four sides",
  players = { "Attackers", "Defenders" },
  board = grid { width = N, height = N },
  pieces = { "man", "king" },                -- M: an attacker; m, k: a defender, the king
  setup = {
    "...M...",
    "...M...",
    "...m...",
    "MMmkmMM",
    "...m...",
    "...M...",
    "...M...",
  },
  moves = moves,
  play = play,
  no_move = "loses",
  ends = { ends, "no_move" },
  max_plies = 300,
}
