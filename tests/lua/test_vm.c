/* The sandbox alone (lua/vm, tv_vm.h): no ruleset, no hook, no rules. Each
 * limit stops a call with its message, Lua code cannot catch it, and the VM
 * takes the next call as if nothing had happened. Each call has one limit
 * in reach and the others out of it, so which one stops it never depends on
 * the machine's speed; how long it takes is not checked (the tcase's timeout
 * catches a hang). */
#include <check.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_check.h"
#include "tv_vm.h"

#define BIG_STEPS ULONG_MAX /* no instruction limit (the budget saturates: see arm()) */
#define LONG_MS LONG_MAX     /* no time limit */

static int marker; /* the user pointer the tests give */

static int setup(lua_State *L)
{
    tv_vm_open_libs(L);
    return 0;
}

static tv_vm *vm_new(size_t memory)
{
    tv_vm *vm = malloc(sizeof *vm);
    ck_assert_ptr_nonnull(vm);
    ck_assert_int_eq(tv_vm_init(vm, memory, &marker), 1);
    ck_assert_int_eq(tv_vm_setup(vm, setup), LUA_OK);
    return vm;
}

static void vm_free(tv_vm *vm)
{
    tv_vm_close(vm);
    free(vm);
}

static char msg[512];

/* Runs code (a chunk named vm.lua) with that budget; returns the status and
 * leaves its first result or the error message, as text, in msg. */
static int run(tv_vm *vm, const char *code, unsigned long steps, long ms)
{
    lua_State *L = vm->L;
    int status = tv_vm_parse(vm, code, strlen(code), "@vm.lua");
    if (status == LUA_OK)
        status = tv_vm_call(vm, 0, 1, steps, ms);
    const char *text = lua_tostring(L, -1);
    strncpy(msg, text ? text : "(not text)", sizeof msg - 1);
    msg[sizeof msg - 1] = '\0';
    lua_settop(L, 0);
    return status;
}

static void refused(tv_vm *vm, const char *code, unsigned long steps, long ms, const char *want)
{
    ck_assert_int_ne(run(vm, code, steps, ms), LUA_OK);
    ck_assert_msg(strstr(msg, want) != NULL, "%s: wanted \"%s\", got \"%s\"", code, want, msg);
}

/* After a limit, a new call runs normally. */
static void goes_on(tv_vm *vm)
{
    ck_assert_int_eq(run(vm, "local t = {} for i = 1, 1000 do t[i] = i end return #t", 1000000, LONG_MS), LUA_OK);
    ck_assert_str_eq(msg, "1000");
}

START_TEST(runs_code_and_keeps_the_user)
{
    tv_vm *vm = vm_new(4u << 20);
    ck_assert_ptr_eq(tv_vm_user(vm->L), &marker);
    ck_assert_ptr_eq(tv_vm_of(vm->L), vm);
    unsigned long before = tv_vm_entries(vm);
    ck_assert_int_eq(run(vm, "local n = 0 for i = 1, 1000 do n = n + i end return n", 1000000, LONG_MS), LUA_OK);
    ck_assert_str_eq(msg, "500500");
    ck_assert_uint_eq(tv_vm_entries(vm), before + 1);
    /* Only what the library list gives: no files, processes, bytecode or randomness. */
    ck_assert_int_eq(run(vm,
                         "return tostring(io == nil and os == nil and print == nil and require == nil\n"
                         "  and dofile == nil and loadfile == nil and collectgarbage == nil and debug == nil\n"
                         "  and string.dump == nil and math.random == nil and math.randomseed == nil\n"
                         "  and load(string.char(27) .. 'Lua') == nil and load('return 7')() == 7)",
                         1000000, LONG_MS),
                     LUA_OK);
    ck_assert_str_eq(msg, "true");
    refused(vm, "setmetatable({}, { __gc = function() end })", 1000000, LONG_MS, "__gc metamethods are not allowed");
    vm_free(vm);
}
END_TEST

START_TEST(instruction_limit)
{
    tv_vm *vm = vm_new(4u << 20);
    refused(vm, "while true do end", 100000, LONG_MS, "vm.lua:1: instruction limit of 100000 exceeded");
    goes_on(vm);
    /* A loop that fits runs: the budget is per call, not per VM. */
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(run(vm, "for i = 1, 50000 do end", 100000, LONG_MS), LUA_OK);
    /* Work in C is charged too: sorting. */
    refused(vm, "local t = {} for i = 1, 20000 do t[i] = -i end\nfor k = 1, 100 do table.sort(t) end", 300000,
            LONG_MS, "vm.lua:2: instruction limit of 300000 exceeded");
    goes_on(vm);
    vm_free(vm);
}
END_TEST

START_TEST(memory_limit)
{
    tv_vm *vm = vm_new(4u << 20);
    refused(vm, "local t = {}\nfor i = 1, 1e8 do t[i] = i end", BIG_STEPS, LONG_MS,
            "vm.lua:2: memory limit of 4194304 bytes exceeded");
    goes_on(vm);
    refused(vm, "local s = ('x'):rep(1e9)", BIG_STEPS, LONG_MS, "memory limit of 4194304 bytes exceeded");
    goes_on(vm);
    /* The cap is on what the VM holds, across calls: a global keeps its
     * memory. (rep holds its buffer and the string: twice the length.) */
    ck_assert_int_eq(run(vm, "KEPT = ('k'):rep(1536 << 10) return #KEPT", BIG_STEPS, LONG_MS), LUA_OK);
    refused(vm, "local s = ('y'):rep(1280 << 10)", BIG_STEPS, LONG_MS, "memory limit of 4194304 bytes exceeded");
    ck_assert_int_eq(run(vm, "KEPT = nil return 1", BIG_STEPS, LONG_MS), LUA_OK);
    ck_assert_int_eq(run(vm, "local s = ('y'):rep(1280 << 10) return #s", BIG_STEPS, LONG_MS), LUA_OK);
    ck_assert_str_eq(msg, "1310720");
    vm_free(vm);
}
END_TEST

START_TEST(time_limit)
{
    tv_vm *vm = vm_new(4u << 20);
    refused(vm, "while true do end", BIG_STEPS, 50, "vm.lua:1: time limit of 50 ms exceeded");
    /* The clock is read often enough even when each instruction is slow. */
    tv_vm *big = vm_new(64u << 20);
    refused(big, "local s = ('x'):rep(1 << 20)\nwhile true do local t = s .. s end", BIG_STEPS, 50,
            "time limit of 50 ms exceeded");
    vm_free(big);
    goes_on(vm);
    vm_free(vm);
}
END_TEST

START_TEST(pcall_cannot_catch_a_limit)
{
    tv_vm *vm = vm_new(4u << 20);
    const char *const catchers[] = {
        "local ok = pcall(function() while true do end end)\nreturn 'caught'",
        "while true do pcall(function() while true do end end) end",
        "xpcall(function() while true do end end, function(m) return m end)\nreturn 'caught'",
        "local ok = pcall(error, 'x') while true do pcall(function() while true do end end) end",
        "local ok = pcall(string.find, ('a'):rep(5000), ('a*'):rep(30) .. 'b')\nreturn 'caught'",
    };
    for (size_t i = 0; i < sizeof catchers / sizeof catchers[0]; i++) {
        refused(vm, catchers[i], 200000, LONG_MS, "instruction limit of 200000 exceeded");
        goes_on(vm);
        refused(vm, catchers[i], BIG_STEPS, 50, "time limit of 50 ms exceeded");
        goes_on(vm);
    }
    vm_free(vm);
}
END_TEST

/* A C function that says it did n steps of work. */
static int charge(lua_State *L)
{
    tv_vm_charge(L, (long)luaL_checkinteger(L, 1));
    lua_pushliteral(L, "charged");
    return 1;
}

START_TEST(pattern_and_c_work_are_charged)
{
    tv_vm *vm = vm_new(4u << 20);
    /* The stock matcher backtracks for ages here; ours counts each step. */
    refused(vm, "return ('a'):rep(5000):find(('a*'):rep(30) .. 'b')", 1000000, LONG_MS,
            "vm.lua:1: instruction limit of 1000000 exceeded");
    refused(vm, "return ('a'):rep(3000):gsub(('a-'):rep(20) .. 'b', '')", 1000000, LONG_MS,
            "instruction limit of 1000000 exceeded");
    goes_on(vm);
    ck_assert_int_eq(run(vm, "return (('ab'):rep(10):gsub('a(b)', '%1'))", 1000000, LONG_MS), LUA_OK);
    ck_assert_str_eq(msg, "bbbbbbbbbb");

    /* tv_vm_charge itself: within a call it counts, outside one it does nothing. */
    lua_State *L = vm->L;
    lua_pushcfunction(L, charge);
    lua_setglobal(L, "charge");
    ck_assert_int_eq(run(vm, "return charge(1000)", 100000, LONG_MS), LUA_OK);
    ck_assert_str_eq(msg, "charged");
    refused(vm, "return charge(200000)", 100000, LONG_MS, "vm.lua:1: instruction limit of 100000 exceeded");
    refused(vm, "for i = 1, 1000 do charge(150) end", 100000, LONG_MS, "instruction limit of 100000 exceeded");
    goes_on(vm);
    lua_pushcfunction(L, charge);
    lua_pushinteger(L, LONG_MAX);
    ck_assert_int_eq(lua_pcall(L, 1, 1, 0), LUA_OK);
    lua_settop(L, 0);
    vm_free(vm);
}
END_TEST

/* ---- tv_vm_run: many calls in one protected call ---------------------------- */

typedef struct two_calls {
    tv_vm *vm;
    int ran; /* calls that came back */
} two_calls;

static int call_both(lua_State *L)
{
    two_calls *t = lua_touserdata(L, 1);
    for (int i = 0; i < 2; i++) {
        lua_getglobal(L, i ? "second" : "first");
        tv_vm_call_in_run(t->vm, 0, 0);
        t->ran++;
    }
    return 0;
}

START_TEST(run_rearms_each_call)
{
    tv_vm *vm = vm_new(4u << 20);
    ck_assert_int_eq(run(vm,
                         "function first() for i = 1, 60000 do end end\n"
                         "function second() for i = 1, 60000 do end end",
                         1000000, LONG_MS),
                     LUA_OK);
    /* Each call gets the whole budget: two of 60000 fit where one budget of
     * 100000 would not hold both. */
    two_calls t = {vm, 0};
    unsigned long before = tv_vm_entries(vm);
    ck_assert_int_eq(tv_vm_run(vm, call_both, &t, 100000, LONG_MS), LUA_OK);
    ck_assert_int_eq(t.ran, 2);
    ck_assert_uint_eq(tv_vm_entries(vm), before + 2);
    ck_assert_int_eq(lua_gettop(vm->L), 0);

    /* An error in a call ends the run: the calls after it do not happen. */
    ck_assert_int_eq(run(vm, "function first() error('no') end", 1000000, LONG_MS), LUA_OK);
    t.ran = 0;
    ck_assert_int_ne(tv_vm_run(vm, call_both, &t, 100000, LONG_MS), LUA_OK);
    ck_assert_int_eq(t.ran, 0);
    ck_assert_ptr_nonnull(strstr(lua_tostring(vm->L, -1), "no"));
    lua_settop(vm->L, 0);

    /* A limit in the run: pcall in the second call does not help. */
    ck_assert_int_eq(run(vm,
                         "function first() end\n"
                         "function second() pcall(function() while true do end end) end",
                         1000000, LONG_MS),
                     LUA_OK);
    t.ran = 0;
    ck_assert_int_ne(tv_vm_run(vm, call_both, &t, 100000, LONG_MS), LUA_OK);
    ck_assert_int_eq(t.ran, 1);
    ck_assert_ptr_nonnull(strstr(lua_tostring(vm->L, -1), "instruction limit of 100000 exceeded"));
    lua_settop(vm->L, 0);
    goes_on(vm);
    vm_free(vm);
}
END_TEST

int main(void)
{
    const tv_check_test tests[] = {
        {"limits", runs_code_and_keeps_the_user, 300, 0},
        {"limits", instruction_limit, 300, 0},
        {"limits", memory_limit, 300, 0},
        {"limits", time_limit, 300, 0},
        {"limits", pcall_cannot_catch_a_limit, 300, 0},
        {"limits", pattern_and_c_work_are_charged, 300, 0},
        {"limits", run_rearms_each_call, 300, 0},
    };
    return tv_check_run("sandbox", tests, TV_CHECK_COUNT(tests));
}
