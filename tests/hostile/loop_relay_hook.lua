-- A play hook that asks s:sow for a relay sowing that never ends gets an
-- error naming it (the state unchanged), not a sowing reported as done.
-- run: play {} --moves a1
-- exit: 1
-- stderr: loop_relay_hook.lua:14: sow: a1: the relay sowing would never end
return game {
  name = "RelayHook",
  board = mancala { holes = 1, seeds = 1 },
  sow = sow { relay = true, skip_origin = true },
  moves = function(s) return s:empties() end,
  play = function(s, m)
    -- the only sowing on this board laps for ever
    local again
    again = s:sow(m)
    return again
  end,
  ends = "board_empty",
}
