-- Kalah: two rows of holes and a store for each player. Seeds are sown
-- counter-clockwise into the own store but not the opponent's; the last seed
-- in the own store gives another turn; the last seed in an empty own hole
-- takes it and the seeds of the opposite hole into the store. The game ends
-- when a player's row is empty; each player then keeps the seeds on their own
-- side. Most seeds in the store wins.

local o = options {
  holes = { default = 6, min = 1, max = 16, doc = "holes a row (1..16)" },
  seeds = { default = 4, doc = "seeds a hole at the start" },
  empty_capture = { default = false, doc = "capture from an empty own hole even when the opposite hole is empty" },
}

return game {
  name = "Kalah",
  description = "Kalah(holes, seeds): stores, extra turns, capture of the opposite hole",
  board = mancala { holes = o.holes, seeds = o.seeds, stores = true },
  moves = sow {
    direction = "ccw", stores = "own", extra_turn = true,
    capture = { empty_hole = o.empty_capture and "opposite_always" or "opposite_nonempty" },
  },
  ends = "side_empty",
  remainder = "own_row",
  winner = "most_captured",
  evaluate = { score = 1 },      -- search: the difference of the stores
}
