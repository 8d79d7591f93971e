-- An independent plain-Lua Hasami Shogi and Pente (not the engine's code, nor
-- its primitives): its own boards, move generators, capture code and end
-- rules, compared with the tavola command
--   1. on perft, from the start and from positions reached by random games
--      (where captures happen);
--   2. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state at
--      the end and after two random prefixes is compared in full: board,
--      legal moves, side to move, status, winner, scores and the position
--      string.
-- usage: lua5.4 tests/ref/custodial_ref.lua path/to/tavola [GAMES]
local tavola = arg[1] or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()
local PLY_CAP = 5000 -- the engine's move limit (a draw), which Hasami Shogi may meet

-- Boards: b[row][col], row 1 at the bottom (player 1's side), characters as
-- position strings write them. Player 1 owns upper case (Hasami) or x.
local function owner(ch)
  if ch == "." then return 0 end
  if ch == "x" or ch == "M" then return 1 end
  return 2
end

local function cell_name(r, c) return string.char(96 + c) .. r end

local function copy_board(R, b)
  local n = {}
  for r = 1, R.H do
    n[r] = {}
    for c = 1, R.W do n[r][c] = b[r][c] end
  end
  return n
end

local function board_rows(R, b)
  local rows = {}
  for r = R.H, 1, -1 do rows[#rows + 1] = table.concat(b[r]) end
  return rows
end

local ORTHO = { { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } }
local ALL8 = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } }

-- The enemy run from (r, c) along d when a piece of `me` closes it: its
-- cells, else nil.
local function bracket(R, b, r, c, d, me)
  local cells, tr, tc = {}, r + d[1], c + d[2]
  while tr >= 1 and tr <= R.H and tc >= 1 and tc <= R.W and owner(b[tr][tc]) == 3 - me do
    cells[#cells + 1] = { tr, tc }
    tr, tc = tr + d[1], tc + d[2]
  end
  if tr >= 1 and tr <= R.H and tc >= 1 and tc <= R.W and owner(b[tr][tc]) == me then return cells end
  return nil
end

-- A state: board b, side, ply, score {p1, p2}, over, winner, and moves (each
-- { text = ..., ... }).

-------------------------------------------------------------------------------
-- Hasami Shogi: rook moves; after a move, every enemy run between the moved
-- man and another own man along a row or a column is taken; a corner man
-- between the moved man and an own man on its other neighbour too (option).
-- Ends: the opponent left with one man or none (default), N captures, a lead
-- of N; no move loses; the move limit draws.
-------------------------------------------------------------------------------
local function hasami(n, o)
  o = o or {}
  local opts = string.format("-o size=%d", n)
  if o.corners == false then opts = opts .. " -o corners=false" end
  if o.captures then opts = opts .. " -o captures=" .. o.captures end
  if o.margin then opts = opts .. " -o margin=" .. o.margin end
  local R = { name = "hasami_shogi", opts = opts, W = n, H = n }
  local function corner(r, c) return (r == 1 or r == n) and (c == 1 or c == n) end
  local function finish(st, mover)
    st.moves = {}
    local left = 0
    for r = 1, n do for c = 1, n do if owner(st.b[r][c]) == st.side then left = left + 1 end end end
    if mover then
      local a, b = st.score[1], st.score[2]
      if not o.captures and not o.margin and left <= 1 then st.over, st.winner = true, mover return st end
      if (o.captures and (a >= o.captures or b >= o.captures)) or (o.margin and math.abs(a - b) >= o.margin) then
        st.over, st.winner = true, a > b and 1 or b > a and 2 or 0
        return st
      end
    end
    for r = 1, n do
      for c = 1, n do
        if owner(st.b[r][c]) == st.side then
          for _, d in ipairs(ORTHO) do
            local tr, tc = r + d[1], c + d[2]
            while tr >= 1 and tr <= n and tc >= 1 and tc <= n and st.b[tr][tc] == "." do
              st.moves[#st.moves + 1] = { text = cell_name(r, c) .. "-" .. cell_name(tr, tc), from = { r, c }, to = { tr, tc } }
              tr, tc = tr + d[1], tc + d[2]
            end
          end
        end
      end
    end
    if #st.moves == 0 then st.over, st.winner = true, 3 - st.side
    elseif st.ply >= PLY_CAP then st.over, st.winner, st.moves = true, 0, {} end
    return st
  end
  function R.start()
    local b = {}
    for r = 1, n do
      b[r] = {}
      for c = 1, n do b[r][c] = r == 1 and "M" or r == n and "m" or "." end
    end
    return finish({ b = b, side = 1, ply = 0, score = { 0, 0 }, over = false })
  end
  function R.play(st, m)
    local b, me = copy_board(R, st.b), st.side
    local fr, fc, tr, tc = m.from[1], m.from[2], m.to[1], m.to[2]
    b[tr][tc], b[fr][fc] = b[fr][fc], "."
    local taken = 0
    for _, d in ipairs(ORTHO) do
      for _, cell in ipairs(bracket(R, b, tr, tc, d, me) or {}) do
        b[cell[1]][cell[2]] = "."
        taken = taken + 1
      end
    end
    if o.corners ~= false then
      for _, d in ipairs(ORTHO) do
        local yr, yc = tr + d[1], tc + d[2]
        if yr >= 1 and yr <= n and yc >= 1 and yc <= n and corner(yr, yc) and owner(b[yr][yc]) == 3 - me then
          -- the corner's other orthogonal neighbour
          for _, e in ipairs(ORTHO) do
            local zr, zc = yr + e[1], yc + e[2]
            if zr >= 1 and zr <= n and zc >= 1 and zc <= n and not (zr == tr and zc == tc) and owner(b[zr][zc]) == me then
              b[yr][yc] = "."
              taken = taken + 1
            end
          end
        end
      end
    end
    local score = { st.score[1], st.score[2] }
    score[me] = score[me] + taken
    return finish({ b = b, side = 3 - me, ply = st.ply + 1, score = score, over = false }, me)
  end
  return R
end

-------------------------------------------------------------------------------
-- Pente: a stone on any empty point; a run of exactly two enemy stones (two
-- or three in Keryo) between it and an own stone, in any of the eight
-- directions, is taken; five or more in a row wins; 10 captured stones (15
-- in Keryo) win; a full board goes to the higher score.
-------------------------------------------------------------------------------
local function pente(n, keryo)
  local R = { name = "pente", opts = string.format("-o size=%d%s", n, keryo and " -o keryo=true" or ""), W = n, H = n }
  local lo, hi, target = 2, keryo and 3 or 2, keryo and 15 or 10
  local function finish(st)
    st.moves = {}
    if st.over then return st end
    for r = 1, n do
      for c = 1, n do
        if st.b[r][c] == "." then st.moves[#st.moves + 1] = { text = cell_name(r, c), at = { r, c } } end
      end
    end
    return st
  end
  local function five(b, r, c, me)
    for _, d in ipairs({ { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, -1 } }) do
      local len = 1
      for s = -1, 1, 2 do
        local tr, tc = r + s * d[1], c + s * d[2]
        while tr >= 1 and tr <= n and tc >= 1 and tc <= n and owner(b[tr][tc]) == me do
          len = len + 1
          tr, tc = tr + s * d[1], tc + s * d[2]
        end
      end
      if len >= 5 then return true end
    end
    return false
  end
  function R.start()
    local b = {}
    for r = 1, n do
      b[r] = {}
      for c = 1, n do b[r][c] = "." end
    end
    return finish({ b = b, side = 1, ply = 0, score = { 0, 0 }, over = false })
  end
  function R.play(st, m)
    local b, me = copy_board(R, st.b), st.side
    local r, c = m.at[1], m.at[2]
    b[r][c] = me == 1 and "x" or "o"
    local taken = 0
    for _, d in ipairs(ALL8) do
      local run = bracket(R, b, r, c, d, me)
      if run and #run >= lo and #run <= hi then
        for _, cell in ipairs(run) do b[cell[1]][cell[2]] = "." end
        taken = taken + #run
      end
    end
    local score = { st.score[1], st.score[2] }
    score[me] = score[me] + taken
    local st2 = { b = b, side = 3 - me, ply = st.ply + 1, score = score, over = false }
    local empty = 0
    for rr = 1, n do for cc = 1, n do if b[rr][cc] == "." then empty = empty + 1 end end end
    if five(b, r, c, me) then
      st2.over, st2.winner = true, me
    elseif empty == 0 or score[1] >= target or score[2] >= target then
      st2.over, st2.winner = true, score[1] > score[2] and 1 or score[2] > score[1] and 2 or 0
    end
    return finish(st2)
  end
  return R
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, sorted_texts, tally = cli.run, cli.sorted_texts, cli.tally()
local report = tally.report


local function position_of(R, st)
  return table.concat(board_rows(R, st.b), "/") .. " " .. st.side .. " - " .. st.ply .. " " .. st.score[1] .. ","
         .. st.score[2]
end


local function compare(R, names, st)
  local cmd = string.format("%s play %s %s --moves '%s' --json", tavola, R.name, R.opts, table.concat(names, " "))
  local out = run(cmd)
  local problems = {}
  local function expect(what, got, want) cli.expect(problems, what, got, want) end
  local v = cli.view(out)
  expect("board", v.board, table.concat(board_rows(R, st.b), "/"))
  expect("moves", sorted_texts(v.moves), sorted_texts(st.moves))
  expect("to_move", v.to_move, st.side)
  expect("status", v.status, st.over and "over" or "ongoing")
  expect("winner", v.winner, st.over and st.winner or "null")
  expect("scores", out:match('"scores":%[(.-)%]'), st.score[1] .. "," .. st.score[2])
  expect("position", v.position, position_of(R, st))
  if #problems > 0 and not v.json then problems[#problems + 1] = "engine output: " .. out:gsub("\n+$", "") end
  return problems, cmd
end

-------------------------------------------------------------------------------
-- 1. Perft
-------------------------------------------------------------------------------
local function perft(R, st, d)
  if st.over then return 0 end
  if d == 1 then return #st.moves end
  local n = 0
  for _, m in ipairs(st.moves) do n = n + perft(R, R.play(st, m), d - 1) end
  return n
end

local function check_perft(R, depth, st, label)
  st = st or R.start()
  local where = st.ply > 0 and string.format(" --position '%s'", position_of(R, st)) or ""
  local cmd = string.format("%s perft %s %d %s%s", tavola, R.name, depth, R.opts, where)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  for d = 1, depth do
    local n = perft(R, st, d)
    counts[#counts + 1] = tostring(n)
    if engine[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), n)
    end
  end
  print(string.format("perft %s %s%s: %s  %s (%.1f s)", R.name, R.opts, label or "", table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft " .. R.name, problems, cmd)
end

-- A state after k random moves of seed (the game not over yet), for perft.
local function random_state(R, seed, k)
  math.randomseed(seed)
  local st = R.start()
  for _ = 1, k do
    if st.over then break end
    local nxt = R.play(st, st.moves[math.random(#st.moves)])
    if nxt.over then break end
    st = nxt
  end
  return st
end

check_perft(hasami(9), 3)
check_perft(hasami(5), 4)
check_perft(pente(7, false), 3)
for seed = 1, 3 do
  check_perft(hasami(7), 3, random_state(hasami(7), seed, 40), " after 40 random moves")
  check_perft(pente(7, false), 2, random_state(pente(7, false), seed, 24), " after 24 random moves")
  check_perft(pente(7, true), 2, random_state(pente(7, true), seed, 24), " after 24 random moves")
end

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
-- One cycle: the long games (9x9 Hasami Shogi runs to about 2,000 plies,
-- 19x19 Pente) once, the short ones often, so that the default 300 games
-- stay near half a minute.
local VARIANTS = {
  hasami(9),
  hasami(5), pente(9, false), hasami(6, { margin = 2 }), pente(7, true), hasami(5, { corners = false }),
  hasami(9, { captures = 5 }),
  pente(9, true), hasami(5), pente(7, false), hasami(6, { captures = 3 }), pente(9, false),
  pente(19, false),
  hasami(5, { margin = 1 }), pente(9, true), hasami(5), pente(8, true), hasami(6, { margin = 2 }),
  hasami(6, { corners = false }),
  pente(9, false), hasami(5), pente(7, true), hasami(5, { captures = 2 }), pente(19, true),
}

local ended, plies, captured = 0, 0, 0
for seed = 1, games do
  local R = VARIANTS[(seed - 1) % #VARIANTS + 1]
  math.randomseed(seed)
  local st, names, states = R.start(), {}, {}
  states[0] = st
  while not st.over do
    local m = st.moves[math.random(#st.moves)]
    names[#names + 1] = m.text
    st = R.play(st, m)
    states[#names] = st
  end
  ended = ended + 1
  plies = plies + #names
  captured = captured + st.score[1] + st.score[2]
  local label = string.format("%s %s seed %d", R.name, R.opts, seed)
  report(label, compare(R, names, st)) -- the end, every move accepted on the way
  for _ = 1, 2 do                      -- and two states on the way
    local k = math.random(0, #names)
    report(label .. " after " .. k, compare(R, table.move(names, 1, k, 1, {}), states[k]))
  end
end
print(string.format("random games: %d (%d plies, %d stones captured), %d variants", ended, plies, captured, #VARIANTS))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("custodial reference")
