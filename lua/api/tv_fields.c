/* Checking the tables a ruleset passes to the API: unknown fields, types and
 * ranges, each error naming the field (luaL_error adds the caller's file:line). */
#include <string.h>

#include <lauxlib.h>

#include "tv_fields.h"

/* Raises an error naming the first key of table idx that is not in known. */
void tv_check_known(lua_State *L, int idx, const char *what, const char *const known[])
{
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        int ok = 0;
        if (lua_type(L, -1) == LUA_TSTRING)
            for (int i = 0; known[i] && !ok; i++)
                ok = strcmp(lua_tostring(L, -1), known[i]) == 0;
        if (!ok) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (int i = 0; known[i]; i++) {
                if (i)
                    luaL_addstring(&b, ", ");
                luaL_addstring(&b, known[i]);
            }
            luaL_pushresult(&b);
            const char *fields = lua_tostring(L, -1);
            const char *key = luaL_tolstring(L, -2, NULL);
            luaL_error(L, "%s: unknown field '%s' (fields: %s)", what, key, fields);
        }
    }
}

void tv_check_table_arg(lua_State *L, const char *what)
{
    if (lua_type(L, 1) != LUA_TTABLE)
        luaL_error(L, "%s: expected a table, as in %s { ... }, got %s", what, what, luaL_typename(L, 1));
}

/* Integer field key of table idx in [min, max]; def when absent (or an error
 * when def is below min, meaning "required"). */
long tv_int_field(lua_State *L, int idx, const char *what, const char *key, long min, long max,
                      long def)
{
    int t = lua_getfield(L, idx, key);
    long v = def;
    if (t == LUA_TNIL) {
        if (def < min)
            luaL_error(L, "%s.%s: required field is missing", what, key);
    } else if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < min || lua_tointeger(L, -1) > max) {
        luaL_error(L, "%s.%s: expected an integer %d..%d, got %s", what, key, (int)min, (int)max,
                   luaL_tolstring(L, -1, NULL));
    } else {
        v = (long)lua_tointeger(L, -1);
    }
    lua_pop(L, 1);
    return v;
}

/* String field copied into buf (left as is when absent and not required). */
int tv_str_field(lua_State *L, int idx, const char *what, const char *key, char *buf,
                     size_t size, int required)
{
    int t = lua_getfield(L, idx, key);
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        if (required)
            luaL_error(L, "%s.%s: required field is missing", what, key);
        return 0;
    }
    if (t != LUA_TSTRING)
        luaL_error(L, "%s.%s: expected a string, got %s", what, key, luaL_typename(L, -1));
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    if (len >= size)
        luaL_error(L, "%s.%s: longer than %d characters", what, key, (int)size - 1);
    memcpy(buf, s, len + 1);
    lua_pop(L, 1);
    return 1;
}

/* Constructors return their checked table tagged with its kind. */
int tv_tagged(lua_State *L, const char *kind)
{
    lua_pushstring(L, kind);
    lua_setfield(L, 1, "kind");
    lua_settop(L, 1);
    return 1;
}

/* The kind of the value at idx: its "kind" tag, or its Lua type name. */
const char *tv_kind_of(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TTABLE && lua_getfield(L, idx, "kind") == LUA_TSTRING) {
        const char *k = lua_tostring(L, -1);
        lua_pop(L, 1);
        return k;
    }
    if (lua_type(L, idx) == LUA_TTABLE)
        lua_pop(L, 1);
    return luaL_typename(L, idx);
}

