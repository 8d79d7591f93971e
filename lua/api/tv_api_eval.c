/* game.evaluate: the weights of the evaluation alpha-beta uses at its
 * horizon (tv_eval in tv_rules.h, computed by core/players/tv_eval.c).
 * Weights are numbers in points, -1000..1000 to the hundredth (0.05 is 5
 * hundredths), stored as hundredths. Every read is raw; the kind tables and
 * the open-lines list stop at their first unknown key, so no loop here runs
 * longer than the kinds and the board allow. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_eval.h"
#include "tv_directions.h"
#include "tv_fields.h"

#define WHAT "game.evaluate"

/* The number at idx as hundredths of a point, or an error naming `what`. */
static int32_t weight_at(lua_State *L, int idx, const char *what)
{
    char got[64];
    double limit = TV_EVAL_WEIGHT_MAX / 100.0;
    if (lua_type(L, idx) == LUA_TNUMBER) {
        double x = lua_tonumber(L, idx);
        if (x >= -limit && x <= limit) { /* false for NaN too */
            double h = x * 100.0, rounded = floor(h + 0.5);
            if (fabs(h - rounded) <= 1e-6)
                return (int32_t)rounded;
            luaL_error(L, "%s: %s is finer than a hundredth (weights go in steps of 0.01)", what,
                       tv_describe(L, idx, got, sizeof got));
        }
    }
    return luaL_error(L, "%s: expected a number -%d..%d, got %s", what, TV_EVAL_WEIGHT_MAX / 100,
                      TV_EVAL_WEIGHT_MAX / 100, tv_describe(L, idx, got, sizeof got));
}

static const char *kind_name(const tv_pieces *p, int k) { return p->nkinds ? p->name[k] : "stone"; }
static int kind_count(const tv_pieces *p) { return p->nkinds ? p->nkinds : 1; }

/* A weight for every kind (a number), or per kind ({ man = 1, king = 3 };
 * kinds left out weigh 0). */
static void read_by_kind(lua_State *L, int idx, const tv_rules *r, const char *key, int32_t out[TV_MAX_KINDS])
{
    char what[64];
    snprintf(what, sizeof what, WHAT ".%s", key);
    if (r->board != TV_BOARD_GRID)
        luaL_error(L, "%s: a mancala board has no pieces to weigh (use score)", what);
    const tv_pieces *p = &r->pieces;
    if (lua_type(L, idx) != LUA_TTABLE) {
        int32_t w = weight_at(L, idx, what);
        for (int k = 0; k < kind_count(p); k++)
            out[k] = w;
        return;
    }
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        int k = -1;
        if (lua_type(L, -2) == LUA_TSTRING)
            for (int i = 0; i < kind_count(p) && k < 0; i++)
                if (strcmp(lua_tostring(L, -2), kind_name(p, i)) == 0)
                    k = i;
        if (k < 0) {
            char got[64], list[TV_MAX_KINDS * (TV_NAME_KIND + 2)] = "";
            for (int i = 0; i < kind_count(p); i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", kind_name(p, i));
            luaL_error(L, "%s: %s is not a kind of piece of this game (kinds: %s)", what,
                       tv_describe(L, -2, got, sizeof got), list);
        }
        char item[96];
        snprintf(item, sizeof item, "%s.%s", what, kind_name(p, k));
        out[k] = weight_at(L, -1, item);
        lua_pop(L, 1);
    }
}

/* A single weight field; 0 when absent. */
static int32_t read_weight(lua_State *L, int idx, const char *key)
{
    char what[64];
    snprintf(what, sizeof what, WHAT ".%s", key);
    int32_t w = tv_rawfield(L, idx, key) == LUA_TNIL ? 0 : weight_at(L, -1, what);
    lua_pop(L, 1);
    return w;
}

/* open_lines = { w1, w2, ..., length = L, directions = "hvd" }: the weight
 * of a window holding 1, 2, ... stones of one colour; length and directions
 * default to the line goal's. */
static void read_open_lines(lua_State *L, int idx, tv_rules *r)
{
    const char *what = WHAT ".open_lines";
    tv_eval *ev = &r->eval;
    if (r->board != TV_BOARD_GRID)
        luaL_error(L, "%s: a mancala board has no lines (use score)", what);
    if (lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, "%s: expected a list of weights by stones in a window, as { 1, 5, 50 }", what);
    int longer = r->grid.width > r->grid.height ? r->grid.width : r->grid.height;
    int len = r->goal.length;
    if (tv_rawfield(L, idx, "length") != LUA_TNIL)
        len = (int)tv_int_field(L, idx, what, "length", 1, longer, 0);
    else if (!len)
        luaL_error(L, "%s.length: required in a game without a line goal", what);
    lua_pop(L, 1);
    if (len > longer)
        luaL_error(L, "%s: no window of %d cells fits the %dx%d board", what, len, r->grid.width, r->grid.height);
    ev->line_length = len;
    ev->line_dirs = tv_directions_field(L, idx, what, "directions", TV_DIRS_LINES,
                                        r->goal.length ? r->goal.dirs : r->lines.dirs ? r->lines.dirs : TV_DIR_ALL);
    int n = tv_list_len(L, idx, what, 1, len);
    /* Every key is a list index, length or directions (the first other one stops the loop). */
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        int ok = lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= n;
        if (lua_type(L, -1) == LUA_TSTRING)
            ok = strcmp(lua_tostring(L, -1), "length") == 0 || strcmp(lua_tostring(L, -1), "directions") == 0;
        if (!ok) {
            char got[64];
            luaL_error(L, "%s: unknown field %s (a list of 1..%d weights, length, directions)", what,
                       tv_describe(L, -1, got, sizeof got), len);
        }
    }
    for (int i = 1; i <= n; i++) {
        char item[64];
        snprintf(item, sizeof item, "%s[%d]", what, i);
        lua_rawgeti(L, idx, i);
        ev->lines[i] = weight_at(L, -1, item);
        lua_pop(L, 1);
    }
}

/* The terms of a family's board: the distances to a connection goal's
 * sides, and the corners and the stones no flip can turn of a grid. */
static void read_board_terms(lua_State *L, int idx, tv_rules *r)
{
    tv_eval *ev = &r->eval;
    ev->connection = read_weight(L, idx, "connection");
    ev->two_distance = read_weight(L, idx, "two_distance");
    ev->two_distance_cells = read_weight(L, idx, "two_distance_cells");
    ev->corners = read_weight(L, idx, "corners");
    ev->stable = read_weight(L, idx, "stable");
    if ((ev->connection || ev->two_distance || ev->two_distance_cells) && !r->join.sides[0])
        luaL_error(L, WHAT ".%s: the game has no sides to join (a connect { sides } goal)",
                   ev->connection ? "connection" : ev->two_distance ? "two_distance" : "two_distance_cells");
    if (ev->corners && r->board != TV_BOARD_GRID)
        luaL_error(L, WHAT ".corners: a mancala board has no corners (use score)");
    if (ev->stable && !r->flip.dirs)
        luaL_error(L, WHAT ".stable: only stones that flips turn can be stable (place { flips })");
}

void tv_read_eval(lua_State *L, int idx, tv_rules *r)
{
    static const char *const known[] = {"material", "advancement", "centre", "mobility", "mobile", "score",
                                        "open_lines", "connection", "two_distance", "two_distance_cells",
                                        "corners", "stable", NULL};
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, WHAT ": expected a table, as { material = { man = 1, king = 3 }, mobility = 0.05 }");
    tv_check_known(L, idx, WHAT, known);
    tv_eval *ev = &r->eval;
    memset(ev, 0, sizeof *ev);
    ev->given = 1;
    if (tv_rawfield(L, idx, "material") != LUA_TNIL)
        read_by_kind(L, lua_gettop(L), r, "material", ev->material);
    lua_pop(L, 1);
    if (tv_rawfield(L, idx, "advancement") != LUA_TNIL)
        read_by_kind(L, lua_gettop(L), r, "advancement", ev->advance);
    lua_pop(L, 1);
    ev->centre = read_weight(L, idx, "centre");
    if (ev->centre && r->board != TV_BOARD_GRID)
        luaL_error(L, WHAT ".centre: a mancala board has no pieces to place (use score)");
    ev->mobility = read_weight(L, idx, "mobility");
    ev->mobile = read_weight(L, idx, "mobile");
    ev->score = read_weight(L, idx, "score");
    if (tv_rawfield(L, idx, "open_lines") != LUA_TNIL)
        read_open_lines(L, lua_gettop(L), r);
    lua_pop(L, 1);
    read_board_terms(L, idx, r);
}
