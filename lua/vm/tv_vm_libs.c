/* The libraries a ruleset gets, in one place: which standard libraries are
 * opened, which of their functions are taken out, and which are replaced by
 * ones that charge their work in C to the call's budget (tv_vm.h). A ruleset
 * cannot reach files, the environment, other processes, other VMs or
 * bytecode. */
#include <limits.h>
#include <stddef.h>

#include <lauxlib.h>
#include <lualib.h>

#include "tv_strmatch.h"
#include "tv_vm.h"

/* A replacement that checks or charges, then runs the library's own function
 * (upvalue 1) in its own frame, so that messages keep their name and the
 * caller's file:line. */
static int run_original(lua_State *L)
{
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* load() for text chunks only, in the sandbox's globals unless told otherwise.
 * The chunk is always named "(load)": a ruleset cannot make its errors
 * claim to come from another file (argument 2 is ignored). */
static int safe_load(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    int env = !lua_isnone(L, 4);
    tv_vm_charge(L, (long)(len / 4) + 1); /* compiling takes time too */
    if (luaL_loadbufferx(L, s, len, "=(load)", "t") != LUA_OK) {
        tv_vm_tripped(L, 1); /* out of memory while compiling: the limit, not a fail */
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

/* pcall and xpcall catch errors, but never a limit: when they return on a
 * tripped VM (tv_vm.h), the limit's error goes on. */
static int safe_pcall(lua_State *L)
{
    int n = run_original(L);
    tv_vm_tripped(L, !lua_toboolean(L, -n));
    return n;
}

/* The message handler of xpcall runs only for errors that are not a limit:
 * after one, Lua code must not run at all (and a handler of an error raised
 * by the count hook would run with the hook off). */
static int guarded_handler(lua_State *L)
{
    if (tv_vm_stopped(L))
        return lua_gettop(L) > 0 ? 1 : 0;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int safe_xpcall(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TFUNCTION) {
        lua_pushvalue(L, 2);
        lua_pushcclosure(L, guarded_handler, 1);
        lua_replace(L, 2);
    }
    int n = run_original(L);
    tv_vm_tripped(L, !lua_toboolean(L, -n));
    return n;
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
        tv_vm_charge(L, clamp_steps(length_of(L)));
    return run_original(L);
}

/* table.move(a1, f, e, t [,a2]) moves e - f + 1 elements, present or not. */
static int counted_move(lua_State *L)
{
    if (lua_isinteger(L, 2) && lua_isinteger(L, 3)) {
        lua_Integer f = lua_tointeger(L, 2), e = lua_tointeger(L, 3);
        if (e >= f) {
            lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)f + 1u;
            tv_vm_charge(L, n > (lua_Unsigned)(LONG_MAX / 2) ? LONG_MAX / 2 : (long)n);
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
    tv_vm_charge(L, cost);
    lua_pushboolean(L, lua_compare(L, 1, 2, LUA_OPLT));
    return 1;
}

static int counted_sort(lua_State *L)
{
    tv_vm_charge(L, clamp_steps(length_of(L)));
    if (lua_type(L, 1) == LUA_TTABLE && lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_pushcfunction(L, counted_less);
    }
    return run_original(L);
}

/* ---- C work that grows with the arguments ----------------------------------
 * Charged before it is done, in instructions, at about what the work costs
 * beside a VM instruction (~10 ns): one per 64 bytes copied (rep, sub,
 * concat, tostring), one per 8 bytes transformed one by one (upper, lower,
 * reverse, format, pack), one per 4 bytes decoded (utf8), one per element.
 * A big charge also looks at the clock (tv_vm_charge), so the time limit
 * holds however long one such call takes. */
#define BYTES_PER_STEP 64
#define BYTES_PER_STEP_BYTEWISE 8
#define BYTES_PER_STEP_UTF8 4

static long steps_of(lua_Unsigned n)
{
    return n > (lua_Unsigned)(LONG_MAX / 2) ? LONG_MAX / 2 : (long)n;
}

/* The bytes of every string argument (format, upper, lower, reverse, byte,
 * char, pack, unpack, utf8.*): what these functions read or copy at most. */
static lua_Unsigned string_args(lua_State *L)
{
    lua_Unsigned bytes = 0;
    for (int i = 1, n = lua_gettop(L); i <= n; i++)
        if (lua_type(L, i) == LUA_TSTRING)
            bytes += lua_rawlen(L, i);
    return bytes + (lua_Unsigned)lua_gettop(L);
}

static int counted_strings(lua_State *L)
{
    tv_vm_charge(L, steps_of(string_args(L) / BYTES_PER_STEP + 1));
    return run_original(L);
}

static int counted_bytewise(lua_State *L)
{
    tv_vm_charge(L, steps_of(string_args(L) / BYTES_PER_STEP_BYTEWISE + 1));
    return run_original(L);
}

static int counted_utf8(lua_State *L)
{
    tv_vm_charge(L, steps_of(string_args(L) / BYTES_PER_STEP_UTF8 + 1));
    return run_original(L);
}

/* string.byte(s, i, j) and utf8.codepoint(s, i, j) push one value per byte
 * of the range: the string's length bounds it. */
static int counted_range(lua_State *L)
{
    size_t len = lua_type(L, 1) == LUA_TSTRING ? lua_rawlen(L, 1) : 0;
    tv_vm_charge(L, steps_of(string_args(L) / BYTES_PER_STEP + len + 1));
    return run_original(L);
}

/* string.rep(s, n, sep) copies n times: n steps of loop however short s is
 * (rep('', 1 << 62) makes nothing and loops 2^62 times). A result too big
 * for the memory cap is not charged: its allocation fails first, with the
 * memory limit's error. */
static int counted_rep(lua_State *L)
{
    if (lua_isinteger(L, 2) && lua_type(L, 1) == LUA_TSTRING) {
        lua_Integer n = lua_tointeger(L, 2);
        if (n > 0) {
            lua_Unsigned each = lua_rawlen(L, 1) + (lua_type(L, 3) == LUA_TSTRING ? lua_rawlen(L, 3) : 0);
            lua_Unsigned cap = tv_vm_of(L)->memory;
            if (each == 0 || (lua_Unsigned)n <= cap / each)
                tv_vm_charge(L, steps_of((lua_Unsigned)n / 16 + (lua_Unsigned)n * each / BYTES_PER_STEP + 1));
        }
    }
    return run_original(L);
}

/* table.concat(t, sep, i, j) and table.unpack(t, i, j): one step per element
 * of the range. Without j the range ends at the raw length (the function
 * itself then asks __len, which runs as Lua code under the budget). */
static lua_Unsigned range_of(lua_State *L, int first)
{
    lua_Integer i = lua_isinteger(L, first) ? lua_tointeger(L, first) : 1;
    lua_Integer j = lua_isinteger(L, first + 1) ? lua_tointeger(L, first + 1)
                    : lua_type(L, 1) == LUA_TTABLE ? (lua_Integer)lua_rawlen(L, 1) : 0;
    return j >= i ? (lua_Unsigned)j - (lua_Unsigned)i + 1u : 0;
}

static int counted_concat(lua_State *L)
{
    lua_Unsigned n = range_of(L, 3);
    lua_Unsigned sep = lua_type(L, 2) == LUA_TSTRING ? lua_rawlen(L, 2) : 0;
    tv_vm_charge(L, steps_of(n + (sep ? n / BYTES_PER_STEP * sep : 0) + 1));
    return run_original(L);
}

static int counted_unpack(lua_State *L)
{
    tv_vm_charge(L, steps_of(range_of(L, 2) + 1));
    return run_original(L);
}

/* ---- the list ------------------------------------------------------------ */

static const luaL_Reg libs[] = {
    {LUA_GNAME, luaopen_base},     {LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string},
    {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8}, {NULL, NULL}};

/* What changes in them, in this order. A NULL function takes the field out;
 * `wrap` keeps the library's own function as upvalue 1 (run_original). Files,
 * printing, the collector and bytecode are out; randomness at load time
 * would make a ruleset differ between runs. */
static const struct change {
    const char *table; /* NULL: the globals */
    const char *name;
    lua_CFunction fn;
    int wrap;
} changes[] = {
    {NULL, "dofile", NULL, 0},
    {NULL, "loadfile", NULL, 0},
    {NULL, "print", NULL, 0},
    {NULL, "collectgarbage", NULL, 0},
    {NULL, "require", NULL, 0},
    {LUA_STRLIBNAME, "dump", NULL, 0},
    {LUA_MATHLIBNAME, "random", NULL, 0},
    {LUA_MATHLIBNAME, "randomseed", NULL, 0},
    {NULL, "load", safe_load, 0},
    {NULL, "pcall", safe_pcall, 1},
    {NULL, "xpcall", safe_xpcall, 1},
    {NULL, "tostring", counted_strings, 1},
    {NULL, "tonumber", counted_strings, 1},
    {NULL, "setmetatable", safe_setmetatable, 1},
    {LUA_TABLIBNAME, "insert", counted_shift, 1},
    {LUA_TABLIBNAME, "remove", counted_shift, 1},
    {LUA_TABLIBNAME, "move", counted_move, 1},
    {LUA_TABLIBNAME, "sort", counted_sort, 1},
    {LUA_TABLIBNAME, "concat", counted_concat, 1},
    {LUA_TABLIBNAME, "unpack", counted_unpack, 1},
    {LUA_STRLIBNAME, "rep", counted_rep, 1},
    {LUA_STRLIBNAME, "upper", counted_bytewise, 1},
    {LUA_STRLIBNAME, "lower", counted_bytewise, 1},
    {LUA_STRLIBNAME, "reverse", counted_bytewise, 1},
    {LUA_STRLIBNAME, "format", counted_bytewise, 1},
    {LUA_STRLIBNAME, "sub", counted_strings, 1},
    {LUA_STRLIBNAME, "char", counted_strings, 1},
    {LUA_STRLIBNAME, "byte", counted_range, 1},
    {LUA_STRLIBNAME, "pack", counted_bytewise, 1},
    {LUA_STRLIBNAME, "packsize", counted_strings, 1},
    {LUA_STRLIBNAME, "unpack", counted_bytewise, 1},
    {LUA_UTF8LIBNAME, "char", counted_utf8, 1},
    {LUA_UTF8LIBNAME, "len", counted_utf8, 1},
    {LUA_UTF8LIBNAME, "offset", counted_utf8, 1},
    {LUA_UTF8LIBNAME, "codepoint", counted_range, 1},
    {LUA_STRLIBNAME, "find", tv_strmatch_find, 0},
    {LUA_STRLIBNAME, "match", tv_strmatch_match, 0},
    {LUA_STRLIBNAME, "gmatch", tv_strmatch_gmatch, 0},
    {LUA_STRLIBNAME, "gsub", tv_strmatch_gsub, 0},
};

void tv_vm_open_libs(lua_State *L)
{
    for (const luaL_Reg *lib = libs; lib->name; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
        const struct change *c = &changes[i];
        if (c->table)
            lua_getglobal(L, c->table);
        else
            lua_pushglobaltable(L);
        if (!c->fn) {
            lua_pushnil(L);
        } else if (c->wrap) {
            lua_getfield(L, -1, c->name);
            lua_pushcclosure(L, c->fn, 1);
        } else {
            lua_pushcfunction(L, c->fn);
        }
        lua_setfield(L, -2, c->name);
        lua_pop(L, 1);
    }
}
