/* custodial{}: the parameters of custodial capture (tv_rules.custodial),
 * checked completely with raw reads, in the constructor (for its file:line)
 * and again where place{} or move{} is compiled into the rules. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_custodial.h"
#include "tv_directions.h"
#include "tv_fields.h"

/* count = N or {min, max}: the run lengths captured (default {1, 1}). */
static void read_count(lua_State *L, int idx, const char *what, tv_custodial *c)
{
    int t = tv_rawfield(L, idx, "count");
    c->min = c->max = 1;
    if (t == LUA_TNUMBER && lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= TV_MAX_SIDE) {
        c->min = c->max = (int)lua_tointeger(L, -1);
    } else if (t == LUA_TTABLE && lua_rawlen(L, -1) == 2) {
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        if (!lua_isinteger(L, -2) || !lua_isinteger(L, -1) || lua_tointeger(L, -2) < 1 ||
            lua_tointeger(L, -2) > lua_tointeger(L, -1) || lua_tointeger(L, -1) > TV_MAX_SIDE)
            luaL_error(L, "%s.count: expected {min, max}, integers 1 <= min <= max <= %d", what, TV_MAX_SIDE);
        c->min = (int)lua_tointeger(L, -2);
        c->max = (int)lua_tointeger(L, -1);
        lua_pop(L, 2);
    } else if (t != LUA_TNIL) {
        char got[64];
        luaL_error(L, "%s.count: expected a run length 1..%d or {min, max}, got %s", what, TV_MAX_SIDE,
                   tv_describe(L, -1, got, sizeof got));
    }
    lua_pop(L, 1);
}

static void read_custodial(lua_State *L, int idx, const char *what, tv_custodial *c)
{
    static const char *const known[] = {"directions", "count", "corners", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(c, 0, sizeof *c);
    c->dirs = tv_directions_field(L, idx, what, "directions", TV_DIRS_BOARD, -1); /* the board's: a bracket is the same either way */
    read_count(L, idx, what, c);
    c->corners = tv_bool_field(L, idx, what, "corners", 0);
    if (c->corners && (c->dirs & (TV_N | TV_E | TV_S | TV_W)) != (TV_N | TV_E | TV_S | TV_W))
        luaL_error(L, "%s.corners: the corner capture needs the orthogonal directions", what);
}

int tv_api_custodial(lua_State *L)
{
    tv_custodial scratch;
    read_custodial(L, 1, "custodial", &scratch);
    return tv_tagged(L, "custodial");
}

void tv_read_custodial_field(lua_State *L, int idx, const char *what, tv_custodial *c)
{
    char key[96];
    memset(c, 0, sizeof *c);
    idx = lua_absindex(L, idx);
    if (tv_rawfield(L, idx, "custodial") != LUA_TNIL) {
        snprintf(key, sizeof key, "%s.custodial", what);
        const char *kind = tv_kind_of(L, -1);
        if (strcmp(kind, "custodial") != 0)
            luaL_error(L, "%s: expected custodial { directions = ..., count = ... }, got %s", key, kind);
        read_custodial(L, lua_gettop(L), key, c);
    }
    lua_pop(L, 1);
}
