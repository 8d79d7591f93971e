/* The ruleset API for connection games: hex{} (the board) and connect{} (the
 * goal). Readers as in tv_api.c: each checks its table completely, raw; the
 * constructors run them on scratch, game{} again on the description. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_hex.h"
#include "tv_fields.h"

void tv_read_hex(lua_State *L, int idx, const char *pre, tv_grid *g)
{
    static const char *const known[] = {"size", "width", "height", NULL};
    char what[64];
    snprintf(what, sizeof what, "%shex", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    int sized = tv_rawfield(L, idx, "size") != LUA_TNIL;
    lua_pop(L, 1);
    if (sized) {
        if (tv_rawfield(L, idx, "width") != LUA_TNIL || tv_rawfield(L, idx, "height") != LUA_TNIL)
            luaL_error(L, "%s: give size (a rhombus of size x size) or width and height, not both", what);
        lua_pop(L, 2);
        g->width = g->height = (int)tv_int_field(L, idx, what, "size", 1, TV_MAX_SIDE, 0);
    } else {
        g->width = (int)tv_int_field(L, idx, what, "width", 1, TV_MAX_SIDE, 0);
        g->height = (int)tv_int_field(L, idx, what, "height", 1, TV_MAX_SIDE, 0);
    }
    g->hex = 1;
}

void tv_read_connect(lua_State *L, int idx, const char *pre, tv_join *k)
{
    static const char *const known[] = {"sides", "diagonals", NULL};
    static const char *const sides[] = {"rows", "columns", "y", NULL}; /* 1 + index: TV_SIDES_* */
    static const char *const glosses[] = {"the first and last rows", "the first and last columns",
                                          "row 1, column a and the short diagonal", NULL};
    char what[64], list[80], item[96];
    snprintf(what, sizeof what, "%sconnect", pre);
    snprintf(list, sizeof list, "%s.sides", what);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(k, 0, sizeof *k);
    if (tv_rawfield(L, idx, "sides") != LUA_TTABLE)
        luaL_error(L, "%s.sides: expected the sides each colour joins, as {\"rows\", \"columns\"}", what);
    tv_list_len(L, -1, list, 2, 2);
    for (int i = 0; i < 2; i++) {
        lua_rawgeti(L, -1, i + 1);
        snprintf(item, sizeof item, "%s[%d]", list, i + 1);
        k->sides[i] = 1 + tv_word_at(L, -1, item, sides, glosses);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    k->diagonals = tv_bool_field(L, idx, what, "diagonals", 0);
}

int tv_api_hex(lua_State *L)
{
    tv_grid g;
    tv_read_hex(L, 1, "", &g);
    return tv_tagged(L, "hex");
}

int tv_api_connect(lua_State *L)
{
    tv_join k;
    tv_read_connect(L, 1, "", &k);
    return tv_tagged(L, "connect");
}

void tv_read_shapes(lua_State *L, int idx, const char *pre, tv_shapes *k)
{
    static const char *const known[] = {"ring", "bridge", "fork", NULL};
    char what[64];
    snprintf(what, sizeof what, "%sshapes", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(k, 0, sizeof *k);
    k->ring = tv_bool_field(L, idx, what, "ring", 0);
    k->bridge = tv_bool_field(L, idx, what, "bridge", 0);
    k->fork = tv_bool_field(L, idx, what, "fork", 0);
    if (!k->ring && !k->bridge && !k->fork)
        luaL_error(L, "%s: no shape wins: say ring, bridge or fork = true", what);
}

int tv_api_shapes(lua_State *L)
{
    tv_shapes k;
    tv_read_shapes(L, 1, "", &k);
    return tv_tagged(L, "shapes");
}
