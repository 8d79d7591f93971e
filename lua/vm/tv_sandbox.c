/* The sandbox: one VM per ruleset with only the safe standard libraries, a
 * memory cap (a counting allocator), an instruction budget and a wall-clock
 * budget per call (a count hook). A ruleset cannot reach files, the
 * environment, other processes, other rulesets or bytecode.
 *
 * Library functions that can run long inside C, where the count hook does not
 * see them, count their work against the same budget: the pattern functions
 * (tv_strmatch.c), table.sort, table.move, table.insert and table.remove, and
 * load. Everything else a single call or instruction does is bounded by the
 * memory cap (copying or comparing at most a few MiB); the count hook then
 * checks the clock more often when instructions get slow, so the time limit
 * is kept within a few milliseconds. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lualib.h>

#include "tv_ruleset_impl.h"

#define STEP_GRAIN 1000          /* instructions between two checks, normally */
#define SLOW_NS 1000000LL        /* a check interval longer than this: check more often */
#define CLOCK_EVERY 1000         /* charged steps between two looks at the clock */

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* The same clock read a few times cheaper, a tick (a few ms) behind at
 * most: where a hook call starts, which happens a million times a second.
 * A deadline set from it comes at most a tick early. */
static long long start_ns(void)
{
#ifdef CLOCK_MONOTONIC_COARSE
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#else
    return now_ns();
#endif
}

/* "file:line: " of the innermost Lua function running, or "". */
static void where(lua_State *L, char *buf, size_t size)
{
    lua_Debug ar;
    buf[0] = '\0';
    for (int level = 0; level < 16 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            snprintf(buf, size, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
}

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    tv_ruleset *rs = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        rs->mem_used -= old;
        return NULL;
    }
    if (nsize > old && rs->armed) {
        size_t base = rs->mem_used - old, cap = rs->limits.memory;
        if (base > cap || nsize > cap - base) {
            /* Lua raises "not enough memory" (after one emergency collection
             * and a second try); tv_sandbox_call names the limit. Where it
             * happened is read off the call stack, which is consistent
             * whenever Lua allocates, except while 5.4.5+ moves its stack. */
            rs->mem_refused = 1;
            if (rs->L && (ptr == NULL || LUA_VERSION_RELEASE_NUM <= 50404))
                where(rs->L, rs->mem_where, sizeof rs->mem_where);
            return NULL;
        }
    }
    void *p = realloc(ptr, nsize);
    if (p) {
        rs->mem_used = rs->mem_used - old + nsize;
        if (nsize > old)
            rs->mem_refused = 0; /* the second try after a collection worked */
    }
    return p;
}

static void limit_text(const tv_ruleset *rs, int which, char *buf, size_t size)
{
    switch (which) {
    case TV_STOP_STEPS:
        snprintf(buf, size, "instruction limit of %lu exceeded (the ruleset ran too long)",
                 rs->loading ? rs->limits.load_steps : rs->limits.hook_steps);
        break;
    case TV_STOP_TIME:
        snprintf(buf, size, "time limit of %ld ms exceeded (the ruleset ran too long)",
                 rs->loading ? rs->limits.load_ms : rs->limits.hook_ms);
        break;
    default:
        snprintf(buf, size, "memory limit of %zu bytes exceeded", rs->limits.memory);
        break;
    }
}

static void count_hook(lua_State *L, lua_Debug *ar);

/* Raises the error of the limit that stopped this call. From now on every
 * instruction raises it again, so a pcall in the ruleset cannot go on. */
static int stop(lua_State *L, tv_ruleset *rs)
{
    char text[160];
    if (rs->grain != 1) {
        rs->grain = 1;
        lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    }
    limit_text(rs, rs->steps_exhausted, text, sizeof text);
    lua_pushfstring(L, "%s%s", rs->stop_where, text);
    return lua_error(L);
}

/* Stops the call when its instructions or its time are spent. */
static void check(lua_State *L, tv_ruleset *rs, long long now)
{
    if (!rs->steps_exhausted) {
        if (rs->steps_left > 0 && now < rs->deadline_ns)
            return;
        rs->steps_exhausted = rs->steps_left > 0 ? TV_STOP_TIME : TV_STOP_STEPS;
        where(L, rs->stop_where, sizeof rs->stop_where);
    }
    stop(L, rs);
}

static void count_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    tv_ruleset *rs = tv_ruleset_of(L);
    rs->steps_left -= rs->grain;
    long long now = now_ns();
    if (!rs->steps_exhausted) {
        /* Instructions that copy or compare long strings take milliseconds
         * each: then look at the clock after fewer of them. */
        long long spent = now - rs->last_ns;
        int grain = rs->grain;
        if (spent > SLOW_NS && grain > 1)
            grain /= 10;
        else if (spent < SLOW_NS / 10 && grain < STEP_GRAIN)
            grain *= 10;
        if (grain != rs->grain) {
            rs->grain = grain;
            lua_sethook(L, count_hook, LUA_MASKCOUNT, grain);
        }
        rs->last_ns = now;
    }
    check(L, rs, now);
}

void tv_sandbox_charge(lua_State *L, long steps)
{
    tv_ruleset *rs = tv_ruleset_of(L);
    if (!rs->armed)
        return;
    long left = rs->steps_left - (steps < LONG_MAX / 2 ? steps : LONG_MAX / 2);
    rs->steps_left = left < LONG_MIN / 2 ? LONG_MIN / 2 : left;
    if (rs->steps_exhausted || rs->steps_left <= 0 || rs->steps_left < rs->clock_mark) {
        rs->clock_mark = rs->steps_left - CLOCK_EVERY;
        check(L, rs, now_ns());
    }
}

/* ---- functions replaced in the sandbox ------------------------------------ */

/* A replacement that checks or charges, then runs the library's own function
 * (upvalue 1) in its own frame, so that messages keep their name and the
 * caller's file:line. */
static int run_original(lua_State *L)
{
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

static void replace(lua_State *L, const char *table, const char *name, lua_CFunction f)
{
    if (table)
        lua_getglobal(L, table);
    else
        lua_pushglobaltable(L);
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

/* load() for text chunks only, in the sandbox's globals unless told otherwise. */
static int safe_load(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    int env = !lua_isnone(L, 4);
    tv_sandbox_charge(L, (long)(len / 4) + 1); /* compiling takes time too */
    if (luaL_loadbufferx(L, s, len, name, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
    }
    return 1;
}

/* setmetatable without finalizers: a __gc method would run Lua code whenever
 * the collector likes, outside every budget (and on lua_close). */
static int safe_setmetatable(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "setmetatable: __gc metamethods are not allowed in a ruleset");
        lua_pop(L, 1);
    }
    return run_original(L);
}

/* The length of table argument 1 (its __len, if any, runs under the budget). */
static lua_Integer length_of(lua_State *L)
{
    if (lua_type(L, 1) != LUA_TTABLE)
        return 0;
    lua_Integer n = luaL_len(L, 1);
    return n > 0 ? n : 0;
}

static long clamp_steps(lua_Integer n)
{
    return n <= 0 ? 0 : n > LONG_MAX / 2 ? LONG_MAX / 2 : (long)n;
}

/* table.insert(t, pos, v) and table.remove(t, pos) shift up to #t elements. */
static int counted_shift(lua_State *L)
{
    if (lua_gettop(L) >= 2)
        tv_sandbox_charge(L, clamp_steps(length_of(L)));
    return run_original(L);
}

/* table.move(a1, f, e, t [,a2]) moves e - f + 1 elements, present or not. */
static int counted_move(lua_State *L)
{
    if (lua_isinteger(L, 2) && lua_isinteger(L, 3)) {
        lua_Integer f = lua_tointeger(L, 2), e = lua_tointeger(L, 3);
        if (e >= f) {
            lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)f + 1u;
            tv_sandbox_charge(L, n > (lua_Unsigned)(LONG_MAX / 2) ? LONG_MAX / 2 : (long)n);
        }
    }
    return run_original(L);
}

/* The default order of table.sort, counting each comparison (comparing two
 * long strings reads both). */
static int counted_less(lua_State *L)
{
    long cost = 1;
    if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 2) == LUA_TSTRING) {
        size_t a = lua_rawlen(L, 1), b = lua_rawlen(L, 2);
        cost += (long)((a < b ? a : b) / 64);
    }
    tv_sandbox_charge(L, cost);
    lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
    return 1;
}

static int counted_sort(lua_State *L)
{
    tv_sandbox_charge(L, clamp_steps(length_of(L)));
    if (lua_type(L, 1) == LUA_TTABLE && lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_pushcfunction(L, counted_less);
    }
    return run_original(L);
}

static void open_lib(lua_State *L, const char *name, lua_CFunction open)
{
    luaL_requiref(L, name, open, 1);
    lua_pop(L, 1);
}

static void remove_field(lua_State *L, const char *table, const char *field)
{
    if (table)
        lua_getglobal(L, table);
    else
        lua_pushglobaltable(L);
    lua_pushnil(L);
    lua_setfield(L, -2, field);
    lua_pop(L, 1);
}

void tv_sandbox_open(lua_State *L)
{
    open_lib(L, LUA_GNAME, luaopen_base);
    open_lib(L, LUA_TABLIBNAME, luaopen_table);
    open_lib(L, LUA_STRLIBNAME, luaopen_string);
    open_lib(L, LUA_MATHLIBNAME, luaopen_math);
    open_lib(L, LUA_UTF8LIBNAME, luaopen_utf8);
    /* Files, printing, the collector and bytecode are out; randomness at load
     * time would make a ruleset differ between runs. */
    static const char *const base_out[] = {"dofile", "loadfile", "print", "collectgarbage", "require", NULL};
    for (int i = 0; base_out[i]; i++)
        remove_field(L, NULL, base_out[i]);
    remove_field(L, LUA_STRLIBNAME, "dump");
    remove_field(L, LUA_MATHLIBNAME, "random");
    remove_field(L, LUA_MATHLIBNAME, "randomseed");
    lua_pushcfunction(L, safe_load);
    lua_setglobal(L, "load");
    replace(L, NULL, "setmetatable", safe_setmetatable);
    replace(L, LUA_TABLIBNAME, "insert", counted_shift);
    replace(L, LUA_TABLIBNAME, "remove", counted_shift);
    replace(L, LUA_TABLIBNAME, "move", counted_move);
    replace(L, LUA_TABLIBNAME, "sort", counted_sort);
    tv_strmatch_open(L);
}

lua_State *tv_sandbox_new(tv_ruleset *rs)
{
    lua_State *L = lua_newstate(counting_alloc, rs);
    if (!L)
        return NULL;
    *(tv_ruleset **)lua_getextraspace(L) = rs;
    return L;
}

/* Replaces the message of a failed protected step that ran out of memory. */
static void memory_message(tv_ruleset *rs, const char *during)
{
    char text[160];
    limit_text(rs, TV_STOP_MEMORY, text, sizeof text);
    lua_pushfstring(rs->L, "%s%s%s", rs->mem_where, text, during);
}

int tv_sandbox_setup(tv_ruleset *rs, lua_CFunction setup)
{
    lua_State *L = rs->L;
    rs->mem_refused = 0;
    rs->mem_where[0] = '\0';
    lua_pushcfunction(L, setup);
    rs->armed = 1;
    int status = lua_pcall(L, 0, 0, 0);
    rs->armed = 0;
    if (status != LUA_OK) {
        lua_settop(L, 0);
        if (status == LUA_ERRMEM || rs->mem_refused)
            memory_message(rs, " (while setting up the VM)");
        else
            lua_pushliteral(L, "cannot set up the VM");
    }
    return status;
}

int tv_sandbox_parse(tv_ruleset *rs, const char *source, size_t len, const char *chunkname)
{
    lua_State *L = rs->L;
    rs->mem_refused = 0;
    rs->mem_where[0] = '\0';
    rs->armed = 1;
    int status = luaL_loadbufferx(L, source, len, chunkname, "t");
    rs->armed = 0;
    if (status == LUA_ERRMEM || (status != LUA_OK && rs->mem_refused)) {
        lua_pop(L, 1);
        memory_message(rs, " (while compiling the script)");
    }
    return status;
}

/* A fresh budget for the call about to start, and the memory cap on. */
static void arm(tv_ruleset *rs, unsigned long steps)
{
    long ms = rs->loading ? rs->limits.load_ms : rs->limits.hook_ms;
    rs->steps_left = steps > (unsigned long)(LONG_MAX / 2) ? LONG_MAX / 2 : (long)steps;
    rs->clock_mark = rs->steps_left - CLOCK_EVERY;
    rs->steps_exhausted = TV_STOP_NONE;
    rs->stop_where[0] = '\0';
    rs->mem_refused = 0;
    rs->mem_where[0] = '\0';
    rs->grain = STEP_GRAIN;
    rs->last_ns = start_ns();
    rs->deadline_ns = rs->last_ns + (ms > 0 ? ms : 1) * 1000000LL;
    lua_sethook(rs->L, count_hook, LUA_MASKCOUNT, STEP_GRAIN); /* also restarts its count */
    rs->armed = 1;
}

/* After a protected call: the error message of a limit that stopped it, of
 * memory, or the error object as text. */
static int finish(tv_ruleset *rs, int status, int base)
{
    lua_State *L = rs->L;
    rs->armed = 0;
    lua_sethook(L, NULL, 0, 0);
    if (rs->steps_exhausted) {
        /* The limit is the error, whatever the ruleset made of it. */
        char text[160];
        limit_text(rs, rs->steps_exhausted, text, sizeof text);
        lua_settop(L, base);
        lua_pushfstring(L, "%s%s", rs->stop_where, text);
        return status == LUA_OK ? LUA_ERRRUN : status;
    }
    if (status == LUA_ERRMEM || (status != LUA_OK && rs->mem_refused && lua_type(L, -1) == LUA_TSTRING &&
                                 strcmp(lua_tostring(L, -1), "not enough memory") == 0)) {
        lua_pop(L, 1);
        memory_message(rs, "");
    } else if (status != LUA_OK && !lua_isstring(L, -1)) {
        lua_pop(L, 1);
        lua_pushstring(L, "error object is not a string");
    }
    return status;
}

int tv_sandbox_call(tv_ruleset *rs, int nargs, int nresults, unsigned long steps)
{
    lua_State *L = rs->L;
    int base = lua_gettop(L) - nargs - 1;
    rs->vm_entries++;
    if (rs->armed) /* called from inside a call: it runs on what is left of that call's budget */
        return lua_pcall(L, nargs, nresults, 0);
    arm(rs, steps);
    return finish(rs, lua_pcall(L, nargs, nresults, 0), base);
}

/* ---- batches: many hook calls in one protected call ---------------------- */

static int run_batch(lua_State *L)
{
    tv_ruleset *rs = tv_ruleset_of(L);
    /* The hooks and the view at fixed slots of this frame: pushing them from
     * here is cheaper than from the registry, twice a move. */
    for (int i = 0; i < TV_HOOK_COUNT; i++)
        lua_rawgeti(L, LUA_REGISTRYINDEX, rs->hook_ref[i]);
    lua_rawgeti(L, LUA_REGISTRYINDEX, rs->view_ref);
    rs->batch_rc = rs->batch_fn(rs->batch_arg);
    return 0;
}

int tv_sandbox_batch(tv_ruleset *rs, int (*fn)(void *), void *arg)
{
    lua_State *L = rs->L;
    int base = lua_gettop(L);
    rs->batch_fn = fn;
    rs->batch_arg = arg;
    rs->batch_rc = 0;
    rs->hook_running = -1;
    arm(rs, rs->limits.hook_steps);
    lua_pushcfunction(L, run_batch);
    return finish(rs, lua_pcall(L, 0, 0, 0), base);
}

void tv_sandbox_call_in_batch(tv_ruleset *rs, int which, int nargs, int nresults)
{
    rs->vm_entries++;
    rs->hook_running = which;
    arm(rs, rs->limits.hook_steps);
    lua_call(rs->L, nargs, nresults);
}
