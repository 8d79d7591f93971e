-- An independent plain-Lua Pahtum (not the engine's code): random holes and
-- random move lists, played here and by `tavola play ... --json`; the boards,
-- scores, status and winner must agree.
-- usage: lua5.4 tests/ref/pahtum_ref.lua path/to/tavola GAMES
local tavola, games = arg[1], tonumber(arg[2] or "100")
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local N = 7
local POINTS = { [3] = 3, [4] = 10, [5] = 25, [6] = 56, [7] = 119 }

local function name(col, row) return string.char(96 + col) .. row end

-- Sum of the points of all maximal runs of `colour` in rows and columns.
local function score(board, colour)
  local total = 0
  for _, dir in ipairs({ { 1, 0 }, { 0, 1 } }) do
    for row = 1, N do
      for col = 1, N do
        local pc, pr = col - dir[1], row - dir[2]
        local starts = board[row][col] == colour and
          not (pc >= 1 and pr >= 1 and board[pr][pc] == colour)
        if starts then
          local len, c, r = 0, col, row
          while c <= N and r <= N and board[r][c] == colour do
            len, c, r = len + 1, c + dir[1], r + dir[2]
          end
          total = total + (POINTS[len] or 0)
        end
      end
    end
  end
  return total
end

local function play_one(seed)
  math.randomseed(seed)
  local board = {}
  for r = 1, N do board[r] = {} for c = 1, N do board[r][c] = "." end end
  local free = {}
  for r = 1, N do for c = 1, N do free[#free + 1] = { c, r } end end
  local function take(i) local cell = free[i]; free[i] = free[#free]; free[#free] = nil; return cell end
  local holes = {}
  for _ = 1, 2 * math.random(1, 6) + 1 do
    local cell = take(math.random(#free))
    board[cell[2]][cell[1]] = "#"
    holes[#holes + 1] = name(cell[1], cell[2])
  end
  local moves, colours = {}, { "x", "o" }
  local length = math.random(0, #free)
  if math.random(2) == 1 then length = #free end
  for i = 1, length do
    local cell = take(math.random(#free))
    board[cell[2]][cell[1]] = colours[(i - 1) % 2 + 1]
    moves[#moves + 1] = name(cell[1], cell[2])
  end
  local sx, so = score(board, "x"), score(board, "o")
  local over = #free == 0
  local winner = "null"
  if over then winner = sx > so and "1" or sx < so and "2" or "0" end
  local rows = {}
  for r = N, 1, -1 do rows[#rows + 1] = '"' .. table.concat(board[r]) .. '"' end

  local cmd = string.format("%s play pahtum -o holes=%s --moves '%s' --json",
    tavola, table.concat(holes, ","), table.concat(moves, " "))
  local out = cli.run(cmd)
  local function field(pattern) return out:match(pattern) end
  local problems = {}
  local function expect(what, got, want)
    if tostring(got) ~= tostring(want) then
      problems[#problems + 1] = string.format("%s: engine %s, reference %s", what, tostring(got), tostring(want))
    end
  end
  local e1, e2 = field('"scores":%[(%-?%d+),(%-?%d+)%]')
  expect("score 1", e1, sx)
  expect("score 2", e2, so)
  expect("status", field('"status":"(%a+)"'), over and "over" or "ongoing")
  expect("winner", field('"winner":(%w+)'), winner)
  expect("board", field('"board":%[(.-)%]'), table.concat(rows, ","))
  if #problems > 0 then
    io.stderr:write("seed " .. seed .. ": " .. cmd .. "\n  " .. table.concat(problems, "\n  ") .. "\n")
    return false
  end
  return true
end

local passed, failed = 0, 0
for seed = 1, games do
  if play_one(seed) then passed = passed + 1 else failed = failed + 1 end
end
cli.close()
print(string.format("pahtum reference: %d passed, %d failed", passed, failed))
os.exit(failed == 0 and 0 or 1)
