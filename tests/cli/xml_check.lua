-- An independent XML 1.0 well-formedness checker in plain Lua 5.4 (no
-- libraries), for the SVG pictures tavola draws. It checks: UTF-8 and XML
-- characters only; an optional XML declaration first; comments, processing
-- instructions, CDATA and a DOCTYPE where they may be; tags balanced and
-- properly nested; names well formed; attribute values quoted, without '<',
-- no attribute twice; references only &amp; &lt; &gt; &quot; &apos; and
-- character references to XML characters; no ']]>' in text; exactly one root
-- element; namespace prefixes declared. With --svg the root must also be
-- <svg> in the SVG namespace with width, height and a four-number viewBox.
-- usage: lua5.4 tests/cli/xml_check.lua [--svg] FILE...  (FILE "-" = stdin)
-- Prints "FILE: line N: why" for each bad file; exits 1 if any.

local NAME = "^[%a_:\128-\255][%w%._:%-\128-\255]*"
local PREDEFINED = { amp = true, lt = true, gt = true, quot = true, apos = true }

local function xml_char(c)
  return c == 0x9 or c == 0xA or c == 0xD or (c >= 0x20 and c <= 0xD7FF)
      or (c >= 0xE000 and c <= 0xFFFD) or (c >= 0x10000 and c <= 0x10FFFF)
end

local function check(s, want_svg)
  local pos = 1
  local function fail(why, at)
    local _, nl = s:sub(1, (at or pos) - 1):gsub("\n", "")
    error({ line = nl + 1, why = why }, 0)
  end

  -- Characters: valid UTF-8 (no surrogates, no overlong forms) of XML chars.
  if not utf8.len(s) then
    local _, bad = utf8.len(s)
    fail("invalid UTF-8", bad)
  end
  for p, c in utf8.codes(s) do
    if not xml_char(c) then fail(string.format("character U+%04X is not allowed in XML", c), p) end
  end
  if s:sub(1, 3) == "\239\187\191" then pos = 4 end -- a byte order mark

  -- Text with references: returns nothing, fails on a bad '&' or a '<'.
  local function check_refs(text, at, in_attr)
    local i = 1
    while true do
      local a = text:find("[&<]", i)
      if not a then return end
      if text:sub(a, a) == "<" then
        fail(in_attr and "'<' in an attribute value" or "'<' in text", at + a - 1)
      end
      local b = text:find(";", a, true)
      if not b then fail("'&' without a reference", at + a - 1) end
      local ref = text:sub(a + 1, b - 1)
      local num
      if ref:match("^#x[%x]+$") then num = tonumber(ref:sub(3), 16)
      elseif ref:match("^#[%d]+$") then num = tonumber(ref:sub(2), 10)
      elseif not (ref:match(NAME .. "$") and PREDEFINED[ref]) then
        fail("unknown or malformed reference '&" .. ref .. ";'", at + a - 1)
      end
      if num and not xml_char(num) then fail("reference to a non-XML character &" .. ref .. ";", at + a - 1) end
      i = b + 1
    end
  end

  local function skip_space()
    local _, e = s:find("^[ \t\r\n]*", pos)
    pos = e + 1
  end

  local function comment() -- at "<!--"
    local e = s:find("-->", pos + 4, true)
    if not e then fail("unterminated comment") end
    local body = s:sub(pos + 4, e - 1)
    if body:find("--", 1, true) or body:sub(-1) == "-" then fail("'--' inside a comment") end
    pos = e + 3
  end

  local function pi() -- at "<?"
    local target = s:match(NAME, pos + 2)
    if not target then fail("processing instruction without a target") end
    if target:lower() == "xml" then fail("XML declaration not at the start of the document") end
    local e = s:find("?>", pos + 2, true)
    if not e then fail("unterminated processing instruction") end
    pos = e + 2
  end

  -- Attributes of a start tag (or the declaration): name -> value.
  local function attributes(close_pattern)
    local attrs, order = {}, {}
    while true do
      local had_space = s:find("^[ \t\r\n]", pos)
      skip_space()
      if s:find(close_pattern, pos) then return attrs, order end
      local name = s:match(NAME, pos)
      if not name then fail("bad character in a tag: '" .. s:sub(pos, pos) .. "'") end
      if not had_space then fail("no space before attribute '" .. name .. "'") end
      if attrs[name] then fail("attribute '" .. name .. "' given twice") end
      pos = pos + #name
      skip_space()
      if s:sub(pos, pos) ~= "=" then fail("attribute '" .. name .. "' without '='") end
      pos = pos + 1
      skip_space()
      local q = s:sub(pos, pos)
      if q ~= '"' and q ~= "'" then fail("attribute '" .. name .. "': value not quoted") end
      local e = s:find(q, pos + 1, true)
      if not e then fail("attribute '" .. name .. "': unterminated value") end
      local value = s:sub(pos + 1, e - 1)
      check_refs(value, pos + 1, true)
      attrs[name] = value
      order[#order + 1] = name
      pos = e + 1
    end
  end

  -- The XML declaration.
  if s:find("^<%?xml[ \t\r\n]", pos) then
    pos = pos + 5
    local attrs, order = attributes("^%?>")
    if order[1] ~= "version" or not attrs.version:match("^1%.%d+$") then
      fail("XML declaration: version must come first and be 1.x")
    end
    for _, k in ipairs(order) do
      if k ~= "version" and k ~= "encoding" and k ~= "standalone" then
        fail("XML declaration: unknown field '" .. k .. "'")
      end
    end
    if attrs.encoding and not attrs.encoding:lower():match("^utf%-?8$") then
      fail("encoding '" .. attrs.encoding .. "' is not UTF-8")
    end
    pos = pos + 2
  end

  local stack = {}      -- open elements: { name =, ns = {prefix = true} }
  local root, root_attrs, roots, doctype = nil, nil, 0, false

  local function declared(prefix)
    if prefix == "xml" or prefix == "xmlns" then return true end
    for i = #stack, 1, -1 do if stack[i].ns[prefix] then return true end end
    return false
  end

  while pos <= #s do
    local lt = s:find("<", pos, true)
    local text = s:sub(pos, (lt or #s + 1) - 1)
    if #stack == 0 then
      if text:find("[^ \t\r\n]") then fail(roots == 0 and "text before the root element" or "text after the root element") end
    else
      check_refs(text, pos, false)
      local cd = text:find("]]>", 1, true)
      if cd then fail("']]>' in text", pos + cd - 1) end
    end
    if not lt then break end
    pos = lt
    if s:find("^<!%-%-", pos) then
      comment()
    elseif s:find("^<%?", pos) then
      pi()
    elseif s:find("^<!%[CDATA%[", pos) then
      if #stack == 0 then fail("CDATA outside the root element") end
      local e = s:find("]]>", pos + 9, true)
      if not e then fail("unterminated CDATA section") end
      pos = e + 3
    elseif s:find("^<!DOCTYPE[ \t\r\n]", pos) then
      if doctype or roots > 0 then fail("DOCTYPE after the root element or twice") end
      doctype = true
      -- Skip to the '>' that closes it, past quoted strings and [internal subset].
      local i, depth = pos + 9, 0
      while true do
        local c = s:sub(i, i)
        if c == "" then fail("unterminated DOCTYPE") end
        if c == '"' or c == "'" then
          local e = s:find(c, i + 1, true)
          if not e then fail("unterminated DOCTYPE") end
          i = e
        elseif c == "[" then depth = depth + 1
        elseif c == "]" then depth = depth - 1
        elseif c == ">" and depth == 0 then break end
        i = i + 1
      end
      pos = i + 1
    elseif s:find("^</", pos) then
      local name = s:match(NAME, pos + 2)
      if not name then fail("malformed end tag") end
      local top = stack[#stack]
      if not top then fail("end tag </" .. name .. "> without a start tag") end
      if top.name ~= name then fail("end tag </" .. name .. "> closes <" .. top.name .. ">") end
      pos = pos + 2 + #name
      skip_space()
      if s:sub(pos, pos) ~= ">" then fail("malformed end tag </" .. name .. ">") end
      pos = pos + 1
      stack[#stack] = nil
    else
      local name = s:match(NAME, pos + 1)
      if not name then fail("'<' not followed by a name") end
      if #stack == 0 then
        roots = roots + 1
        if roots > 1 then fail("a second root element <" .. name .. ">") end
        root = name
      end
      pos = pos + 1 + #name
      local attrs, order = attributes("^/?>")
      local el = { name = name, ns = {} }
      for _, k in ipairs(order) do
        local p = k:match("^xmlns:(.+)$")
        if p then
          if attrs[k] == "" then fail("empty namespace for prefix '" .. p .. "'") end
          el.ns[p] = true
        end
      end
      stack[#stack + 1] = el
      local function prefix_ok(n)
        local p = n:match("^([^:]*):")
        if n:find(":.*:") or n:sub(1, 1) == ":" or n:sub(-1) == ":" then return false end
        return not p or declared(p)
      end
      if not prefix_ok(name) then fail("undeclared namespace prefix in <" .. name .. ">") end
      for _, k in ipairs(order) do
        if not prefix_ok(k) then fail("undeclared namespace prefix in attribute '" .. k .. "'") end
      end
      if #stack == 1 then root_attrs = attrs end
      if s:sub(pos, pos) == "/" then
        stack[#stack] = nil
        pos = pos + 2
      else
        pos = pos + 1
      end
    end
  end
  if #stack > 0 then fail("<" .. stack[#stack].name .. "> is never closed", #s + 1) end
  if roots == 0 then fail("no root element", #s + 1) end

  if want_svg then
    if root ~= "svg" then fail("the root element is <" .. root .. ">, not <svg>", 1) end
    if root_attrs.xmlns ~= "http://www.w3.org/2000/svg" then fail("<svg> is not in the SVG namespace", 1) end
    for _, k in ipairs({ "width", "height" }) do
      if not (root_attrs[k] or ""):match("^%d+%.?%d*[a-z%%]*$") then fail("<svg> has no valid " .. k, 1) end
    end
    local n = 0
    for v in (root_attrs.viewBox or ""):gmatch("[^ ,]+") do
      if not tonumber(v) then n = -100 end
      n = n + 1
    end
    if n ~= 4 then fail("<svg> has no valid viewBox", 1) end
  end
end

local want_svg, files, bad = false, {}, 0
for _, a in ipairs(arg) do
  if a == "--svg" then want_svg = true else files[#files + 1] = a end
end
if #files == 0 then
  io.stderr:write("usage: lua5.4 tests/cli/xml_check.lua [--svg] FILE...\n")
  os.exit(2)
end
for _, f in ipairs(files) do
  local h = f == "-" and io.stdin or io.open(f, "rb")
  if not h then
    print(f .. ": cannot open")
    bad = bad + 1
  else
    local s = h:read("a")
    if h ~= io.stdin then h:close() end
    local ok, e = pcall(check, s, want_svg)
    if not ok then
      if type(e) == "table" then print(string.format("%s: line %d: %s", f, e.line, e.why))
      else print(f .. ": " .. tostring(e)) end
      bad = bad + 1
    end
  end
end
os.exit(bad == 0 and 0 or 1)
