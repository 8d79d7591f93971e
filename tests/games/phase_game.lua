-- A game whose phase chooses how the men move: each player's own phase,
-- a game variable that the play hook advances after each of that player's
-- moves (0, 1, 2, 0, ...); in phase 0 a man steps sideways or straight, in
-- phase 1 diagonally, in phase 2 it goes one or two cells forward; it never
-- takes. The first man on the far row wins. With impl = "data" the phase
-- chooses the generators of move { } (when = { phase = N }); with impl =
-- "hook" a moves hook lists the same moves from s:var("phase"). The tests
-- (tests/games/test_phase.c) hold the two to each other.
local o = options {
  impl = { default = "data", choices = { "data", "hook" }, doc = "who lists the moves: data (when = ...) or a moves hook" },
}

local W, H = 5, 6
local rows = { "mmmmm", "mmmmm", ".....", ".....", "MMMMM", "MMMMM" }

local function in_board(c, r) return c >= 0 and c < W and r >= 0 and r < H end

-- The moves hook: the mover's men in cell order, each in the data
-- generators' order of directions (the tests compare the lists as sets).
local PHASE_STEPS = {
  [0] = { {0, 1}, {1, 0}, {0, -1}, {-1, 0} },
  [1] = { {1, 1}, {1, -1}, {-1, -1}, {-1, 1} },
}
local function moves(s)
  local me = s:to_move()
  local phase, ahead = s:var("phase", me), me == 1 and 1 or -1
  local out = {}
  for _, from in ipairs({ s:pieces(me) }) do
    local c, r = (from - 1) % W, (from - 1) // W
    local function free(dc, dr)
      return in_board(c + dc, r + dr) and s:get((r + dr) * W + c + dc + 1) == 0
    end
    if phase == 2 then
      if free(0, ahead) then
        out[#out + 1] = s:move(from, from + ahead * W)
        if free(0, 2 * ahead) then out[#out + 1] = s:move(from, from + 2 * ahead * W) end
      end
    else
      for _, d in ipairs(PHASE_STEPS[phase]) do
        if free(d[1], d[2]) then out[#out + 1] = s:move(from, from + d[2] * W + d[1]) end
      end
    end
  end
  return out
end

local data_moves = move {
  man = {
    step { directions = "orthogonal", when = { phase = 0 } },
    step { directions = "diagonal", when = { phase = 1 } },
    slide { directions = "forward", max = 2, when = { phase = 2 } },
  },
}

return game {
  name = "Phases (" .. o.impl .. ")",
  description = "men step straight, then diagonally, then forward, as each player's phase says",
  players = { "White", "Black" },
  board = grid { width = W, height = H },
  pieces = { "man" },
  setup = rows,
  vars = { phase = { min = 0, max = 2, per_player = true } },
  moves = o.impl == "data" and data_moves or moves,
  play = function(s, m)
    local me = s:to_move()
    s:apply(m)
    s:set_var("phase", me, (s:var("phase", me) + 1) % 3)
  end,
  no_move = "loses",                   -- a phase may leave a player without a move
  ends = { "reach_far_row", "no_move" },
  max_plies = 80,
}
