/* The state view: what a hook gets as `s`, a table of methods that read the
 * state it was given (and, in a play hook, change it through the kernel's
 * primitives). The hooks (tv_hooks.c) point it at a state for each call. */
#include <lauxlib.h>

#include <stdio.h>

#include "tv_fields.h"
#include "tv_lines.h"
#include "tv_play.h"
#include "tv_ruleset_impl.h"
#include "tv_sow.h"
#include "tv_api_vars.h"
#include "tv_view_moves.h"

typedef tv_view view;

/* The state a hook gets is a sealed table of these methods: s:get(c) then
 * finds the method in the table itself, a few times cheaper than through a
 * metatable's __index. The VM has exactly one such table: comparing the
 * address is the type check. */
static view *the_view(lua_State *L)
{
    view *v = &tv_ruleset_of(L)->view;
    if (lua_topointer(L, 1) != v->id)
        luaL_typeerror(L, 1, "state");
    return v;
}

tv_view *tv_view_checked(lua_State *L, int writes)
{
    view *v = the_view(L);
    if (!v->s)
        luaL_error(L, "the state may only be used during the hook call it was given to");
    if (writes && !v->mut)
        luaL_error(L, "the state may only be changed in a play hook");
    return v;
}

static const view *check_view(lua_State *L) { return tv_view_checked(L, 0); }

int tv_view_cell(lua_State *L, const tv_rules *r, int idx)
{
    int cell = -1, t = lua_type(L, idx), isint;
    if (t == LUA_TNUMBER) {
        lua_Integer i = lua_tointegerx(L, idx, &isint);
        cell = isint && i >= 1 && i <= r->ncells ? (int)i - 1 : -1;
    } else if (t == LUA_TSTRING) {
        cell = tv_grid_parse_cell(&r->grid, lua_tostring(L, idx));
    }
    if (cell < 0) {
        char got[64];
        luaL_error(L, "bad cell %s", tv_describe(L, idx, got, sizeof got));
    }
    return cell;
}

static int check_cell(lua_State *L, const view *v, int idx) { return tv_view_cell(L, v->r, idx); }

/* s:get(c): what a cell holds, 0 empty, 1 or 2 a stone or piece of that
 * colour, 3 a block (a mancala hole: its seeds); in a game that declares
 * kinds, then the piece's kind by name (nil for no piece). */
static int v_get(lua_State *L)
{
    const view *v = check_view(L);
    int c = v->s->cells[check_cell(L, v, 2)];
    if (v->r->board == TV_BOARD_MANCALA || !v->r->pieces.nkinds) {
        lua_pushinteger(L, c);
        return 1;
    }
    lua_pushinteger(L, tv_cell_colour(c));
    if (tv_cell_is_piece(c))
        lua_pushstring(L, v->r->pieces.name[tv_cell_kind(c) % TV_MAX_KINDS]);
    else
        lua_pushnil(L);
    return 2;
}

static int v_owner(lua_State *L)
{
    const view *v = check_view(L);
    int c = v->s->cells[check_cell(L, v, 2)];
    int owner = 0;
    if (c == TV_STONE1 || c == TV_STONE2 || (v->r->board == TV_BOARD_GRID && tv_cell_is_piece(c)))
        owner = tv_colour_of(v->s, 0) == tv_cell_colour(c) ? 1 : 2;
    lua_pushinteger(L, owner);
    return 1;
}

static int v_cell(lua_State *L)
{
    const view *v = check_view(L);
    int cell = tv_grid_parse_cell(&v->r->grid, luaL_checkstring(L, 2));
    if (cell < 0)
        luaL_pushfail(L);
    else
        lua_pushinteger(L, cell + 1);
    return 1;
}

static int v_name(lua_State *L)
{
    const view *v = check_view(L);
    char buf[8];
    tv_grid_cell_name(&v->r->grid, check_cell(L, v, 2), buf, sizeof buf);
    lua_pushstring(L, buf);
    return 1;
}

static int v_to_move(lua_State *L) { lua_pushinteger(L, check_view(L)->s->to_move + 1); return 1; }
static int v_ply(lua_State *L) { lua_pushinteger(L, check_view(L)->s->ply); return 1; }
static int v_empty(lua_State *L) { lua_pushinteger(L, check_view(L)->s->empty); return 1; }
static int v_size(lua_State *L) { lua_pushinteger(L, check_view(L)->r->ncells); return 1; }
static int v_width(lua_State *L) { lua_pushinteger(L, check_view(L)->r->grid.width); return 1; }
static int v_height(lua_State *L) { lua_pushinteger(L, check_view(L)->r->grid.height); return 1; }

static int v_last(lua_State *L)
{
    const view *v = check_view(L);
    if (v->s->last == TV_MOVE_NONE) { /* pass and swap are moves too: their text */
        luaL_pushfail(L);
    } else {
        char buf[TV_TEXT_MAX];
        tv_move_text(v->r, v->s->last, buf, sizeof buf);
        lua_pushstring(L, buf);
    }
    return 1;
}

/* s:runs(points, directions): the C line-scoring primitive with a points table
 * of the hook's choosing; returns the points of player 1 and player 2. */
static int v_runs(lua_State *L)
{
    const view *v = check_view(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    int dirs = tv_dirs_parse(luaL_optstring(L, 3, "hv"));
    if (dirs <= 0)
        luaL_argerror(L, 3, "expected directions made of h, v and d");
    tv_lines lines = {dirs, {0}};
    size_t n = lua_rawlen(L, 2); /* raw, as the API reads tables */
    if (n > TV_MAX_SIDE)
        luaL_error(L, "runs: expected 0..%d points, got %d", TV_MAX_SIDE, n > 1000000 ? 1000000 : (int)n);
    for (int i = 1; i <= (int)n; i++) {
        lua_rawgeti(L, 2, i);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < -TV_RUN_POINTS_MAX ||
            lua_tointeger(L, -1) > TV_RUN_POINTS_MAX) {
            char got[64];
            luaL_error(L, "runs: points[%d]: expected an integer %d..%d, got %s", i, -TV_RUN_POINTS_MAX,
                       TV_RUN_POINTS_MAX, tv_describe(L, -1, got, sizeof got));
        }
        lines.points[i] = (int32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    if (tv_runs_worst(lines.points, (int)n, v->r->ncells) > TV_RUN_TOTAL_MAX)
        luaL_error(L, "runs: a full board could score more than %d", TV_RUN_TOTAL_MAX);
    int32_t points[2];
    tv_runs_count(&v->r->grid, &lines, v->s->cells, points);
    int sw = (v->s->flags & TV_FLAG_SWAPPED) ? 1 : 0;
    lua_pushinteger(L, points[sw]);
    lua_pushinteger(L, points[sw ^ 1]);
    return 2;
}

/* ---- the primitives a play hook may call ------------------------------- */

static view *check_mutable(lua_State *L)
{
    view *v = the_view(L);
    if (!v->mut)
        luaL_error(L, "the state may only be changed in a play hook");
    return v;
}

/* A primitive's error becomes a Lua error (with the caller's file:line). */
static int primitive(lua_State *L, int rc, const tv_error *err)
{
    if (rc < 0)
        return luaL_error(L, "%s", err->msg);
    return rc;
}

/* s:set(cell, value): a cell's contents (grid: 0..3) or seed count (mancala).
 * A mancala board holds at most TV_MANCALA_MAX_SEEDS seeds in all, so that
 * no sowing can put more than a byte's worth into one hole. */
static int v_set(lua_State *L)
{
    view *v = check_mutable(L);
    tv_error err;
    int cell = check_cell(L, v, 2);
    lua_Integer value = luaL_checkinteger(L, 3);
    int mancala = v->r->board == TV_BOARD_MANCALA, most = mancala ? TV_MANCALA_MAX_SEEDS : TV_BLOCK;
    if (value < 0 || value > most)
        luaL_error(L, "set: %I cannot be put in a %s (0..%d)", value, mancala ? "hole" : "cell", most);
    if (mancala) {
        long seeds = 0;
        for (int h = 0; h < v->r->ncells; h++)
            seeds += h == cell ? (long)value : v->mut->cells[h];
        if (seeds > TV_MANCALA_MAX_SEEDS)
            luaL_error(L, "set: the board would hold %d seeds, more than %d", (int)seeds, TV_MANCALA_MAX_SEEDS);
    }
    primitive(L, tv_state_set(v->r, v->mut, v->u, cell, (int)value, &err), &err);
    return 0;
}

/* s:place(cell): the mover's stone, scored as the rules' runs say; true when
 * it makes a line that meets the goal. */
static int v_place(lua_State *L)
{
    view *v = check_mutable(L);
    tv_error err;
    int made = primitive(L, tv_place(v->r, v->mut, v->u, check_cell(L, v, 2), &err), &err) == 1;
    v->made |= made; /* the goal then ends the game, as after a placement of the data rules */
    lua_pushboolean(L, made);
    return 1;
}

/* s:swap(): the players exchange colours, as the swap move does. */
static int v_swap(lua_State *L)
{
    view *v = check_mutable(L);
    if (v->r->board != TV_BOARD_GRID)
        luaL_error(L, "swap: a mancala board has no colours to exchange");
    tv_swap_colours(v->r, v->mut);
    return 0;
}

/* s:score(p): player p's points in the state as it is; with a score hook,
 * what that hook says of it (a playout may leave the stored scores to its
 * end: tv_end_score_can_wait), so every hook reads the same scores. */
static int v_score(lua_State *L)
{
    view *v = the_view(L);
    check_view(L);
    lua_Integer p = luaL_checkinteger(L, 2);
    luaL_argcheck(L, p == 1 || p == 2, 2, "expected player 1 or 2");
    if (v->score_ref == LUA_NOREF) {
        lua_pushinteger(L, v->s->score[p - 1]);
        return 1;
    }
    if (v->hook == TV_HOOK_SCORE)
        luaL_error(L, "score: the score hook makes the scores; it cannot ask for them");
    int hook = v->hook;
    tv_state *mut = v->mut;
    v->hook = TV_HOOK_SCORE;
    v->mut = NULL; /* the score hook only reads, even when a play hook asks */
    lua_rawgeti(L, LUA_REGISTRYINDEX, v->score_ref);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 2);
    v->hook = hook;
    v->mut = mut;
    lua_Integer n = lua_tointeger(L, p == 1 ? -2 : -1);
    if (!lua_isinteger(L, p == 1 ? -2 : -1) || n < -TV_SCORE_MAX || n > TV_SCORE_MAX)
        luaL_error(L, "score: the score hook gave no integer score for player %d", (int)p);
    lua_pushinteger(L, n);
    return 1;
}

/* s:sow(hole): the sowing primitive with the rules' parameters; true when the
 * mover moves again. */
static int v_sow(lua_State *L)
{
    view *v = check_mutable(L);
    int hole = check_cell(L, v, 2);
    if (v->r->board != TV_BOARD_MANCALA || v->mut->cells[hole] == 0 ||
        (hole >= v->r->sow.holes) != v->mut->to_move)
        luaL_error(L, "sow: %s is not a non-empty hole of the mover", lua_tostring(L, 2));
    int again = tv_sow_apply(v->r, v->mut, hole, v->u);
    if (again < 0) { /* the state is as it was: only a relay sowing that never ends is refused */
        char name[8];
        tv_grid_cell_name(&v->r->grid, hole, name, sizeof name);
        luaL_error(L, "sow: %s: the relay sowing would never end", name);
    }
    lua_pushboolean(L, again);
    return 1;
}

/* s:empties(): the places a move can go, as values: the empty cells of a
 * grid (open columns when stones drop), or the mover's non-empty holes. */
static int v_empties(lua_State *L)
{
    const view *v = check_view(L);
    const tv_rules *r = v->r;
    const tv_state *s = v->s;
    int n = 0;
    if (r->board == TV_BOARD_MANCALA) {
        int first = s->to_move * r->sow.holes;
        luaL_checkstack(L, r->sow.holes, "empties");
        for (int h = first; h < first + r->sow.holes; h++)
            if (s->cells[h])
                lua_pushinteger(L, h + 1), n++;
    } else if (r->moves == TV_MOVES_DROP) {
        luaL_checkstack(L, r->grid.width, "empties");
        for (int c = 0; c < r->grid.width; c++)
            if (s->cells[r->ncells - r->grid.width + c] == TV_EMPTY)
                lua_pushinteger(L, c + 1), n++;
    } else {
        luaL_checkstack(L, s->empty, "empties");
        for (int c = 0; c < r->ncells; c++)
            if (s->cells[c] == TV_EMPTY)
                lua_pushinteger(L, c + 1), n++;
    }
    return n;
}

/* s:add_score(player, n) */
static int v_add_score(lua_State *L)
{
    view *v = check_mutable(L);
    lua_Integer p = luaL_checkinteger(L, 2), n = luaL_checkinteger(L, 3);
    luaL_argcheck(L, p == 1 || p == 2, 2, "expected player 1 or 2");
    luaL_argcheck(L, n > -1000000 && n < 1000000, 3, "out of range");
    lua_Integer score = (lua_Integer)v->mut->score[p - 1] + n;
    if (score < -TV_SCORE_MAX || score > TV_SCORE_MAX)
        luaL_error(L, "add_score: player %d's score would be %I, outside -%d..%d", (int)p, score, TV_SCORE_MAX,
                   TV_SCORE_MAX);
    v->mut->score[p - 1] = (int32_t)score;
    return 0;
}

static int v_sealed(lua_State *L)
{
    return luaL_error(L, "the state is read-only: change it with its methods, in a play hook");
}

void tv_view_open(lua_State *L, tv_view *v, const tv_rules *r)
{
    static const luaL_Reg methods[] = {
        {"set", v_set}, {"place", v_place}, {"sow", v_sow}, {"add_score", v_add_score}, {"empties", v_empties},
        {"swap", v_swap}, {"score", v_score},
        {"get", v_get}, {"owner", v_owner}, {"cell", v_cell}, {"name", v_name},
        {"to_move", v_to_move}, {"ply", v_ply}, {"empty", v_empty}, {"size", v_size},
        {"width", v_width}, {"height", v_height}, {"last", v_last}, {"runs", v_runs},
        {NULL, NULL}};
    v->r = r;
    v->score_ref = LUA_NOREF;
    v->hook = -1;
    tv_view_clear(v);
    lua_createtable(L, 0, (int)(sizeof methods / sizeof methods[0]) + 8);
    luaL_setfuncs(L, methods, 0);
    tv_view_moves_open(L);
    tv_view_vars_open(L);
    lua_createtable(L, 0, 3);
    lua_pushcfunction(L, v_sealed);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "state");
    lua_setfield(L, -2, "__name");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable"); /* scripts cannot reach or change it */
    lua_setmetatable(L, -2);
    v->id = lua_topointer(L, -1);
    v->ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

