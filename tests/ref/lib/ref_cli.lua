-- The side of a plain-Lua reference that talks to the tavola command: run it,
-- read its --json view, count what agreed. Only the harness is shared; each
-- reference keeps its own rules (move generator, captures, ends), written
-- apart from the engine's primitives.
--
--   local cli = dofile(arg[0]:match("^(.*/)") .. "lib/ref_cli.lua")
local M = {}

-- The command's output, stdout and stderr together.
function M.run(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("a")
  p:close()
  return out
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
    print(string.format("%s: %d passed, %d failed", name, t.passed, t.failed))
    os.exit(t.failed == 0 and 0 or 1)
  end
  return t
end

return M
