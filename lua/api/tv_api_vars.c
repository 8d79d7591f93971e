/* Game variables and hands in the ruleset API (tv_api_vars.h). */
#include "tv_api_vars.h"

#include <lauxlib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tv_fields.h"
#include "tv_ruleset_impl.h"
#include "tv_vars_state.h"

/* One variable's table at idx, named name. */
static void read_var(lua_State *L, int idx, const char *name, tv_var *x)
{
    static const char *const known[] = {"min", "max", "start", "per_player", "cell", "flag", NULL};
    char what[64];
    snprintf(what, sizeof what, "game.vars.%s", name);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(x, 0, sizeof *x);
    if (strlen(name) >= TV_VAR_NAME || strspn(name, "abcdefghijklmnopqrstuvwxyz_0123456789") != strlen(name) || !*name ||
        !strcmp(name, "hand"))
        luaL_error(L, "game.vars: '%s' is no variable name (1..%d of a-z, 0-9, _; not 'hand')", name, TV_VAR_NAME - 1);
    strcpy(x->name, name);
    int cell = tv_bool_field(L, idx, what, "cell", 0), flag = tv_bool_field(L, idx, what, "flag", 0);
    if (cell && flag)
        luaL_error(L, "%s: a variable is a cell or a flag, not both", what);
    x->per_player = tv_bool_field(L, idx, what, "per_player", 0);
    x->type = cell ? TV_VAR_CELL : flag ? TV_VAR_FLAG : TV_VAR_INT;
    if (x->type != TV_VAR_INT) {
        if (tv_rawfield(L, idx, "min") != LUA_TNIL || tv_rawfield(L, idx, "max") != LUA_TNIL)
            luaL_error(L, "%s: a %s has no min or max", what, cell ? "cell" : "flag");
        lua_pop(L, 2);
        int t = tv_rawfield(L, idx, "start");
        if (t == LUA_TNIL)
            x->init = cell ? -1 : 0;
        else if (flag && t == LUA_TBOOLEAN)
            x->init = lua_toboolean(L, -1);
        else if (cell && t == LUA_TNUMBER && lua_isinteger(L, -1))
            x->init = (int)(lua_tointeger(L, -1) > 0 && lua_tointeger(L, -1) < 1000000 ? lua_tointeger(L, -1) - 1 : -2);
        else
            luaL_error(L, "%s.start: expected %s", what, cell ? "a 1-based cell" : "true or false");
        lua_pop(L, 1);
        return;
    }
    x->min = (int)tv_int_field(L, idx, what, "min", -TV_VAR_LIMIT, TV_VAR_LIMIT, 0);
    x->max = (int)tv_int_field(L, idx, what, "max", -TV_VAR_LIMIT, TV_VAR_LIMIT, -TV_VAR_LIMIT - 1);
    x->init = (int)tv_int_field(L, idx, what, "start", -TV_VAR_LIMIT, TV_VAR_LIMIT, x->min);
}

static int by_name(const void *a, const void *b) { return strcmp(((const tv_var *)a)->name, ((const tv_var *)b)->name); }

void tv_read_vars(lua_State *L, int idx, tv_rules *r)
{
    tv_check_table(L, idx, "game.vars");
    tv_vars *v = &r->vars;
    v->n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) { /* keys are names; the order is made by sorting */
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_error(L, "game.vars: expected name = { ... } entries");
        if (v->n == TV_MAX_VARS)
            luaL_error(L, "game.vars: at most %d variables", TV_MAX_VARS);
        read_var(L, lua_gettop(L), lua_tostring(L, -2), &v->var[v->n++]);
        lua_pop(L, 1);
    }
    qsort(v->var, (size_t)v->n, sizeof v->var[0], by_name);
}

void tv_read_hands(lua_State *L, int idx, tv_rules *r)
{
    tv_check_table(L, idx, "game.hands");
    if (r->board != TV_BOARD_GRID)
        luaL_error(L, "game.hands: pieces in hand need a grid { ... } board");
    r->vars.hands = 1;
    memset(r->vars.hand_start, 0, sizeof r->vars.hand_start);
    int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
        int k = 0;
        while (k < kinds && strcmp(name, r->pieces.nkinds ? r->pieces.name[k] : "stone"))
            k++;
        if (k == kinds)
            luaL_error(L, "game.hands: '%s' is not a kind of this game%s", name,
                       r->pieces.nkinds ? "" : " (a game without pieces = { ... } has the kind 'stone')");
        char what[64];
        snprintf(what, sizeof what, "game.hands.%s", name);
        tv_check_table(L, lua_gettop(L), what);
        if (lua_rawlen(L, -1) != 2)
            luaL_error(L, "%s: expected { player 1's count, player 2's }", what);
        for (int p = 0; p < 2; p++) {
            lua_rawgeti(L, -1, p + 1);
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > TV_HAND_MAX)
                luaL_error(L, "%s[%d]: expected a count 0..%d", what, p + 1, TV_HAND_MAX);
            r->vars.hand_start[p][k] = (uint8_t)lua_tointeger(L, -1);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
}

/* ---- the view's methods ----------------------------------------------------- */

static tv_view *view_of(lua_State *L, int writes) { return tv_view_checked(L, writes); }

/* The variable named at 2 and, when it is per player, the player at 3:
 * returns its index, *p the player index, *at the next argument. */
static int var_args(lua_State *L, const tv_rules *r, int *p, int *at)
{
    const char *name = luaL_checkstring(L, 2);
    int i = tv_var_find(r, name);
    if (i < 0)
        luaL_error(L, "no variable '%s' in this game (game { vars = { ... } })", name);
    *p = 0;
    *at = 3;
    if (r->vars.var[i].per_player) {
        lua_Integer pl = luaL_checkinteger(L, 3);
        luaL_argcheck(L, pl == 1 || pl == 2, 3, "expected player 1 or 2");
        *p = (int)pl - 1;
        *at = 4;
    }
    return i;
}

/* s:var(name [, player]): an integer, a flag as a boolean, a cell as a
 * 1-based index or nil. */
static int v_var(lua_State *L)
{
    const tv_view *v = view_of(L, 0);
    int p, at, i = var_args(L, v->r, &p, &at), value = tv_var_get(v->r, v->s, i, p);
    switch (v->r->vars.var[i].type) {
    case TV_VAR_FLAG: lua_pushboolean(L, value); break;
    case TV_VAR_CELL: value < 0 ? lua_pushnil(L) : lua_pushinteger(L, value + 1); break;
    default: lua_pushinteger(L, value); break;
    }
    return 1;
}

/* s:set_var(name, [player,] value) in a play hook. */
static int v_set_var(lua_State *L)
{
    tv_view *v = view_of(L, 1);
    int p, at, i = var_args(L, v->r, &p, &at), type = v->r->vars.var[i].type;
    long value = 0;
    if (type == TV_VAR_FLAG) {
        luaL_checktype(L, at, LUA_TBOOLEAN);
        value = lua_toboolean(L, at);
    } else if (type == TV_VAR_CELL) {
        if (lua_isnoneornil(L, at))
            value = -1;
        else if (lua_type(L, at) == LUA_TSTRING)
            value = tv_grid_parse_cell(&v->r->grid, lua_tostring(L, at)), value = value < 0 ? -2 : value;
        else
            value = lua_isinteger(L, at) && lua_tointeger(L, at) > 0 && lua_tointeger(L, at) < 1000000
                        ? (long)lua_tointeger(L, at) - 1 : -2;
    } else {
        lua_Integer n = luaL_checkinteger(L, at);
        value = n < -TV_VAR_LIMIT - 1L ? -TV_VAR_LIMIT - 1L : n > TV_VAR_LIMIT + 1L ? TV_VAR_LIMIT + 1L : (long)n;
    }
    tv_error err;
    if (tv_var_set(v->r, v->mut, i, p, value, &err))
        luaL_error(L, "set_var: %s", type == TV_VAR_CELL ? "expected a cell of the board or nil" : err.msg);
    return 0;
}

/* The kind named at idx ("man", or "stone" in a game without kinds). */
static int hand_kind(lua_State *L, const tv_rules *r, int idx)
{
    const char *name = luaL_checkstring(L, idx);
    int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    for (int k = 0; k < kinds; k++)
        if (!strcmp(name, r->pieces.nkinds ? r->pieces.name[k] : "stone"))
            return k;
    return luaL_error(L, "no kind '%s' in this game", name), 0;
}

static int player_arg(lua_State *L, int idx)
{
    lua_Integer p = luaL_checkinteger(L, idx);
    luaL_argcheck(L, p == 1 || p == 2, idx, "expected player 1 or 2");
    return (int)p - 1;
}

/* s:hand(player, kind): the pieces of that kind in the player's hand. */
static int v_hand(lua_State *L)
{
    const tv_view *v = view_of(L, 0);
    int p = player_arg(L, 2);
    lua_pushinteger(L, tv_hand_get(v->r, v->s, p, hand_kind(L, v->r, 3)));
    return 1;
}

/* s:set_hand(player, kind, n) in a play hook. */
static int v_set_hand(lua_State *L)
{
    tv_view *v = view_of(L, 1);
    int p = player_arg(L, 2), k = hand_kind(L, v->r, 3);
    lua_Integer n = luaL_checkinteger(L, 4);
    tv_error err;
    if (tv_hand_set(v->r, v->mut, p, k, n < -1 ? -1 : n > 100000 ? 100000 : (long)n, &err))
        luaL_error(L, "set_hand: %s", err.msg);
    return 0;
}

void tv_view_vars_open(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"var", v_var}, {"set_var", v_set_var}, {"hand", v_hand}, {"set_hand", v_set_hand}, {NULL, NULL}};
    luaL_setfuncs(L, methods, 0);
}
