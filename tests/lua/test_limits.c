/* Once a limit is hit, no ruleset code runs again until the outermost call
 * returns: not pcall, not an xpcall handler, not a __close, not a sort
 * comparator; memory is as uncatchable as instructions and time. Library
 * work that grows with its arguments is charged before it is done, so the
 * limits see it, and the time limit holds however slow one instruction is.
 * Each test has one limit in reach and the others out of it, so which one
 * stops a call never depends on the machine's speed; how long a call takes
 * is not checked (the tcase's timeout catches a hang). */
#include <check.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"
#include "tv_check.h"
#include "tv_play.h"
#include "tv_ruleset_impl.h"

#define TAIL "return game { name = 'T', board = grid { width = 3, height = 3 }, moves = place {}, ends = 'board_full' }\n"
#define HUGE_STEPS 4000000000ul
#define NO_STEPS ULONG_MAX /* 0 is the default: "none" is the largest value */
#define NO_MS LONG_MAX

/* Loading source as limits.lua fails with exactly want (or, when want ends
 * in '*', a message starting with it; when it starts with '*', a message
 * ending with it). */
static void refused(const char *source, const tv_limits *limits, const char *want)
{
    tv_error err = {0};
    tv_ruleset *rs = tv_ruleset_load("limits.lua", source, strlen(source), NULL, limits, &err);
    ck_assert_msg(rs == NULL, "loaded, expected \"%s\"", want);
    size_t n = strlen(want), got = strlen(err.msg);
    if (want[n - 1] == '*')
        ck_assert_msg(strncmp(err.msg, want, n - 1) == 0, "got \"%s\", wanted \"%s\"", err.msg, want);
    else if (want[0] == '*')
        ck_assert_msg(got >= n - 1 && strcmp(err.msg + got - (n - 1), want + 1) == 0, "got \"%s\", wanted \"%s\"",
                      err.msg, want);
    else
        ck_assert_msg(strcmp(err.msg, want) == 0, "got \"%s\", wanted \"%s\"", err.msg, want);
}

/* Instructions with no clock; the clock with no instruction budget and
 * memory far beyond what the loops keep live; memory with neither. */
static const tv_limits few_steps = {.load_steps = 1000000, .hook_steps = 1000000, .load_ms = NO_MS, .hook_ms = NO_MS};
static const tv_limits short_time = {.load_steps = NO_STEPS, .hook_steps = NO_STEPS, .load_ms = 100, .hook_ms = 100,
                                     .memory = 256u << 20};
static const tv_limits small_memory = {.memory = 4u << 20, .load_steps = NO_STEPS, .hook_steps = NO_STEPS,
                                       .load_ms = NO_MS, .hook_ms = NO_MS};

START_TEST(xpcall_handler_does_not_run_after_a_limit)
{
    const char *src = "xpcall(function() while true do end end, function() while true do end end)\n" TAIL;
    refused(src, &few_steps, "limits.lua:1: instruction limit of 1000000 exceeded (the ruleset ran too long)");
    refused(src, &short_time, "limits.lua:1: time limit of 100 ms exceeded (the ruleset ran too long)");
    /* A handler that recurses, or errors in turn. */
    refused("local function h(m) error(m) end\nxpcall(function() while true do end end, h)\n" TAIL, &few_steps,
            "limits.lua:2: instruction limit of 1000000 exceeded (the ruleset ran too long)");
    refused("local h\nh = function(m) return xpcall(error, h) end\nxpcall(function() while true do end end, h)\n" TAIL,
            &short_time, "limits.lua:3: time limit of 100 ms exceeded (the ruleset ran too long)");
    /* Handlers still run for ordinary errors. */
    tv_error err = {0};
    const char *ok = "local ok, m = xpcall(error, function(m) return 'handled ' .. m end, 'x')\n"
                     "assert(m == 'handled x', m)\n" TAIL;
    tv_ruleset *rs = tv_ruleset_load("limits.lua", ok, strlen(ok), NULL, &few_steps, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(nothing_runs_after_a_limit)
{
    refused("pcall(function()\n  local x <close> = setmetatable({}, { __close = function() while true do end end })\n"
            "  while true do end\nend)\n" TAIL,
            &few_steps, "limits.lua:3: instruction limit of 1000000 exceeded (the ruleset ran too long)");
    refused("local t = {} for i = 1, 50 do t[i] = i end\n"
            "pcall(table.sort, t, function(a, b) while true do end end)\n" TAIL,
            &short_time, "limits.lua:2: time limit of 100 ms exceeded (the ruleset ran too long)");
    refused("for i = 1, 1e9 do pcall(load('while true do end')) end\n" TAIL, &few_steps,
            "limits.lua: (load):1: instruction limit of 1000000 exceeded (the ruleset ran too long)");
    refused("local ok = pcall(string.gsub, ('a'):rep(1000), 'a', function() while true do end end)\n" TAIL, &few_steps,
            "limits.lua:1: instruction limit of 1000000 exceeded (the ruleset ran too long)");
}
END_TEST

START_TEST(memory_cannot_be_caught)
{
    refused("local ok = pcall(string.rep, 'x', 1e9)\n" TAIL, &small_memory,
            "limits.lua:1: memory limit of 4194304 bytes exceeded");
    refused("local ok = pcall(function()\n  local t = {} for i = 1, 1e8 do t[i] = i end\nend)\n" TAIL, &small_memory,
            "limits.lua:2: memory limit of 4194304 bytes exceeded");
    refused("xpcall(function()\n  local t = {} for i = 1, 1e8 do t[i] = {} end\nend, function() while true do end end)\n"
            TAIL, &small_memory, "limits.lua:2: memory limit of 4194304 bytes exceeded");
    refused("local s = ('x = 1 '):rep(200000)\nfor i = 1, 100 do local ok = load(s .. s .. s) end\n" TAIL, &small_memory,
            "limits.lua:2: memory limit of 4194304 bytes exceeded*");
    /* A request the cap allows after a collection is no limit. */
    tv_error err = {0};
    const char *ok = "for i = 1, 20 do local s = ('x'):rep(1 << 20) end\n" TAIL;
    tv_ruleset *rs = tv_ruleset_load("limits.lua", ok, strlen(ok), NULL, &small_memory, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_ruleset_free(rs);
}
END_TEST

START_TEST(library_work_is_charged)
{
    static const char *const loops[] = {
        "local s = string.rep('', 1 << 62)\n",
        "local s = string.rep('', 1 << 40, '')\n",
        "local a = ('x'):rep(4 << 20)\nwhile true do local b = a:upper() end\n",
        "local a = ('x'):rep(4 << 20)\nwhile true do local b = a:lower():reverse() end\n",
        "local a = ('x'):rep(4 << 20)\nwhile true do local b = string.format('%s', a) end\n",
        "local a = ('x'):rep(4 << 20)\nwhile true do local b = utf8.len(a) end\n",
        "local a = ('x'):rep(1 << 20)\nwhile true do local b = a:sub(2) end\n",
        "local a = ('x'):rep(100000)\nwhile true do local b = select('#', a:byte(1, -1)) end\n",
        "local t = {} for i = 1, 100000 do t[i] = 'x' end\nwhile true do local b = table.concat(t) end\n",
        "local t = {} for i = 1, 100000 do t[i] = i end\nwhile true do local b = select('#', table.unpack(t)) end\n",
        "local s = table.concat({}, ',', 1, 1 << 40)\n",
    };
    for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++) {
        char src[1024], want[128];
        snprintf(src, sizeof src, "%s" TAIL, loops[i]);
        int line = loops[i][strlen(loops[i]) - 1] == '\n' && strchr(loops[i], '\n') != loops[i] + strlen(loops[i]) - 1
                       ? 2 : 1;
        snprintf(want, sizeof want, "limits.lua:%d: instruction limit of 1000000 exceeded (the ruleset ran too long)",
                 line);
        refused(src, &few_steps, want);
        /* One call bigger than a budget of billions is refused at once,
         * before its work: there is no clock to stop that work instead. */
        if (strstr(loops[i], "<< 62") || strstr(loops[i], "<< 40")) {
            static const tv_limits one_call = {.load_steps = HUGE_STEPS, .load_ms = NO_MS};
            snprintf(want, sizeof want, "limits.lua:%d: instruction limit of %lu exceeded (the ruleset ran too long)",
                     line, HUGE_STEPS);
            refused(src, &one_call, want);
        } else {
            /* The loops stop at the clock. Not asserted: at which line (on a
             * slow enough machine, building the string or table spends it). */
            refused(src, &short_time, "*time limit of 100 ms exceeded (the ruleset ran too long)");
        }
    }
}
END_TEST

/* Slow instructions (copying megabytes each) do not push the time limit
 * back by a thousand of them: the clock, the only limit in reach, stops
 * them (on line 2, or on line 1 if building the string spent the budget). */
START_TEST(time_limit_holds_for_slow_instructions)
{
    refused("local a = ('x'):rep(4 << 20)\nwhile true do local b = a .. 'y' end\n" TAIL, &short_time,
            "*time limit of 100 ms exceeded (the ruleset ran too long)");
    refused("local a = ('x'):rep(8 << 20)\nwhile true do local b = a:upper() end\n" TAIL, &short_time,
            "*time limit of 100 ms exceeded (the ruleset ran too long)");
}
END_TEST

/* Huge limits are no limits, not overflows (UBSan would see one in arm()). */
START_TEST(huge_limits_saturate)
{
    tv_limits huge = {.load_steps = ULONG_MAX, .hook_steps = ULONG_MAX, .load_ms = LONG_MAX, .hook_ms = LONG_MAX,
                      .memory = SIZE_MAX};
    tv_error err = {0};
    const char *src = "local n = 0 for i = 1, 1000 do n = n + i end\n"
                      "return game { name = 'T', board = grid { width = 3, height = 3 }, ends = 'board_full',\n"
                      "  moves = function(s) return s:empties() end }\n";
    tv_ruleset *rs = tv_ruleset_load("limits.lua", src, strlen(src), NULL, &huge, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_int_eq(play_moves(g, "a1 b2 c3", &err), TV_OK);
    tv_game_free(g);
    tv_ruleset_free(rs);
    huge.load_steps = 1000000;
    refused("while true do end\n" TAIL, &huge, "limits.lua:1: instruction limit of 1000000 exceeded (the ruleset ran too long)");
}
END_TEST

static int lock_is_free(tv_ruleset *rs)
{
    if (pthread_mutex_trylock(&rs->vm.lock) != 0)
        return 0;
    pthread_mutex_unlock(&rs->vm.lock);
    return 1;
}

/* A moves hook that, from ply 1, runs `bad`: the call stops with want, the
 * lock is free, and the VM takes the next calls (ply 0 again, a playout). */
static void hook_stops(const char *bad, const tv_limits *limits, const char *want)
{
    char src[2048];
    snprintf(src, sizeof src,
             "return game { name = 'T', board = grid { width = 3, height = 3 }, ends = 'board_full',\n"
             "  moves = function(s)\n    if s:ply() >= 1 then %s end\n    return s:empties()\n  end }\n", bad);
    tv_error err = {0};
    tv_ruleset *rs = tv_ruleset_load("hooked.lua", src, strlen(src), NULL, limits, &err);
    ck_assert_msg(rs != NULL, "%s", err.msg);
    tv_game *g = tv_game_new(tv_ruleset_rules(rs), 1, &err);
    ck_assert_msg(g != NULL, "%s", err.msg);
    for (int round = 0; round < 2; round++) {
        ck_assert_int_eq(play_moves(g, "a1", &err), TV_OK);
        ck_assert_int_lt(play_moves(g, "b1", &err), 0);
        ck_assert_msg(strcmp(err.msg, want) == 0, "got \"%s\", wanted \"%s\"", err.msg, want);
        ck_assert(lock_is_free(rs));
        ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    }
    /* In a batch (a random playout) the same limit ends the batch. */
    ck_assert_int_eq(play_moves(g, "a1", &err), TV_OK);
    tv_rng rng;
    tv_rng_seed(&rng, 7);
    ck_assert_int_lt(tv_random_playout(g->rules, g->state, &rng, &err), 0);
    ck_assert_msg(strcmp(err.msg, want) == 0, "playout: got \"%s\", wanted \"%s\"", err.msg, want);
    ck_assert(lock_is_free(rs));
    ck_assert_int_eq(tv_game_undo(g, &err), TV_OK);
    ck_assert_int_eq(play_moves(g, "c3", &err), TV_OK);
    tv_game_free(g);
    tv_ruleset_free(rs);
}

START_TEST(hooks_stop_and_release_the_lock)
{
    hook_stops("xpcall(function() while true do end end, function() while true do end end)", &few_steps,
               "moves hook: hooked.lua:3: instruction limit of 1000000 exceeded (the ruleset ran too long)");
    hook_stops("xpcall(function() while true do end end, function() while true do end end)", &short_time,
               "moves hook: hooked.lua:3: time limit of 100 ms exceeded (the ruleset ran too long)");
    hook_stops("local ok = pcall(string.rep, 'x', 1e9)", &small_memory,
               "moves hook: hooked.lua:3: memory limit of 4194304 bytes exceeded");
    hook_stops("local s = string.rep('', 1 << 62)", &few_steps,
               "moves hook: hooked.lua:3: instruction limit of 1000000 exceeded (the ruleset ran too long)");
    hook_stops("local a = ('x'):rep(1 << 20) while true do local b = a:upper() end", &short_time,
               "moves hook: hooked.lua:3: time limit of 100 ms exceeded (the ruleset ran too long)");
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"uncatchable", xpcall_handler_does_not_run_after_a_limit, 600, 0},
        {"uncatchable", nothing_runs_after_a_limit, 600, 0},
        {"uncatchable", memory_cannot_be_caught, 600, 0},
        {"uncatchable", hooks_stop_and_release_the_lock, 600, 0},
        {"charged", library_work_is_charged, 600, 0},
        {"charged", time_limit_holds_for_slow_instructions, 600, 0},
        {"charged", huge_limits_saturate, 600, 0},
    };
    return tv_check_run("limits", tests, TV_CHECK_COUNT(tests));
}
