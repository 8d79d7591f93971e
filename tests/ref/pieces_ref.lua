-- An independent plain-Lua Breakthrough, Clobber and English draughts (not the
-- engine's code, nor its primitives): its own boards, move generators, chain
-- search and end rules, on boards of at most 64 cells and past them, compared
-- with the tavola command
--   1. on perft from the start (and English draughts with the published counts);
--   2. on random games: each game is played move by move by the engine (which
--      must accept every move the reference finds legal), and the state after
--      a random prefix and at the end is compared in full: board, legal moves,
--      side to move, status, winner and the position string.
-- usage: lua5.4 tests/ref/pieces_ref.lua path/to/tavola [GAMES]
local tavola = arg[1] or "build/tavola"
local games = tonumber(arg[2] or "300")
local t0, wall0 = os.clock(), os.time()

-------------------------------------------------------------------------------
-- Boards: b[row][col], row 1 at the bottom (player 1's side), each a
-- character as position strings write it: '.', or a piece's letter, upper
-- case for player 1.
-------------------------------------------------------------------------------
local function owner(ch)
  if ch == "." then return 0 end
  if ch == "x" then return 1 end
  if ch == "o" then return 2 end
  return ch:match("%u") and 1 or 2
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

local function on(R, r, c) return r >= 1 and r <= R.H and c >= 1 and c <= R.W end

-- A state: board b, side (1, 2), ply, quiet (plies without a capture or a
-- promotion), over, winner (0 draw), and moves: the legal moves, each
-- { text = "a2-a3", after = function () ... } computed when the state is made.

-------------------------------------------------------------------------------
-- Breakthrough: pawns step forward or diagonally forward onto an empty cell,
-- or diagonally forward onto an enemy pawn, taking it. Reaching the far row
-- wins; a player without pawns has lost.
-------------------------------------------------------------------------------
local function breakthrough(W, H, opts)
  local R = { name = "breakthrough", opts = opts, W = W, H = H }
  local function finish(st)
    st.moves = {}
    if st.over then return st end
    local me, d = st.side, st.side == 1 and 1 or -1
    for r = 1, H do
      for c = 1, W do
        if owner(st.b[r][c]) == me then
          for dc = -1, 1 do
            local tr, tc = r + d, c + dc
            if on(R, tr, tc) then
              local o = owner(st.b[tr][tc])
              if o == 0 or (dc ~= 0 and o == 3 - me) then
                st.moves[#st.moves + 1] = { text = cell_name(r, c) .. (o == 0 and "-" or "x") .. cell_name(tr, tc),
                  from = { r, c }, to = { tr, tc } }
              end
            end
          end
        end
      end
    end
    return st
  end
  function R.start()
    local b = {}
    for r = 1, H do
      b[r] = {}
      for c = 1, W do b[r][c] = (r <= 2 and "P") or (r > H - 2 and "p") or "." end
    end
    return finish({ b = b, side = 1, ply = 0, quiet = 0, over = false, winner = nil })
  end
  function R.play(st, m)
    local b = copy_board(R, st.b)
    local fr, fc, tr, tc = m.from[1], m.from[2], m.to[1], m.to[2]
    b[tr][tc], b[fr][fc] = b[fr][fc], "."
    local n = { b = b, side = 3 - st.side, ply = st.ply + 1, quiet = 0, over = false }
    local left = 0
    for r = 1, H do for c = 1, W do if owner(b[r][c]) == n.side then left = left + 1 end end end
    if tr == (st.side == 1 and H or 1) or left == 0 then n.over, n.winner = true, st.side end
    return finish(n)
  end
  R.position_tail = function(st) return "" end
  return R
end

-------------------------------------------------------------------------------
-- Clobber: a stone moves onto an orthogonally adjacent enemy stone, taking
-- it; the player to move without a move loses.
-------------------------------------------------------------------------------
local function clobber(rows, cols, opts)
  local R = { name = "clobber", opts = opts, W = cols, H = rows }
  local function finish(st)
    st.moves = {}
    local me = st.side
    for r = 1, rows do
      for c = 1, cols do
        if owner(st.b[r][c]) == me then
          for _, d in ipairs({ { 1, 0 }, { 0, 1 }, { -1, 0 }, { 0, -1 } }) do
            local tr, tc = r + d[1], c + d[2]
            if on(R, tr, tc) and owner(st.b[tr][tc]) == 3 - me then
              st.moves[#st.moves + 1] = { text = cell_name(r, c) .. "x" .. cell_name(tr, tc), from = { r, c }, to = { tr, tc } }
            end
          end
        end
      end
    end
    if #st.moves == 0 then st.over, st.winner = true, 3 - me end
    return st
  end
  function R.start()
    local b = {}
    for r = 1, rows do
      b[r] = {}
      for c = 1, cols do b[r][c] = (r + c) % 2 == 0 and "x" or "o" end
    end
    return finish({ b = b, side = 1, ply = 0, quiet = 0, over = false })
  end
  function R.play(st, m)
    local b = copy_board(R, st.b)
    b[m.to[1]][m.to[2]], b[m.from[1]][m.from[2]] = b[m.from[1]][m.from[2]], "."
    return finish({ b = b, side = 3 - st.side, ply = st.ply + 1, quiet = 0, over = false })
  end
  R.position_tail = function(st) return "" end
  return R
end

-------------------------------------------------------------------------------
-- English draughts: men step diagonally forward, kings either way; a jump
-- over an adjacent enemy to the empty cell beyond takes it at once, and the
-- piece must jump on while it can, unless a man has just become a king on
-- the far row; jumping is mandatory (any chain); no move loses; 40 plies
-- without a capture or a promotion is a draw.
-------------------------------------------------------------------------------
local function checkers()
  local R = { name = "checkers", opts = "", W = 8, H = 8 }
  local DIAG = { { 1, -1 }, { 1, 1 }, { -1, -1 }, { -1, 1 } }
  local function is_king(ch) return ch == "K" or ch == "k" end
  local function dirs_of(ch)
    if is_king(ch) then return DIAG end
    return owner(ch) == 1 and { DIAG[1], DIAG[2] } or { DIAG[3], DIAG[4] }
  end
  local function far(side, r) return r == (side == 1 and 8 or 1) end

  -- The chains from (pr, pc) of `piece`, depth first, on the scratch board b
  -- (restored on the way back), into jumps; returns whether a jump was found.
  local function search(b, me, pr, pc, piece, path, taken, jumps)
    local found = false
    for _, d in ipairs(dirs_of(piece)) do
      local mr, mc, lr, lc = pr + d[1], pc + d[2], pr + 2 * d[1], pc + 2 * d[2]
      if on(R, lr, lc) and owner(b[mr][mc]) == 3 - me and b[lr][lc] == "." then
        found = true
        local over = b[mr][mc]
        b[mr][mc], b[pr][pc], b[lr][lc] = ".", ".", piece
        local p2 = path .. "x" .. cell_name(lr, lc)
        local crowned = not is_king(piece) and far(me, lr)
        if crowned or not search(b, me, lr, lc, piece, p2, taken + 1, jumps) then
          local final = copy_board(R, b)
          if crowned then final[lr][lc] = me == 1 and "K" or "k" end
          jumps[#jumps + 1] = { text = p2, final = final, captures = taken + 1, crowned = crowned }
        end
        b[mr][mc], b[pr][pc], b[lr][lc] = over, piece, "."
      end
    end
    return found
  end

  local function finish(st)
    st.moves = {}
    if st.over then return st end
    local me, jumps, steps, scratch = st.side, {}, {}, copy_board(R, st.b)
    for r = 1, 8 do
      for c = 1, 8 do
        local ch = st.b[r][c]
        if owner(ch) == me then
          search(scratch, me, r, c, ch, cell_name(r, c), 0, jumps)
          for _, d in ipairs(dirs_of(ch)) do
            local tr, tc = r + d[1], c + d[2]
            if #jumps == 0 and on(R, tr, tc) and st.b[tr][tc] == "." then
              local crowned = not is_king(ch) and far(me, tr)
              steps[#steps + 1] = { text = cell_name(r, c) .. "-" .. cell_name(tr, tc), captures = 0, crowned = crowned,
                                    step = { r, c, tr, tc, crowned and (me == 1 and "K" or "k") or ch } }
            end
          end
        end
      end
    end
    st.moves = #jumps > 0 and jumps or steps
    if #st.moves == 0 then st.over, st.winner = true, 3 - me
    elseif st.quiet >= 40 then st.over, st.winner, st.moves = true, 0, {} end
    return st
  end
  function R.start()
    local rows = { "M.M.M.M.", ".M.M.M.M", "M.M.M.M.", "........", "........", ".m.m.m.m", "m.m.m.m.", ".m.m.m.m" }
    local b = {}
    for r = 1, 8 do
      b[r] = {}
      for c = 1, 8 do b[r][c] = rows[r]:sub(c, c) end
    end
    return finish({ b = b, side = 1, ply = 0, quiet = 0, over = false })
  end
  function R.play(st, m)
    local progress, b = m.captures > 0 or m.crowned, m.final
    if m.step then -- a step: its board is made only when it is played
      local r, c, tr, tc, ch = table.unpack(m.step)
      b = copy_board(R, st.b)
      b[r][c], b[tr][tc] = ".", ch
    end
    return finish({ b = b, side = 3 - st.side, ply = st.ply + 1, quiet = progress and 0 or st.quiet + 1,
                    over = false })
  end
  R.position_tail = function(st) return " " .. st.quiet end
  return R
end

-------------------------------------------------------------------------------
-- The engine
-------------------------------------------------------------------------------
local cli = dofile((arg[0]:match("^(.*/)") or "./") .. "lib/ref_cli.lua")
local run, sorted_texts, tally = cli.run, cli.sorted_texts, cli.tally()
local report = tally.report


local function position_of(R, st)
  return table.concat(board_rows(R, st.b), "/") .. " " .. st.side .. " - " .. st.ply .. R.position_tail(st)
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

local function check_perft(R, depth, published)
  local cmd = string.format("%s perft %s %d %s", tavola, R.name, depth, R.opts)
  local out = run(cmd)
  local engine = cli.engine_perft(out)
  local problems, counts, t = {}, {}, os.clock()
  for d = 1, depth do
    local n = perft(R, R.start(), d)
    counts[#counts + 1] = tostring(n)
    if engine[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: engine %s, reference %d", d, tostring(engine[d]), n)
    end
    if published and published[d] ~= n then
      problems[#problems + 1] = string.format("perft %d: reference %d, published %d", d, n, published[d])
    end
  end
  print(string.format("perft %s %s: %s  %s (%.1f s)", R.name, R.opts, table.concat(counts, " "),
                      #problems == 0 and "PASS" or "FAIL", os.clock() - t))
  report("perft " .. R.name, problems, cmd)
end

-- English draughts from the start (Aart Bik, 2009).
local PUBLISHED_CHECKERS = { 7, 49, 302, 1469, 7361, 36768, 179740 }
check_perft(checkers(), 7, PUBLISHED_CHECKERS)
check_perft(breakthrough(8, 8, ""), 3)
check_perft(breakthrough(5, 6, "-o width=5 -o height=6"), 4)
check_perft(clobber(5, 6, ""), 3)
check_perft(clobber(4, 4, "-o rows=4 -o columns=4"), 5)
-- past 64 cells: the engine's steps by bit sets of several words
check_perft(breakthrough(12, 12, "-o width=12 -o height=12"), 3)
check_perft(breakthrough(16, 16, "-o width=16 -o height=16"), 3)
check_perft(clobber(10, 10, "-o rows=10 -o columns=10"), 2)

-------------------------------------------------------------------------------
-- 2. Random games
-------------------------------------------------------------------------------
local VARIANTS = {
  checkers(),
  breakthrough(8, 8, ""),
  breakthrough(5, 6, "-o width=5 -o height=6"),
  clobber(5, 6, ""),
  clobber(3, 7, "-o rows=3 -o columns=7"),
  breakthrough(12, 12, "-o width=12 -o height=12"), -- past 64 cells
  breakthrough(16, 16, "-o width=16 -o height=16"),
  breakthrough(13, 5, "-o width=13 -o height=5"),   -- 65: one cell in the second word
  clobber(10, 10, "-o rows=10 -o columns=10"),
  clobber(13, 26, "-o rows=13 -o columns=26"),
}

local ended, plies = 0, 0
for seed = 1, games do
  local R = VARIANTS[(seed - 1) % #VARIANTS + 1]
  math.randomseed(seed)
  local st, names, states = R.start(), {}, {}
  states[0] = st
  while not st.over and #names < 2000 do
    local m = st.moves[math.random(#st.moves)]
    names[#names + 1] = m.text
    st = R.play(st, m)
    states[#names] = st
  end
  if st.over then ended = ended + 1 end
  plies = plies + #names
  local label = string.format("%s %s seed %d", R.name, R.opts, seed)
  report(label, compare(R, names, st))           -- the end, every move accepted on the way
  local k = math.random(0, #names)               -- and one state on the way
  local prefix = table.move(names, 1, k, 1, {})
  report(label .. " after " .. k, compare(R, prefix, states[k]))
end
print(string.format("random games: %d (%d to the end, %d plies), %d variants", games, ended, plies, #VARIANTS))
print(string.format("time: %.1f s cpu (this process), about %d s wall", os.clock() - t0, os.time() - wall0))
tally.finish("pieces reference")
