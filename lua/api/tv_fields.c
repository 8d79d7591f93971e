/* Checking the tables a ruleset passes to the API: unknown fields, types and
 * ranges, each error naming the field (luaL_error adds the caller's file:line).
 *
 * Every read here is raw (lua_rawget, lua_rawgeti, lua_rawlen, lua_next): a
 * metamethod of a table given to the API (__index, __len, __tostring) never
 * runs, so it can neither drive a C loop nor change a value between two
 * reads. Values are described in messages without calling __tostring. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_fields.h"
#include "tv_vm.h"

/* The value at idx as a message shows it: a number, a string (cut short),
 * a boolean, or a type name. Pushes nothing. */
const char *tv_describe(lua_State *L, int idx, char *buf, size_t size)
{
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            snprintf(buf, size, "%lld", (long long)lua_tointeger(L, idx));
        else { /* as Lua writes it: 1e9 is 1000000000.0 */
            snprintf(buf, size, "%.14g", (double)lua_tonumber(L, idx));
            if (buf[strspn(buf, "-0123456789")] == '\0' && strlen(buf) + 3 <= size)
                strcat(buf, ".0");
        }
        break;
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        snprintf(buf, size, "'%.*s%s'", (int)(len > 40 ? 40 : len), s, len > 40 ? "..." : "");
        break;
    }
    case LUA_TBOOLEAN:
        snprintf(buf, size, "%s", lua_toboolean(L, idx) ? "true" : "false");
        break;
    default:
        snprintf(buf, size, "%s", luaL_typename(L, idx));
        break;
    }
    return buf;
}

int tv_rawfield(lua_State *L, int idx, const char *key)
{
    idx = lua_absindex(L, idx);
    lua_pushstring(L, key);
    return lua_rawget(L, idx);
}

/* Raises an error naming the first key of table idx that is not in known.
 * "kind" is the constructors' tag: always allowed. */
void tv_check_known(lua_State *L, int idx, const char *what, const char *const known[])
{
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        tv_vm_charge(L, 1); /* a table may have a million keys */
        int ok = 0;
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *k = lua_tostring(L, -1);
            ok = strcmp(k, "kind") == 0;
            for (int i = 0; known[i] && !ok; i++)
                ok = strcmp(k, known[i]) == 0;
        }
        if (!ok) {
            luaL_Buffer b;
            char key[64];
            tv_describe(L, -1, key, sizeof key);
            luaL_buffinit(L, &b);
            for (int i = 0; known[i]; i++) {
                if (i)
                    luaL_addstring(&b, ", ");
                luaL_addstring(&b, known[i]);
            }
            luaL_pushresult(&b);
            if (key[0] == '\'') { /* the names read better without quotes */
                memmove(key, key + 1, strlen(key));
                key[strlen(key) - 1] = '\0';
            }
            luaL_error(L, "%s: unknown field '%s' (fields: %s)", what, key, lua_tostring(L, -1));
        }
    }
}

void tv_check_table(lua_State *L, int idx, const char *what)
{
    if (lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, "%s: expected a table, as in %s { ... }, got %s", what, what, luaL_typename(L, idx));
}

void tv_check_table_arg(lua_State *L, const char *what)
{
    tv_check_table(L, 1, what);
}

/* Integer field key of table idx in [min, max]; def when absent (or an error
 * when def is below min, meaning "required"). */
long tv_int_field(lua_State *L, int idx, const char *what, const char *key, long min, long max, long def)
{
    int t = tv_rawfield(L, idx, key);
    long v = def;
    if (t == LUA_TNIL) {
        if (def < min)
            luaL_error(L, "%s.%s: required field is missing", what, key);
    } else if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < min || lua_tointeger(L, -1) > max) {
        char got[64];
        luaL_error(L, "%s.%s: expected an integer %d..%d, got %s", what, key, (int)min, (int)max,
                   tv_describe(L, -1, got, sizeof got));
    } else {
        v = (long)lua_tointeger(L, -1);
    }
    lua_pop(L, 1);
    return v;
}

/* String field copied into buf (left as is when absent and not required). */
int tv_str_field(lua_State *L, int idx, const char *what, const char *key, char *buf, size_t size, int required)
{
    int t = tv_rawfield(L, idx, key);
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
    if (strlen(s) != len)
        luaL_error(L, "%s.%s: a string with a NUL character", what, key);
    memcpy(buf, s, len + 1);
    lua_pop(L, 1);
    return 1;
}

/* The words a message offers: "a, b or c", glossed where glosses has one. */
static void push_word_list(lua_State *L, const char *const words[], const char *const glosses[])
{
    int n = 0;
    for (int i = 0; words[i]; i++)
        n += words[i][0] != '\0';
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0, shown = 0; words[i]; i++) {
        if (!words[i][0])
            continue;
        luaL_addstring(&b, !shown ? "" : shown == n - 1 ? " or " : ", ");
        luaL_addstring(&b, words[i]);
        if (glosses && glosses[i] && glosses[i][0]) {
            luaL_addstring(&b, " (");
            luaL_addstring(&b, glosses[i]);
            luaL_addchar(&b, ')');
        }
        shown++;
    }
    luaL_pushresult(&b);
}

/* Compared with the length: a string holding a NUL is no word. */
int tv_word_at(lua_State *L, int idx, const char *what, const char *const words[], const char *const glosses[])
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, idx, &len);
        for (int i = 0; words[i]; i++)
            if (strlen(words[i]) == len && memcmp(s, words[i], len) == 0)
                return i;
    }
    char got[64];
    tv_describe(L, idx, got, sizeof got);
    push_word_list(L, words, glosses);
    return luaL_error(L, "%s: %s is not %s", what, got, lua_tostring(L, -1));
}

int tv_field_word(lua_State *L, int idx, const char *what, const char *key, const char *const words[],
                  const char *const glosses[], int def)
{
    int t = tv_rawfield(L, idx, key);
    if (t == LUA_TNIL) {
        lua_pop(L, 1);
        return def;
    }
    char field[128];
    snprintf(field, sizeof field, "%s.%s", what, key);
    if (t != LUA_TSTRING)
        luaL_error(L, "%s: expected a string, got %s", field, luaL_typename(L, -1));
    int i = tv_word_at(L, -1, field, words, glosses);
    lua_pop(L, 1);
    return i;
}

int tv_bool_field(lua_State *L, int idx, const char *what, const char *key, int def)
{
    int t = tv_rawfield(L, idx, key), v = def;
    if (t == LUA_TBOOLEAN)
        v = lua_toboolean(L, -1);
    else if (t != LUA_TNIL)
        luaL_error(L, "%s.%s: expected true or false, got %s", what, key, luaL_typename(L, -1));
    lua_pop(L, 1);
    return v;
}

/* The raw length of the list at idx, in [min, max], or an error. */
int tv_list_len(lua_State *L, int idx, const char *what, int min, int max)
{
    size_t n = lua_rawlen(L, idx);
    if (n < (size_t)min || n > (size_t)max)
        luaL_error(L, "%s: expected %d..%d entries, got %d", what, min, max, n > 1000000 ? 1000000 : (int)n);
    return (int)n;
}

/* Constructors return their checked table tagged with its kind. */
int tv_tagged(lua_State *L, const char *kind)
{
    lua_pushstring(L, kind);
    lua_setfield(L, 1, "kind");
    lua_settop(L, 1);
    return 1;
}

/* The kind of the value at idx: its "kind" tag (a string), or its Lua type name. */
const char *tv_kind_of(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TTABLE) {
        if (tv_rawfield(L, idx, "kind") == LUA_TSTRING) {
            const char *k = lua_tostring(L, -1); /* the table holds it: it stays valid */
            lua_pop(L, 1);
            return k;
        }
        lua_pop(L, 1);
    }
    return luaL_typename(L, idx);
}
