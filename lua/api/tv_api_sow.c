/* The ruleset API for mancala games: mancala{} (the board) and sow{} (the
 * sowing primitive's parameters), compiled into tv_rules.sow. */
#include <string.h>

#include <lauxlib.h>

#include "tv_api_sow.h"
#include "tv_fields.h"

static int bool_field(lua_State *L, int idx, const char *what, const char *key, int def)
{
    int t = lua_getfield(L, idx, key), v = def;
    if (t == LUA_TBOOLEAN)
        v = lua_toboolean(L, -1);
    else if (t != LUA_TNIL)
        luaL_error(L, "%s.%s: expected true or false, got %s", what, key, luaL_typename(L, -1));
    lua_pop(L, 1);
    return v;
}

/* A string field that must be one of names[]; returns its index, or def. */
static int enum_field(lua_State *L, int idx, const char *what, const char *key,
                      const char *const names[], int def)
{
    char buf[32];
    if (!tv_str_field(L, idx, what, key, buf, sizeof buf, 0))
        return def;
    for (int i = 0; names[i]; i++)
        if (strcmp(buf, names[i]) == 0)
            return i;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0; names[i]; i++) {
        luaL_addstring(&b, i ? ", " : "");
        luaL_addstring(&b, names[i]);
    }
    luaL_pushresult(&b);
    return luaL_error(L, "%s.%s: '%s' is not one of %s", what, key, buf, lua_tostring(L, -1));
}

static const char *const sides[] = {"", "own", "opponent", "any", NULL};

int tv_api_mancala(lua_State *L)
{
    static const char *const known[] = {"holes", "seeds", "stores", NULL};
    tv_check_table_arg(L, "mancala");
    tv_check_known(L, 1, "mancala", known);
    tv_int_field(L, 1, "mancala", "holes", 1, TV_MANCALA_MAX_HOLES, 0);
    tv_int_field(L, 1, "mancala", "seeds", 0, TV_MANCALA_MAX_SEEDS, 0);
    bool_field(L, 1, "mancala", "stores", 0);
    return tv_tagged(L, "mancala");
}

static void check_capture(lua_State *L, int idx)
{
    static const char *const known[] = {"counts", "side", "chain", "chain_side", "empty_hole", NULL};
    static const char *const empty[] = {"", "opposite_nonempty", "opposite_always", NULL};
    tv_check_known(L, idx, "sow.capture", known);
    if (lua_getfield(L, idx, "counts") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            luaL_error(L, "sow.capture.counts: expected a list of seed counts, as {2, 3}");
        for (lua_Integer i = 1; i <= luaL_len(L, -1); i++) {
            lua_geti(L, -1, i);
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > 31)
                luaL_error(L, "sow.capture.counts[%d]: expected an integer 1..31", (int)i);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    enum_field(L, idx, "sow.capture", "side", sides, TV_SIDE_ANY);
    bool_field(L, idx, "sow.capture", "chain", 0);
    enum_field(L, idx, "sow.capture", "chain_side", sides, TV_SIDE_ANY);
    enum_field(L, idx, "sow.capture", "empty_hole", empty, 0);
}

int tv_api_sow(lua_State *L)
{
    static const char *const known[] = {"direction", "origin_first", "skip_origin", "relay", "stores",
                                        "extra_turn", "capture", "grand_slam", "must_feed", NULL};
    static const char *const dirs[] = {"ccw", "cw", NULL};
    static const char *const stores[] = {"none", "own", "both", NULL};
    static const char *const slams[] = {"allowed", "no_capture", "illegal", NULL};
    if (lua_isnone(L, 1))
        lua_newtable(L);
    tv_check_table_arg(L, "sow");
    tv_check_known(L, 1, "sow", known);
    enum_field(L, 1, "sow", "direction", dirs, 0);
    bool_field(L, 1, "sow", "origin_first", 0);
    bool_field(L, 1, "sow", "skip_origin", 0);
    bool_field(L, 1, "sow", "relay", 0);
    enum_field(L, 1, "sow", "stores", stores, 0);
    bool_field(L, 1, "sow", "extra_turn", 0);
    enum_field(L, 1, "sow", "grand_slam", slams, 0);
    bool_field(L, 1, "sow", "must_feed", 0);
    if (lua_getfield(L, 1, "capture") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            luaL_error(L, "sow.capture: expected a table, as { counts = {2, 3}, side = \"opponent\" }");
        check_capture(L, lua_gettop(L));
    }
    lua_pop(L, 1);
    return tv_tagged(L, "sow");
}

void tv_read_mancala(lua_State *L, tv_rules *r, int idx)
{
    r->board = TV_BOARD_MANCALA;
    r->sow.holes = (int)tv_int_field(L, idx, "mancala", "holes", 1, TV_MANCALA_MAX_HOLES, 0);
    r->sow.seeds = (int)tv_int_field(L, idx, "mancala", "seeds", 0, TV_MANCALA_MAX_SEEDS, 0);
    r->sow.stores = bool_field(L, idx, "mancala", "stores", 0);
}

void tv_read_sow(lua_State *L, tv_rules *r, int idx)
{
    static const char *const dirs[] = {"ccw", "cw", NULL};
    static const char *const stores[] = {"none", "own", "both", NULL};
    static const char *const slams[] = {"allowed", "no_capture", "illegal", NULL};
    static const char *const empty[] = {"", "opposite_nonempty", "opposite_always", NULL};
    tv_sow *w = &r->sow;
    w->cw = enum_field(L, idx, "sow", "direction", dirs, 0);
    w->origin_first = bool_field(L, idx, "sow", "origin_first", 0);
    w->skip_origin = bool_field(L, idx, "sow", "skip_origin", 0);
    w->relay = bool_field(L, idx, "sow", "relay", 0);
    int st = enum_field(L, idx, "sow", "stores", stores, w->stores ? 1 : 0);
    w->own_store = st >= 1;
    w->opp_store = st == 2;
    w->extra_turn = bool_field(L, idx, "sow", "extra_turn", 0);
    w->grand_slam = enum_field(L, idx, "sow", "grand_slam", slams, TV_SLAM_ALLOWED);
    w->must_feed = bool_field(L, idx, "sow", "must_feed", 0);
    if (lua_getfield(L, idx, "capture") == LUA_TTABLE) {
        int c = lua_gettop(L);
        if (lua_getfield(L, c, "counts") == LUA_TTABLE)
            for (lua_Integer i = 1; i <= luaL_len(L, -1); i++) {
                lua_geti(L, -1, i);
                w->counts |= 1u << lua_tointeger(L, -1);
                lua_pop(L, 1);
            }
        lua_pop(L, 1);
        w->side = enum_field(L, c, "sow.capture", "side", sides, TV_SIDE_ANY);
        w->chain = bool_field(L, c, "sow.capture", "chain", 0);
        w->chain_side = enum_field(L, c, "sow.capture", "chain_side", sides, w->side);
        w->empty_capture = enum_field(L, c, "sow.capture", "empty_hole", empty, 0);
    }
    lua_pop(L, 1);
}
