/* Hostile rulesets: escapes from the sandbox, the limits (memory, instructions,
 * time) with their messages, long-running C library calls, rulesets
 * attacking each other or the host through the hooks' results, and the
 * bounded pattern matcher checked against the stock one. */
#define _GNU_SOURCE /* mkstemps */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "tavola.h"
#include "test_util.h"
#include "tv_check.h"
#include "tv_ruleset_impl.h"

/* Every limit but the one a test is about is out of reach, so that which
 * one stops a script never depends on the machine's speed: a test of the
 * instructions or the memory has no clock, a test of the clock no
 * instruction budget. 0 takes the default, so "none" is the largest value. */
#define NO_STEPS ULONG_MAX
#define NO_MS LONG_MAX
static const tv_limits no_clock = {.load_ms = NO_MS, .hook_ms = NO_MS};

static tv_ruleset *load_limited(const char *source, const tv_limits *limits, tv_error *err)
{
    return tv_ruleset_load("hostile.lua", source, strlen(source), NULL, limits ? limits : &no_clock, err);
}

/* Loading fails with a message containing want. limits NULL: the default
 * instructions and memory, no clock. How long it takes is not checked: the
 * point is that it stops, and the tcase's timeout catches a hang. */
static void refused_with(const char *source, const tv_limits *limits, const char *want)
{
    tv_error err = {0};
    tv_ruleset *rs = load_limited(source, limits, &err);
    ck_assert_msg(rs == NULL, "loaded, expected an error containing \"%s\"", want);
    ck_assert_msg(strstr(err.msg, want) != NULL, "error \"%s\" lacks \"%s\"", err.msg, want);
}

static void refused(const char *source, const char *want) { refused_with(source, NULL, want); }

static void loads(const char *source)
{
    tv_error err = {0};
    tv_ruleset *rs = load_limited(source, NULL, &err);
    ck_assert_msg(rs != NULL, "load failed: %s", err.msg);
    tv_ruleset_free(rs);
}

/* ---- escapes -------------------------------------------------------------- */

START_TEST(no_host_libraries)
{
    refused("local f = io.open('/etc/passwd')\n" GAME_TAIL, "hostile.lua:1: attempt to index a nil value (global 'io')");
    refused("os.execute('touch /tmp/tavola_pwned')\n" GAME_TAIL, "hostile.lua:1:");
    refused("local x = os.getenv('HOME')\n" GAME_TAIL, "hostile.lua:1:");
    refused("require('io')\n" GAME_TAIL, "hostile.lua:1: attempt to call a nil value (global 'require')");
    refused("package.loadlib('libc.so.6', 'system')\n" GAME_TAIL, "hostile.lua:1:");
    refused("local d = debug.getregistry()\n" GAME_TAIL, "hostile.lua:1:");
    refused("collectgarbage('stop')\n" GAME_TAIL, "hostile.lua:1:");
    refused("local c = coroutine.create(print)\n" GAME_TAIL, "hostile.lua:1:");
    /* Nothing of them is left anywhere a ruleset can look. */
    loads("for _, name in ipairs({'io', 'os', 'package', 'require', 'debug', 'dofile', 'loadfile',\n"
          "  'collectgarbage', 'print', 'coroutine', 'module', 'loadstring', 'setfenv', 'getfenv'}) do\n"
          "  assert(_G[name] == nil and _ENV[name] == nil, name)\n"
          "end\n"
          "assert(string.dump == nil and math.random == nil and math.randomseed == nil)\n"
          "for k, v in pairs(_G) do assert(type(v) ~= 'userdata' and type(v) ~= 'thread', k) end\n" GAME_TAIL);
}
END_TEST

START_TEST(no_bytecode)
{
    refused("local f, e = load('\\27Lua\\84\\0\\25\\147\\r\\n\\26\\n')\nassert(f, e)\n" GAME_TAIL,
            "attempt to load a binary chunk");
    refused("local f, e = load('\\27Lua\\84\\0', 'x', 'b')\nassert(f, e)\n" GAME_TAIL, "binary");
    /* A chunk handed over by a reader function is refused too. */
    refused("local f = load(function() return nil end)\n" GAME_TAIL, "hostile.lua:1: bad argument #1 to 'load'");
    refused("\x1bLua\x54\x00\x19\x93\r\n\x1a\n", "binary");
    refused("local d = string.dump(function() end)\n" GAME_TAIL, "hostile.lua:1:");
    refused("local d = ('').dump(function() end)\n" GAME_TAIL, "hostile.lua:1:");
    /* The string metatable leads to the string table only, and that has no dump. */
    loads("local mt = getmetatable('')\n"
          "assert(mt.__index == string and rawget(mt.__index, 'dump') == nil)\n"
          "for k, v in pairs(mt) do assert(k == '__index' or (k:match('^__%l+$') and type(v) == 'function'), k) end\n"
          "for k, v in pairs(mt.__index) do assert(type(v) == 'function', k) end\n"
          "assert(getmetatable(mt) == nil and getmetatable(string) == nil)\n" GAME_TAIL);
    /* load's environment argument reaches nothing new. */
    loads("local f = load('return io, os, debug', 'x', 't', {})\nlocal a, b, c = f()\n"
          "assert(a == nil and b == nil and c == nil)\n" GAME_TAIL);
}
END_TEST

START_TEST(no_finalizers)
{
    refused("setmetatable({}, { __gc = function() while true do end end })\n" GAME_TAIL,
            "hostile.lua:1: setmetatable: __gc metamethods are not allowed");
    refused("setmetatable({}, { __gc = true })\n" GAME_TAIL, "__gc metamethods are not allowed");
    /* A __gc added later is never called (Lua marks objects at setmetatable):
     * closing the VM must not run it, nor hang. */
    const char *src = "local mt = {}\n"
                      "for i = 1, 100 do setmetatable({}, mt) end\n"
                      "mt.__gc = function() while true do end end\n" GAME_TAIL;
    tv_error err = {0};
    tv_ruleset *rs = load_limited(src, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_ruleset_free(rs); /* a __gc that ran would never return: the tcase's timeout catches it */
}
END_TEST

/* ---- limits ------------------------------------------------------------- */

START_TEST(instruction_limit_cannot_be_caught)
{
    tv_limits small = {.load_steps = 1000000, .load_ms = NO_MS};
    refused_with("local n = 0\nwhile true do n = n + 1 end\n" GAME_TAIL, &small,
                 "hostile.lua:2: instruction limit of 1000000 exceeded");
    refused_with("for i = 1, 100 do pcall(function() while true do end end) end\n" GAME_TAIL, &small,
                 "instruction limit of 1000000 exceeded");
    refused_with("for i = 1, 100 do\n"
                 "  xpcall(function() while true do end end, function(e) return 'swallowed' end)\n"
                 "end\n" GAME_TAIL, &small, "instruction limit of 1000000 exceeded");
    refused_with("local function f() local ok = pcall(f) return ok end\n"
                 "for i = 1, 1e9 do pcall(f) end\n" GAME_TAIL, &small, "exceeded");
    /* A to-be-closed variable's __close runs under the same budget. */
    refused_with("do local x <close> = setmetatable({}, { __close = function() while true do end end }) end\n"
                 GAME_TAIL, &small, "instruction limit");
    /* Nor can load() start a fresh budget. */
    refused_with("load('while true do end')()\n" GAME_TAIL, &small, "instruction limit");
    /* error() with a non-string object does not hide the limit either. */
    refused_with("pcall(function() while true do end end)\nerror({})\n" GAME_TAIL, &small,
                 "instruction limit");
}
END_TEST

START_TEST(memory_limit_names_file_and_line)
{
    refused("local t = {}\nfor i = 1, 1e9 do t[i] = ('x'):rep(1000) .. i end\n" GAME_TAIL,
            "hostile.lua:2: memory limit of 33554432 bytes exceeded");
    refused("local s = 'x'\n\nwhile true do s = s .. s end\n" GAME_TAIL,
            "hostile.lua:3: memory limit of 33554432 bytes exceeded");
    refused("\nlocal s = ('x'):rep(1e9)\n" GAME_TAIL, "hostile.lua:2: memory limit of 33554432 bytes exceeded");
    refused("local t = {}\nfor i = 1, 1e8 do t[i] = i end\n" GAME_TAIL, "hostile.lua:2: memory limit");
    refused("local t = {}\nfor i = 1, 1e6 do t[i] = 'abcdefgh' end\nlocal s = table.concat(t, ('y'):rep(30))\n"
            GAME_TAIL, "hostile.lua:3: memory limit");
    refused("local t = {}\nfor i = 1, 1e8 do t[#t + 1] = {} end\n" GAME_TAIL, "memory limit");
    /* Deep recursion ends at the stack limit or the memory limit, cleanly. */
    refused("local function f(n) return 1 + f(n + 1) end\nf(1)\n" GAME_TAIL, "hostile.lua:1:");
    /* A smaller cap set by the host. */
    tv_limits tiny = {.memory = 200000, .load_ms = NO_MS};
    refused_with("local t = {}\nfor i = 1, 1e6 do t[i] = i end\n" GAME_TAIL, &tiny,
                 "hostile.lua:2: memory limit of 200000 bytes exceeded");
    /* So small that the VM cannot even be set up: refused cleanly. */
    tv_limits none = {.memory = 1000, .load_ms = NO_MS};
    refused_with(GAME_TAIL, &none, "memory limit of 1000 bytes exceeded");
    /* A memory error cannot be caught: the load fails with the limit. */
    refused("local ok, e = pcall(string.rep, 'x', 1e9)\nassert(not ok)\n" GAME_TAIL,
            "hostile.lua:1: memory limit of 33554432 bytes exceeded");
}
END_TEST

/* Loading is stopped by the clock: the message names the time limit and a
 * line of the script. Which line is not asserted when the script first
 * builds megabytes of strings: on a slow enough machine that alone spends
 * the budget, and the clock stops it there. */
static void stopped_by_the_clock(const char *source, const tv_limits *limits, const char *want)
{
    tv_error err = {0};
    tv_ruleset *rs = load_limited(source, limits, &err);
    ck_assert_msg(rs == NULL, "loaded, expected an error containing \"%s\"", want);
    ck_assert_msg(strncmp(err.msg, "hostile.lua:", 12) == 0 && strstr(err.msg, want) != NULL,
                  "error \"%s\" lacks \"hostile.lua:...%s\"", err.msg, want);
}

START_TEST(time_limit)
{
    /* Instructions that each compare or copy megabytes are few, but slow:
     * the clock stops them. Nothing else can: no instruction budget (a:upper()
     * is charged 4M a call, so 50M of them ran out first on a fast machine),
     * and memory far beyond the few strings live at a time. */
    tv_limits quick = {.load_ms = 300, .load_steps = NO_STEPS, .memory = 256u << 20};
    stopped_by_the_clock("local a, b = ('x'):rep(4e6), ('x'):rep(4e6 - 1) .. 'x'\n"
                         "local n = 0\n"
                         "for i = 1, 1e9 do if a == b then n = n + 1 end end\n" GAME_TAIL,
                         &quick, "time limit of 300 ms exceeded");
    stopped_by_the_clock("local a = ('x'):rep(4e6)\nfor i = 1, 1e9 do local b = a:upper() end\n" GAME_TAIL, &quick,
                         "time limit of 300 ms exceeded");
    stopped_by_the_clock("local a = ('x'):rep(1e6)\nwhile true do local f = load('return 1') local s = a .. 'y' end\n"
                         GAME_TAIL, &quick, "time limit of 300 ms exceeded");
    /* A tight loop stops at the time limit when there is no instruction limit. */
    tv_limits slow = {.load_ms = 200, .load_steps = NO_STEPS};
    refused_with("while true do end\n" GAME_TAIL, &slow, "hostile.lua:1: time limit of 200 ms exceeded");
}
END_TEST

/* Library calls that would run long inside C are counted. */
START_TEST(long_library_calls_are_counted)
{
    refused_with("local x = ('a'):rep(5000):find(('a*'):rep(30) .. 'b')\n" GAME_TAIL, NULL,
                 "hostile.lua:1: instruction limit of 50000000 exceeded");
    refused_with("local s = ('a'):rep(30)\nlocal x = s:match(('(a-)'):rep(30) .. 'b')\n" GAME_TAIL, NULL,
                 "hostile.lua:2: instruction limit");
    refused_with("for w in ('a'):rep(3000):gmatch('a*a*a*a*a*a*b') do end\n" GAME_TAIL, NULL,
                 "hostile.lua:1: instruction limit");
    refused_with("local s = ('a'):rep(3000):gsub('a-a-a-a-a-a-$x', '')\n" GAME_TAIL, NULL,
                 "hostile.lua:1: instruction limit");
    refused_with("local t = {}\ntable.move(t, 1, math.maxinteger, 2)\n" GAME_TAIL, NULL,
                 "hostile.lua:2: instruction limit");
    refused_with("local t = setmetatable({}, { __len = function() return math.maxinteger end })\n"
                 "table.insert(t, 1, 'x')\n" GAME_TAIL, NULL, "hostile.lua:2: instruction limit");
    refused_with("local t = setmetatable({}, { __len = function() return 1 << 40 end })\n"
                 "table.remove(t, 1)\n" GAME_TAIL, NULL, "hostile.lua:2: instruction limit");
    refused_with("local a, b = ('x'):rep(1e6), ('x'):rep(1e6 - 1) .. 'x'\nlocal t = {}\n"
                 "for i = 1, 3000 do t[i] = i % 2 == 0 and a or b end\ntable.sort(t)\n" GAME_TAIL, NULL,
                 "hostile.lua:4: instruction limit");
    tv_limits few = {.load_steps = 5000000, .load_ms = NO_MS};
    refused_with("local s = ('x = 1 '):rep(1e6)\nfor i = 1, 1e9 do load(s) end\n" GAME_TAIL, &few,
                 "hostile.lua:2: instruction limit");
    /* Plain searches are linear. */
    loads("local s = ('a'):rep(1e6)\nassert(not s:find(('a'):rep(5e5) .. 'b', 1, true))\n" GAME_TAIL);
    /* Ordinary use is untouched. */
    loads("assert(('key = value'):match('^(%w+)%s*=%s*(%w+)$') == 'key')\n"
          "assert(select(2, ('a,b,,c'):gsub(',', ';')) == 3)\n"
          "local t = {} for w in ('d4 e5 f6'):gmatch('%S+') do t[#t + 1] = w end assert(#t == 3)\n"
          "local u = {5, 3, 9, 1} table.sort(u) assert(u[1] == 1 and u[4] == 9)\n"
          "table.sort(u, function(a, b) return a > b end) assert(u[1] == 9)\n"
          "table.insert(u, 1, 0) assert(u[1] == 0 and #u == 5) assert(table.remove(u, 1) == 0)\n"
          "assert(table.move({1, 2, 3}, 1, 3, 2)[3] == 2)\n" GAME_TAIL);
}
END_TEST

/* ---- hooks ---------------------------------------------------------------- */

static tv_ruleset *load_hooked(const char *hook, const tv_limits *limits, tv_error *err)
{
    char src[4096];
    snprintf(src, sizeof src,
             "return game { name = 'H', board = grid { width = 3, height = 3 },\n"
             "  moves = function(s)\n%s\n  end,\n"
             "  ends = 'board_full' }\n",
             hook);
    return tv_ruleset_load("hooked.lua", src, strlen(src), NULL, limits ? limits : &no_clock, err);
}

/* The hook is bad from ply 1 on: the first move works, the second is
 * refused with want in the message, the game is unchanged and goes on.
 * limits NULL: the default instructions and memory, no clock. */
static void hook_refused(const char *hook, const tv_limits *limits, const char *want)
{
    tv_error err = {0};
    tv_ruleset *rs = load_hooked(hook, limits, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_msg(g != NULL, "%s", err.msg);
    ck_assert_int_eq(play_moves(g, "a1", &err), TV_OK);
    char before[256], after[256];
    tv_position_write(g->rules, g->state, before, sizeof before);
    ck_assert_int_lt(play_moves(g, "b1", &err), 0);
    ck_assert_msg(strstr(err.msg, want) != NULL, "error \"%s\" lacks \"%s\"", err.msg, want);
    tv_position_write(g->rules, g->state, after, sizeof after);
    ck_assert_str_eq(before, after);
    /* The VM stays usable: undo, and a fresh game plays its first move. */
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(play_moves(g, "c3", &err), TV_OK);
    tv_game_free(g);
    g = tv_game_new(tv_ruleset_rules(rs), 2, &err);
    ck_assert_int_eq(play_moves(g, "b2", &err), TV_OK);
    /* A random playout runs its hook calls as one batch: the same error (a
     * hook giving no move: a playout has none to draw), and it stops at the
     * position where the hook failed. */
    if (strcmp(want, "not among the legal moves") == 0)
        want = "no legal move in a game that is not over";
    tv_rng rng;
    tv_rng_seed(&rng, 5);
    tv_position_write(g->rules, g->state, before, sizeof before);
    ck_assert_int_lt(tv_random_playout(g->rules, g->state, &rng, &err), 0);
    ck_assert_msg(strstr(err.msg, want) != NULL, "playout: error \"%s\" lacks \"%s\"", err.msg, want);
    tv_position_write(g->rules, g->state, after, sizeof after);
    ck_assert_str_eq(before, after);
    tv_game_free(g);
    g = tv_game_new(tv_ruleset_rules(rs), 3, &err);
    ck_assert_int_eq(play_moves(g, "b2", &err), TV_OK);
    tv_game_free(g);
    tv_ruleset_free(rs);
}

#define EMPTY_CELLS "    local t = {} for c = 1, s:size() do if s:get(c) == 0 then t[#t + 1] = c end end\n"

START_TEST(hook_limits)
{
    hook_refused("    if s:ply() >= 1 then while true do end end\n" EMPTY_CELLS "    return t",
                 NULL, "moves hook: hooked.lua:3: instruction limit of 5000000 exceeded");
    hook_refused("    if s:ply() >= 1 then local x = ('y'):rep(1e9) end\n" EMPTY_CELLS "    return t",
                 NULL, "moves hook: hooked.lua:3: memory limit of 33554432 bytes exceeded");
    hook_refused("    if s:ply() >= 1 then local t = {} for i = 1, 1e9 do t[i] = {} end end\n" EMPTY_CELLS
                 "    return t", NULL, "moves hook: hooked.lua:3: memory limit");
    tv_limits quick = {.hook_ms = 100, .hook_steps = NO_STEPS, .load_ms = NO_MS};
    hook_refused("    if s:ply() >= 1 then while true do end end\n" EMPTY_CELLS "    return t",
                 &quick, "moves hook: hooked.lua:3: time limit of 100 ms exceeded");
    hook_refused("    if s:ply() >= 1 then ('a'):rep(3000):find(('a*'):rep(20) .. 'b') end\n" EMPTY_CELLS
                 "    return t", NULL, "moves hook: hooked.lua:3: instruction limit");
}
END_TEST

/* What a hook returns is read without running any of its metamethods: they
 * would run outside every limit, and an error there would abort the host. */
START_TEST(hook_results_are_read_raw)
{
    hook_refused("    if s:ply() >= 1 then\n"
                 "      return setmetatable({}, { __len = function() error('boom') end })\n"
                 "    end\n" EMPTY_CELLS "    return t",
                 NULL, "not among the legal moves");
    hook_refused("    if s:ply() >= 1 then\n"
                 "      return setmetatable({}, { __len = function() return 3 end,\n"
                 "                                __index = function() while true do end end })\n"
                 "    end\n" EMPTY_CELLS "    return t",
                 NULL, "not among the legal moves");
    hook_refused("    if s:ply() >= 1 then\n"
                 "      getmetatable('').__tostring = function() while true do end end\n"
                 "      getmetatable('').__name = 'x'\n"
                 "      return { 'zz' }\n"
                 "    end\n" EMPTY_CELLS "    return t",
                 NULL, "moves hook: move 1 (zz) is not a move of this board");
    hook_refused("    if s:ply() >= 1 then return { {} } end\n" EMPTY_CELLS "    return t",
                 NULL, "move 1 (table) is not a move");
}
END_TEST

/* The state view: its metatable is protected, no field can be added (its
 * methods are the ruleset's own to break), and it is dead outside the call
 * it was given to. */
START_TEST(state_view_is_sealed)
{
    hook_refused("    if s:ply() >= 1 then setmetatable(s, {}) end\n" EMPTY_CELLS "    return t",
                 NULL, "hooked.lua:3: cannot change a protected metatable");
    hook_refused("    if s:ply() >= 1 then assert(getmetatable(s) == false) s.saved = 1 end\n" EMPTY_CELLS
                 "    return t", NULL, "hooked.lua:3: the state is read-only");
    hook_refused("    if s:ply() >= 1 then SAVED = s return {} end\n" EMPTY_CELLS "    return t",
                 NULL, "not among the legal moves");
    hook_refused("    if s:ply() >= 1 then options { x = { default = 1 } } end\n" EMPTY_CELLS "    return t",
                 NULL, "options: may only be declared while loading");
    hook_refused("    if s:ply() >= 1 then game { name = 'again', board = grid { width = 2, height = 2 }, "
                 "ends = 'board_full' } end\n" EMPTY_CELLS "    return t",
                 NULL, "game{} was already called");
}
END_TEST

/* ---- isolation ---------------------------------------------------------------- */

/* A ruleset vandalises everything it can reach in its own VM; another loaded
 * in the same process (before and after) sees none of it, and the vandal
 * itself still plays. */
START_TEST(rulesets_cannot_touch_each_other)
{
    const char *vandal =
        "local mt = getmetatable('')\n"
        "mt.__index = { find = function() return 'vandal' end }\n"
        "mt.__add = function() return 'vandal' end\n"
        "string.rep = nil string.format = nil table.insert = nil math.pi = 3\n"
        "setmetatable(_G, { __index = function(_, k) return 'vandal:' .. k end, __newindex = function() end })\n"
        "VANDAL = true\n"
        "local g, gr, e = game, grid, 'board_full'\n"
        "game = nil grid = nil place = nil options = nil\n"
        "return g { name = 'Vandal', board = gr { width = 3, height = 3 },\n"
        "  ends = { e, function(s) return s:ply() >= 3 and (('x'):find('x') == 'vandal' and 1 or 2) or nil end } }\n";
    const char *probe =
        "assert(rawget(_G, 'VANDAL') == nil and getmetatable(_G) == nil)\n"
        "assert(('abc'):find('b') == 2 and string.rep('a', 3) == 'aaa' and math.pi > 3.14)\n"
        "assert(string.format('%d', 5) == '5' and table.insert ~= nil and '10' + 1 == 11)\n"
        "assert(type(game) == 'function' and type(grid) == 'function')\n" GAME_TAIL;
    tv_error err = {0};
    tv_ruleset *before = load_limited(probe, NULL, &err);
    ck_assert_msg(before != NULL, "%s", err.msg);
    tv_ruleset *rs = tv_ruleset_load("vandal.lua", vandal, strlen(vandal), NULL, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_ruleset *after = load_limited(probe, NULL, &err);
    ck_assert_msg(after != NULL, "%s", err.msg);
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_int_eq(play_moves(g, "a1 b1 c1", &err), TV_OK);
    ck_assert_int_eq(g->state->winner, 1); /* its hook still sees its own string table */
    tv_game_free(g);
    /* The first probe's VM, loaded before, is untouched too: its tables are its own. */
    g = tv_game_new(tv_ruleset_rules(before), 1, &err);
    ck_assert_int_eq(play_moves(g, "a1 b1 c1 a2 b2 c2 a3 b3 c3", &err), TV_OK);
    ck_assert_int_eq(g->state->status, TV_OVER);
    tv_game_free(g);
    tv_ruleset_free(before);
    tv_ruleset_free(rs);
    tv_ruleset_free(after);
}
END_TEST

/* ---- the ABI ------------------------------------------------------------------ */

START_TEST(abi_set_limits)
{
    const tavola_api *t = tavola_get_api(TAVOLA_ABI_VERSION);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_ge(t->size, offsetof(tavola_api, set_limits) + sizeof t->set_limits);
    char path[] = "/tmp/tavola_hostile_XXXXXX.lua";
    int fd = mkstemps(path, 4);
    ck_assert_int_ge(fd, 0);
    const char *src = "local t = {}\nfor i = 1, 2e5 do t[i] = i end\n" GAME_TAIL;
    FILE *f = fdopen(fd, "w");
    fputs(src, f);
    fclose(f);
    char err[512];
    /* The clock is never in reach here: which limit stops a load is the test. */
    ck_assert_int_eq(t->set_limits(0, 0, 0, NO_MS, NO_MS), TAVOLA_OK);
    tavola_ruleset *rs = t->ruleset_load(path, NULL, err, sizeof err);
    ck_assert_msg(rs != NULL, "%s", err);
    t->ruleset_free(rs);
    ck_assert_int_eq(t->set_limits(1 << 20, 0, 0, NO_MS, NO_MS), TAVOLA_OK);
    ck_assert_ptr_null(t->ruleset_load(path, NULL, err, sizeof err));
    ck_assert_msg(strstr(err, ":2: memory limit of 1048576 bytes exceeded"), "%s", err);
    ck_assert_int_eq(t->set_limits(0, 100000, 0, NO_MS, NO_MS), TAVOLA_OK);
    ck_assert_ptr_null(t->ruleset_load(path, NULL, err, sizeof err));
    ck_assert_msg(strstr(err, ":2: instruction limit of 100000 exceeded"), "%s", err);
    ck_assert_int_eq(t->set_limits(0, 0, 0, -1, 0), TAVOLA_EINVAL);
    ck_assert_int_eq(t->set_limits(0, 0, 0, NO_MS, NO_MS), TAVOLA_OK); /* 0: the default memory and steps again */
    rs = t->ruleset_load(path, NULL, err, sizeof err);
    ck_assert_msg(rs != NULL, "%s", err);
    /* The limits of a ruleset are those in force when it was loaded. */
    tavola_game *g = t->game_new(rs, 1);
    ck_assert_int_eq(t->set_limits(1000, 1, 1, 1, 1), TAVOLA_OK);
    ck_assert_int_eq(t->play_text(g, "a1"), TAVOLA_OK);
    ck_assert_int_eq(t->set_limits(0, 0, 0, 0, 0), TAVOLA_OK);
    t->game_free(g);
    t->ruleset_free(rs);
    remove(path);
}
END_TEST

/* ---- the bounded matcher against the stock one ----------------------------------- */

static const char *const driver =
    "return function(s, p, r, init)\n"
    "  local out = {}\n"
    "  local function put(...) local n = select('#', ...) local t = {n}\n"
    "    for i = 1, n do t[#t + 1] = type((select(i, ...))) .. ':' .. tostring((select(i, ...))) end\n"
    "    out[#out + 1] = table.concat(t, ',') end\n"
    "  put(pcall(string.find, s, p, init))\n"
    "  put(pcall(string.find, s, p, init, true))\n"
    "  put(pcall(string.match, s, p, init))\n"
    "  put(pcall(function() local t, n = {}, 0\n"
    "    for a, b in string.gmatch(s, p, init) do n = n + 1 t[#t + 1] = tostring(a) .. '/' .. tostring(b)\n"
    "      if n > 40 then break end end return table.concat(t, ';') end))\n"
    "  put(pcall(string.gsub, s, p, r))\n"
    "  put(pcall(string.gsub, s, p, function(a, b) return b and (a .. '+' .. b) or (a ~= '' and a:upper()) end, 3))\n"
    "  put(pcall(string.gsub, s, p, { a = 'A', [''] = 'E', ['1'] = 1 }))\n"
    "  return table.concat(out, '\\n')\n"
    "end\n";

static const char *const tokens[] = {"a", "b", "1", ".", "%a", "%d", "%s", "%w", "%A", "%", "%%", "%.", "[ab]",
                                     "[^a]", "[a-c]", "[%d]", "[]]", "[", "]", "^", "$", "*", "+", "-", "?",
                                     "(", ")", "()", "%b()", "%bab", "%f[%a]", "%f[%A]", "%1", "%2", "%0", "x",
                                     "%f", "%b", "[^", "(a)", "(.-)", "(%d+)"};
static const char *const repls[] = {"%0", "<%1>", "x", "%%", "%2", "%", "%x", "[%1%1]", ""};

START_TEST(matcher_agrees_with_stock_lua)
{
    lua_State *stock = luaL_newstate();
    luaL_openlibs(stock);
    ck_assert_int_eq(luaL_loadstring(stock, driver), LUA_OK);
    ck_assert_int_eq(lua_pcall(stock, 0, 1, 0), LUA_OK);
    tv_error err = {0};
    tv_ruleset *rs = load_limited(GAME_TAIL, NULL, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    lua_State *L = rs->L;
    ck_assert_int_eq(luaL_loadstring(L, driver), LUA_OK);
    ck_assert_int_eq(tv_sandbox_call(rs, 0, 1, 1000000), LUA_OK);
    int fn = luaL_ref(L, LUA_REGISTRYINDEX);
    unsigned long long x = 88172645463325252ull;
    const int ntok = (int)(sizeof tokens / sizeof *tokens), nrep = (int)(sizeof repls / sizeof *repls);
    for (int round = 0; round < 6000; round++) {
        char s[16], p[64];
        int ls = 0, lp = 0;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int n = (int)(x % 11);
        for (int i = 0; i < n; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            s[ls++] = "ab1() x%"[x % 8];
        }
        s[ls] = '\0';
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int k = 1 + (int)(x % 5);
        for (int i = 0; i < k; i++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            const char *tok = tokens[x % (unsigned)ntok];
            size_t tl = strlen(tok);
            memcpy(p + lp, tok, tl);
            lp += (int)tl;
        }
        p[lp] = '\0';
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        const char *r = repls[x % (unsigned)nrep];
        lua_Integer init = (lua_Integer)(x >> 20) % 15 - 6;
        lua_State *both[2] = {stock, L};
        const char *got[2];
        for (int v = 0; v < 2; v++) {
            lua_State *S = both[v];
            if (v == 0)
                lua_pushvalue(S, -1);
            else
                lua_rawgeti(S, LUA_REGISTRYINDEX, fn);
            lua_pushlstring(S, s, (size_t)ls);
            lua_pushlstring(S, p, (size_t)lp);
            lua_pushstring(S, r);
            lua_pushinteger(S, init);
            int st = v == 0 ? lua_pcall(S, 4, 1, 0) : tv_sandbox_call(rs, 4, 1, 1000000);
            ck_assert_msg(st == LUA_OK, "driver failed: %s", lua_tostring(S, -1));
            got[v] = lua_tostring(S, -1);
        }
        ck_assert_msg(strcmp(got[0], got[1]) == 0, "s='%s' p='%s' r='%s' init=%d:\nstock:\n%s\nsandbox:\n%s", s, p,
                      r, (int)init, got[0], got[1]);
        lua_pop(stock, 1);
        lua_pop(L, 1);
    }
    tv_ruleset_free(rs);
    lua_close(stock);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"escapes", no_host_libraries, 60, 0},
        {"escapes", no_bytecode, 60, 0},
        {"escapes", no_finalizers, 60, 0},
        {"escapes", rulesets_cannot_touch_each_other, 60, 0},
        {"limits", instruction_limit_cannot_be_caught, 120, 0},
        {"limits", memory_limit_names_file_and_line, 120, 0},
        {"limits", time_limit, 120, 0},
        {"limits", long_library_calls_are_counted, 120, 0},
        {"limits", abi_set_limits, 120, 0},
        {"hooks", hook_limits, 120, 0},
        {"hooks", hook_results_are_read_raw, 120, 0},
        {"hooks", state_view_is_sealed, 120, 0},
        {"matcher", matcher_agrees_with_stock_lua, 120, 0},
    };
    return tv_check_run("hostile rulesets", tests, TV_CHECK_COUNT(tests));
}
