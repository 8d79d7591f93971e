-- The side of a plain-Lua reference that talks to the tavola command: run it,
-- read its --json view, count what agreed. Only the harness is shared; each
-- reference keeps its own rules (move generator, captures, ends), written
-- apart from the engine's primitives.
--
--   local cli = dofile(arg[0]:match("^(.*/)") .. "lib/ref_cli.lua")
local M = {}

-- The command's output, stdout and stderr together. A command line that
-- starts with the tavola command given to the reference (arg[1]) is asked of
-- one `tavola batch` kept running beside the reference (the same commands,
-- in one process: starting a process costs more than most answers), unless
-- TAVOLA_REF_SPAWN is set; any other command line is run by the shell.
local batch -- { to = requests, from = answers, fifo = path } while one runs

local function spawn(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("a")
  p:close()
  return out
end

local function batch_start(tavola)
  local fifo = os.tmpname()
  os.remove(fifo)
  assert(os.execute("mkfifo " .. fifo), "mkfifo " .. fifo)
  local to = assert(io.popen(tavola .. " batch >" .. fifo .. " 2>&1", "w"))
  local from = assert(io.open(fifo, "r"))
  batch = { to = to, from = from, fifo = fifo }
end

function M.close()
  if not batch then return end
  batch.to:close()
  batch.from:close()
  os.remove(batch.fifo)
  batch = nil
end

function M.run(cmd)
  local tavola = arg[1]
  if os.getenv("TAVOLA_REF_SPAWN") or not tavola or cmd:sub(1, #tavola + 1) ~= tavola .. " " then
    return spawn(cmd)
  end
  if not batch then batch_start(tavola) end
  batch.to:write(cmd:sub(#tavola + 2), "\n")
  batch.to:flush()
  local lines = {}
  for line in batch.from:lines() do
    if line:byte(1) == 0x1e then return table.concat(lines, "\n") .. "\n" end
    lines[#lines + 1] = line
  end
  -- The batch ended without closing its answer (it crashed): what it said,
  -- and a new one for the next question.
  M.close()
  lines[#lines + 1] = "tavola batch ended before its answer to: " .. cmd
  return table.concat(lines, "\n") .. "\n"
end

-- Move texts (strings, or tables with .text) sorted into one string: the
-- engine's order need not be the reference's.
function M.sorted_texts(list)
  local t = {}
  for i, m in ipairs(list) do t[i] = type(m) == "table" and m.text or m end
  table.sort(t)
  return table.concat(t, " ")
end

-- What `tavola play ... --json` says of the position: its legal moves, board
-- rows joined by "/", side to move, status, winner and position string.
function M.view(out)
  local v = { moves = {}, rows = {} }
  for m in (out:match('"moves":%[(.-)%]') or ""):gmatch('"([^"]+)"') do v.moves[#v.moves + 1] = m end
  for row in (out:match('"board":%[(.-)%]') or ""):gmatch('"([^"]+)"') do v.rows[#v.rows + 1] = row end
  v.board = table.concat(v.rows, "/")
  v.to_move = out:match('"to_move":(%d+)')
  v.status = out:match('"status":"(%a+)"')
  v.winner = out:match('"winner":(%w+)')
  v.position = out:match('"position":"(.-)"')
  v.json = out:match("^{") ~= nil
  return v
end

-- Appends "what: engine X, reference Y" to problems when the two differ.
function M.expect(problems, what, got, want)
  if tostring(got) ~= tostring(want) then
    problems[#problems + 1] = string.format("%s: engine %s, reference %s", what, tostring(got), tostring(want))
  end
end

-- The engine's perft counts by depth (`tavola perft` prints "perft D N").
function M.engine_perft(out)
  local engine = {}
  for d, n in out:gmatch("perft (%d+) (%d+)") do engine[tonumber(d)] = math.tointeger(tonumber(n)) end
  return engine
end

-- A tally of checks: t.report(label, problems, cmd) counts one (and prints
-- its problems); t.finish(name) prints the totals and exits 0 only when
-- none failed.
function M.tally()
  local t = { passed = 0, failed = 0 }
  function t.report(label, problems, cmd)
    if #problems == 0 then
      t.passed = t.passed + 1
    else
      t.failed = t.failed + 1
      io.stderr:write(label .. ": " .. (cmd or "") .. "\n  " .. table.concat(problems, "\n  ") .. "\n")
    end
  end
  function t.finish(name)
    M.close()
    print(string.format("%s: %d passed, %d failed", name, t.passed, t.failed))
    os.exit(t.failed == 0 and 0 or 1)
  end
  return t
end

return M
