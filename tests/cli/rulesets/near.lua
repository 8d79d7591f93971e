-- After the first stone, a stone goes next to another one; a refuse hook
-- says so when a player tries elsewhere (tests/cli/cli_test.sh).
local function near(s, i)
  local w, h = s:width(), s:height()
  local c, r = (i - 1) % w, (i - 1) // w
  for dc = -1, 1 do
    for dr = -1, 1 do
      local x, y = c + dc, r + dr
      if x >= 0 and x < w and y >= 0 and y < h and s:get(y * w + x + 1) ~= 0 then return true end
    end
  end
  return false
end

return game {
  name = "Near",
  description = "5x5, after the first stone every stone goes next to another one",
  board = grid { width = 5, height = 5 },
  moves = function(s)
    local t = {}
    for i = 1, s:size() do
      if s:get(i) == 0 and (s:ply() == 0 or near(s, i)) then t[#t + 1] = i end
    end
    return t
  end,
  refuse = function(s, m)
    if s:get(m) == 0 then return "a stone must go next to another one" end
  end,
  ends = "board_full",
}
