/* The ruleset API for mancala games: mancala{} (the board) and sow{} (the
 * sowing primitive's parameters), compiled into tv_rules.sow. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_sow.h"
#include "tv_fields.h"

static const char *const sides[] = {"", "own", "opponent", "any", NULL};

/* The readers (as in tv_api.c): each checks its table completely, raw, and
 * fills the sowing parameters; the constructors run them on scratch. */
void tv_read_mancala(lua_State *L, int idx, const char *pre, tv_sow *w)
{
    static const char *const known[] = {"holes", "seeds", "stores", NULL};
    char what[64];
    snprintf(what, sizeof what, "%smancala", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    w->holes = (int)tv_int_field(L, idx, what, "holes", 1, TV_MANCALA_MAX_HOLES, 0);
    w->seeds = (int)tv_int_field(L, idx, what, "seeds", 0, TV_MANCALA_MAX_SEEDS, 0);
    w->stores = tv_bool_field(L, idx, what, "stores", 0);
}

static void read_capture(lua_State *L, int idx, const char *pre, tv_sow *w)
{
    static const char *const known[] = {"counts", "side", "chain", "chain_side", "empty_hole", NULL};
    static const char *const empty[] = {"", "opposite_nonempty", "opposite_always", NULL};
    char what[80], list[96];
    snprintf(what, sizeof what, "%ssow.capture", pre);
    snprintf(list, sizeof list, "%s.counts", what);
    tv_check_known(L, idx, what, known);
    w->counts = 0;
    if (tv_rawfield(L, idx, "counts") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            luaL_error(L, "%s: expected a list of seed counts, as {2, 3}", list);
        int n = tv_list_len(L, -1, list, 0, 31);
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, -1, i);
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > 31)
                luaL_error(L, "%s[%d]: expected an integer 1..31", list, i);
            w->counts |= 1u << lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    w->side = tv_field_word(L, idx, what, "side", sides, NULL, TV_SIDE_ANY);
    w->chain = tv_bool_field(L, idx, what, "chain", 0);
    w->chain_side = tv_field_word(L, idx, what, "chain_side", sides, NULL, w->side);
    w->empty_capture = tv_field_word(L, idx, what, "empty_hole", empty, NULL, 0);
}

void tv_read_sow(lua_State *L, int idx, const char *pre, tv_sow *w)
{
    static const char *const known[] = {"direction", "origin_first", "skip_origin", "relay", "stores",
                                        "extra_turn", "capture", "grand_slam", "must_feed", NULL};
    static const char *const dirs[] = {"ccw", "cw", NULL};
    static const char *const stores[] = {"none", "own", "both", NULL};
    static const char *const slams[] = {"allowed", "no_capture", "illegal", NULL};
    char what[64];
    snprintf(what, sizeof what, "%ssow", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    w->cw = tv_field_word(L, idx, what, "direction", dirs, NULL, 0);
    w->origin_first = tv_bool_field(L, idx, what, "origin_first", 0);
    w->skip_origin = tv_bool_field(L, idx, what, "skip_origin", 0);
    w->relay = tv_bool_field(L, idx, what, "relay", 0);
    int st = tv_field_word(L, idx, what, "stores", stores, NULL, w->stores ? 1 : 0);
    w->own_store = st >= 1;
    w->opp_store = st == 2;
    w->extra_turn = tv_bool_field(L, idx, what, "extra_turn", 0);
    w->grand_slam = tv_field_word(L, idx, what, "grand_slam", slams, NULL, TV_SLAM_ALLOWED);
    w->must_feed = tv_bool_field(L, idx, what, "must_feed", 0);
    int t = tv_rawfield(L, idx, "capture");
    if (t == LUA_TTABLE)
        read_capture(L, lua_gettop(L), pre, w);
    else if (t != LUA_TNIL)
        luaL_error(L, "%s.capture: expected a table, as { counts = {2, 3}, side = \"opponent\" }", what);
    lua_pop(L, 1);
}

int tv_api_mancala(lua_State *L)
{
    tv_sow scratch = {0};
    tv_read_mancala(L, 1, "", &scratch);
    return tv_tagged(L, "mancala");
}

int tv_api_sow(lua_State *L)
{
    tv_sow scratch = {0};
    if (lua_isnone(L, 1))
        lua_newtable(L);
    tv_read_sow(L, 1, "", &scratch);
    return tv_tagged(L, "sow");
}
