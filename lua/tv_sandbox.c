/* The sandbox: one VM per ruleset with only the safe standard libraries, a
 * memory cap (a counting allocator) and an instruction budget (a count hook).
 * A ruleset cannot reach files, the environment, other processes or bytecode. */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "tv_ruleset_impl.h"

#define STEP_GRAIN 1000 /* instructions between two budget checks */

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    tv_ruleset *rs = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        rs->mem_used -= old;
        return NULL;
    }
    if (nsize > old && rs->mem_used - old + nsize > rs->limits.memory)
        return NULL; /* Lua raises "not enough memory" */
    void *p = realloc(ptr, nsize);
    if (p)
        rs->mem_used = rs->mem_used - old + nsize;
    return p;
}

static void count_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    tv_ruleset *rs = tv_ruleset_of(L);
    rs->steps_left -= STEP_GRAIN;
    if (rs->steps_left <= 0 || rs->steps_exhausted) {
        if (!rs->steps_exhausted) {
            rs->steps_exhausted = 1;
            lua_sethook(L, count_hook, LUA_MASKCOUNT, 1); /* from now on, every instruction */
        }
        luaL_error(L, "instruction limit exceeded (the ruleset ran too long)");
    }
}

/* load() for text chunks only, in the sandbox's globals unless told otherwise. */
static int safe_load(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    int env = !lua_isnone(L, 4);
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

lua_State *tv_sandbox_new(tv_ruleset *rs)
{
    lua_State *L = lua_newstate(counting_alloc, rs);
    if (!L)
        return NULL;
    *(tv_ruleset **)lua_getextraspace(L) = rs;
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
    return L;
}

int tv_sandbox_call(tv_ruleset *rs, int nargs, int nresults, unsigned long steps)
{
    lua_State *L = rs->L;
    rs->vm_entries++;
    rs->steps_left = (long)steps;
    rs->steps_exhausted = 0;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, STEP_GRAIN);
    int status = lua_pcall(L, nargs, nresults, 0);
    lua_sethook(L, NULL, 0, 0);
    if (status == LUA_ERRMEM) {
        lua_pop(L, 1);
        lua_pushfstring(L, "memory limit of %I bytes exceeded", (lua_Integer)rs->limits.memory);
    } else if (status != LUA_OK && !lua_isstring(L, -1)) {
        lua_pop(L, 1);
        lua_pushstring(L, "error object is not a string");
    }
    return status;
}
