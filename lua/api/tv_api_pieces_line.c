/* line_count{} and leap{} (tv_api_pieces_line.h): each table read raw and
 * checked completely, in the constructor and again in game{}. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_pieces_line.h"
#include "tv_directions.h"
#include "tv_fields.h"

void tv_read_line_count(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"directions", "to", "when", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->type = TV_GEN_LINE_COUNT;
    g->dirs = tv_directions_field(L, idx, what, "directions", TV_DIRS_MOVER, TV_COMPASS_ALL);
    g->to = tv_api_pieces_to(L, idx, what, TV_TO_EMPTY | TV_TO_ENEMY);
}

/* offsets = { {col, row}, ... }: integers, not both 0, within a board. */
void tv_read_leap(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"offsets", "to", "when", NULL};
    char key[112];
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->type = TV_GEN_LEAP;
    g->to = tv_api_pieces_to(L, idx, what, TV_TO_EMPTY | TV_TO_ENEMY);
    snprintf(key, sizeof key, "%s.offsets", what);
    if (tv_rawfield(L, idx, "offsets") != LUA_TTABLE)
        luaL_error(L, "%s: expected a list of {column, row} offsets, as { {1, 2}, {2, 1} }", key);
    int list = lua_gettop(L), n = tv_list_len(L, list, key, 1, TV_MAX_LEAPS);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, list, i);
        int pair = lua_gettop(L), ok = lua_type(L, pair) == LUA_TTABLE && lua_rawlen(L, pair) == 2;
        lua_Integer v[2] = {0, 0};
        if (ok) { /* nothing but [1] and [2]: stops at the first other key */
            lua_pushnil(L);
            while (ok && lua_next(L, pair)) {
                ok = lua_isinteger(L, -2) && (lua_tointeger(L, -2) == 1 || lua_tointeger(L, -2) == 2);
                lua_pop(L, ok ? 1 : 2);
            }
        }
        for (int k = 0; ok && k < 2; k++) {
            lua_rawgeti(L, pair, k + 1);
            int isnum;
            v[k] = lua_tointegerx(L, -1, &isnum);
            ok = isnum && lua_type(L, -1) == LUA_TNUMBER && v[k] > -TV_MAX_SIDE && v[k] < TV_MAX_SIDE;
            lua_pop(L, 1);
        }
        if (!ok || (v[0] == 0 && v[1] == 0))
            luaL_error(L, "%s[%d]: expected {column, row}, integers in -%d..%d, not both 0", key, i, TV_MAX_SIDE - 1,
                       TV_MAX_SIDE - 1);
        g->offsets[i - 1][0] = (int8_t)v[0];
        g->offsets[i - 1][1] = (int8_t)v[1];
        lua_pop(L, 1);
    }
    g->noffsets = n;
    lua_pop(L, 1);
}

static int api_gen(lua_State *L, const char *kind, void (*read)(lua_State *, int, const char *, tv_gen *))
{
    tv_gen scratch;
    memset(&scratch, 0, sizeof scratch);
    read(L, 1, kind, &scratch);
    return tv_tagged(L, kind);
}

int tv_api_line_count(lua_State *L) { return api_gen(L, "line_count", tv_read_line_count); }
int tv_api_leap(lua_State *L) { return api_gen(L, "leap", tv_read_leap); }
