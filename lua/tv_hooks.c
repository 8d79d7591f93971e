/* Hooks: Lua functions a ruleset gives for a step instead of data. The kernel
 * calls the C trampolines below at that step; each hands the function a view
 * of the state (valid only during the call) and converts what it returns. */
#include <pthread.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_lines.h"
#include "tv_play.h"
#include "tv_ruleset_impl.h"
#include "tv_sow.h"

typedef struct view {
    const tv_rules *r;
    const tv_state *s; /* NULL outside a hook call */
    tv_state *mut;     /* the same state, during a play hook only */
    tv_undo *u;
} view;

/* The state a hook gets is a sealed table of these methods: s:get(c) then
 * finds the method in the table itself, a few times cheaper than through a
 * metatable's __index. The VM has exactly one such table: comparing the
 * address is the type check. */
static view *the_view(lua_State *L)
{
    tv_ruleset *rs = tv_ruleset_of(L);
    if (lua_topointer(L, 1) != rs->view_id)
        luaL_typeerror(L, 1, "state");
    return rs->view;
}

static const view *check_view(lua_State *L)
{
    const view *v = the_view(L);
    if (!v->s)
        luaL_error(L, "the state may only be used during the hook call it was given to");
    return v;
}

/* A cell argument: a name ("d4") or a 1-based index. Returns the 0-based index. */
static int check_cell(lua_State *L, const view *v, int idx)
{
    int cell = -1, t = lua_type(L, idx), isint;
    if (t == LUA_TNUMBER) {
        lua_Integer i = lua_tointegerx(L, idx, &isint);
        cell = isint && i >= 1 && i <= v->r->ncells ? (int)i - 1 : -1;
    } else if (t == LUA_TSTRING) {
        cell = tv_grid_parse_cell(&v->r->grid, lua_tostring(L, idx));
    }
    if (cell < 0)
        luaL_error(L, "bad cell %s", luaL_tolstring(L, idx, NULL));
    return cell;
}

static int v_get(lua_State *L)
{
    const view *v = check_view(L);
    lua_pushinteger(L, v->s->cells[check_cell(L, v, 2)]);
    return 1;
}

static int v_owner(lua_State *L)
{
    const view *v = check_view(L);
    int c = v->s->cells[check_cell(L, v, 2)];
    int owner = 0;
    if (c == TV_STONE1 || c == TV_STONE2)
        owner = tv_colour_of(v->s, 0) == c ? 1 : 2;
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
    if (v->s->last < 0) {
        luaL_pushfail(L);
    } else {
        char buf[16];
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
    lua_Integer n = luaL_len(L, 2);
    for (lua_Integer i = 1; i <= n && i <= TV_MAX_SIDE; i++) {
        lua_geti(L, 2, i);
        lines.points[i] = (int32_t)luaL_checkinteger(L, -1);
        lua_pop(L, 1);
    }
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

/* s:set(cell, value): a cell's contents (grid: 0..3) or seed count (mancala). */
static int v_set(lua_State *L)
{
    view *v = check_mutable(L);
    tv_error err;
    int cell = check_cell(L, v, 2);
    primitive(L, tv_state_set(v->r, v->mut, v->u, cell, (int)luaL_checkinteger(L, 3), &err), &err);
    return 0;
}

/* s:place(cell): the mover's stone, scored as the rules' runs say; true when
 * it makes a line that meets the goal. */
static int v_place(lua_State *L)
{
    view *v = check_mutable(L);
    tv_error err;
    lua_pushboolean(L, primitive(L, tv_place(v->r, v->mut, v->u, check_cell(L, v, 2), &err), &err) == 1);
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
    if (v->u && v->u->n + v->r->ncells > TV_UNDO_CELLS)
        luaL_error(L, "sow: a move may change at most %d cells", TV_UNDO_CELLS);
    lua_pushboolean(L, tv_sow_apply(v->r, v->mut, hole, v->u));
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
    v->mut->score[p - 1] += (int32_t)n;
    return 0;
}

static int v_sealed(lua_State *L)
{
    return luaL_error(L, "the state is read-only: change it with its methods, in a play hook");
}

void tv_hooks_open(lua_State *L, tv_ruleset *rs)
{
    static const luaL_Reg methods[] = {
        {"set", v_set}, {"place", v_place}, {"sow", v_sow}, {"add_score", v_add_score}, {"empties", v_empties},
        {"get", v_get}, {"owner", v_owner}, {"cell", v_cell}, {"name", v_name},
        {"to_move", v_to_move}, {"ply", v_ply}, {"empty", v_empty}, {"size", v_size},
        {"width", v_width}, {"height", v_height}, {"last", v_last}, {"runs", v_runs},
        {NULL, NULL}};
    view *v = lua_newuserdatauv(L, sizeof *v, 0); /* the C side, as long as the VM */
    v->r = &rs->rules;
    v->s = NULL;
    v->mut = NULL;
    v->u = NULL;
    rs->view = v;
    luaL_ref(L, LUA_REGISTRYINDEX);
    lua_createtable(L, 0, (int)(sizeof methods / sizeof methods[0]));
    luaL_setfuncs(L, methods, 0);
    lua_createtable(L, 0, 3);
    lua_pushcfunction(L, v_sealed);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "state");
    lua_setfield(L, -2, "__name");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable"); /* scripts cannot reach or change it */
    lua_setmetatable(L, -2);
    rs->view_id = lua_topointer(L, -1);
    rs->view_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* The ruleset whose batch of hook calls this thread runs (hook_batch): its
 * lock is held and its limits armed for the whole batch. Only enter() and
 * hook_batch ask (a thread-local is slow to reach from a shared library);
 * under the lock, rs->batching says the same. */
static _Thread_local tv_ruleset *batch_owner;

static int in_batch(const tv_ruleset *rs)
{
    return rs->batching;
}

/* Pushes the hook function and the view of s; returns the view. */
static view *push_call(tv_ruleset *rs, int which, const tv_state *s)
{
    lua_State *L = rs->L;
    if (in_batch(rs)) {
        lua_pushvalue(L, TV_BATCH_HOOK_SLOT(which));
        lua_pushvalue(L, TV_BATCH_VIEW_SLOT);
    } else {
        lua_rawgeti(L, LUA_REGISTRYINDEX, rs->hook_ref[which]);
        lua_rawgeti(L, LUA_REGISTRYINDEX, rs->view_ref);
    }
    view *v = rs->view;
    v->s = s;
    return v;
}

static const char *const hook_names[TV_HOOK_COUNT] = {"moves", "score", "ends", "play"};

static void clear_view(view *v)
{
    v->s = NULL;
    v->mut = NULL;
    v->u = NULL;
}

/* Calls the hook below its nargs arguments (push_call). In a batch, an error
 * does not come back here: it ends the batch (hook_batch reports it). */
static int call_hook_n(tv_ruleset *rs, int which, view *v, int nargs, int nresults, tv_error *err)
{
    if (in_batch(rs)) {
        tv_sandbox_call_in_batch(rs, which, nargs, nresults);
        clear_view(v);
        return TV_OK;
    }
    int status = tv_sandbox_call(rs, nargs, nresults, rs->limits.hook_steps);
    clear_view(v);
    if (status != LUA_OK) {
        tv_error_set(err, TV_EHOOK, "%s hook: %s", hook_names[which], lua_tostring(rs->L, -1));
        lua_pop(rs->L, 1);
        return TV_EHOOK;
    }
    return TV_OK;
}

static int call_hook(tv_ruleset *rs, int which, view *v, int nresults, tv_error *err)
{
    return call_hook_n(rs, which, v, 1, nresults, err);
}

/* A move as a hook writes it: a 1-based cell or hole (a column for dropped
 * stones), or text ("d4", "pass", "swap"). TV_MOVE_NONE if it is neither. */
static tv_move move_of(lua_State *L, const tv_rules *r, int idx)
{
    int t = lua_type(L, idx), isint;
    if (t == LUA_TNUMBER) {
        int limit = r->moves == TV_MOVES_DROP && r->board == TV_BOARD_GRID ? r->grid.width : r->ncells;
        lua_Integer i = lua_tointegerx(L, idx, &isint);
        return isint && i >= 1 && i <= limit ? (tv_move)i - 1 : TV_MOVE_NONE;
    }
    tv_move m = TV_MOVE_NONE;
    if (t == LUA_TSTRING && tv_move_parse(r, lua_tostring(L, idx), &m, NULL))
        m = TV_MOVE_NONE;
    return m;
}

/* Calls the moves hook. It returns its moves as values (return 3, 5, "pass")
 * or as one list ({3, 5}); values allocate nothing. Returns how many, with
 * the first value (or the list) at *first, or an error code (stack restored). */
static int call_moves(tv_ruleset *rs, const tv_state *s, int top, int cap, int *first, int *list,
                      tv_error *err)
{
    lua_State *L = rs->L;
    int rc = call_hook(rs, TV_HOOK_MOVES, push_call(rs, TV_HOOK_MOVES, s), LUA_MULTRET, err);
    if (rc)
        return rc;
    int n = lua_gettop(L) - top;
    *first = top + 1;
    *list = n == 1 && lua_istable(L, *first);
    if (*list) /* raw reads only: a metamethod here would run outside the sandbox's limits */
        n = (int)(lua_rawlen(L, *first) > (size_t)cap + 1 ? (size_t)cap + 1 : lua_rawlen(L, *first));
    if (n > cap) {
        lua_settop(L, top);
        return tv_error_set(err, TV_EHOOK, "moves hook: more than %d moves", cap);
    }
    return n;
}

/* Move i (0-based) of what call_moves left; on error the stack is restored. */
static int moves_item(lua_State *L, const tv_rules *r, int top, int first, int list, int i, tv_move *out,
                      tv_error *err)
{
    int idx = first + i;
    if (list) {
        lua_rawgeti(L, first, i + 1);
        idx = lua_gettop(L);
    }
    tv_move m = move_of(L, r, idx);
    if (m == TV_MOVE_NONE) {
        int t = lua_type(L, idx);
        tv_error_set(err, TV_EHOOK, "moves hook: move %d (%.40s) is not a move of this board", i + 1,
                     t == LUA_TSTRING || t == LUA_TNUMBER ? lua_tostring(L, idx) : lua_typename(L, t));
        lua_settop(L, top);
        return TV_EHOOK;
    }
    *out = m;
    if (list)
        lua_pop(L, 1);
    return TV_OK;
}

static int hook_moves_locked(tv_ruleset *rs, const tv_rules *r, const tv_state *s, tv_move *out, int cap,
                             tv_error *err)
{
    lua_State *L = rs->L;
    int top = lua_gettop(L), first, list;
    int n = call_moves(rs, s, top, cap, &first, &list, err);
    for (int i = 0; i < n; i++)
        if (moves_item(L, r, top, first, list, i, &out[i], err))
            return TV_EHOOK;
    if (n >= 0)
        lua_settop(L, top);
    return n;
}

/* For a random playout: only the move drawn is converted (and checked). */
static int hook_pick_locked(tv_ruleset *rs, const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m,
                            tv_error *err)
{
    lua_State *L = rs->L;
    int top = lua_gettop(L), first, list;
    int n = call_moves(rs, s, top, TV_MAX_MOVES, &first, &list, err);
    if (n > 0 && moves_item(L, r, top, first, list, (int)tv_rng_below(rng, (uint32_t)n), m, err))
        return TV_EHOOK;
    if (n >= 0)
        lua_settop(L, top);
    return n;
}

static int hook_score_locked(tv_ruleset *rs, const tv_state *s, int32_t score[2], tv_error *err)
{
    lua_State *L = rs->L;
    int top = lua_gettop(L);
    int rc = call_hook(rs, TV_HOOK_SCORE, push_call(rs, TV_HOOK_SCORE, s), 2, err);
    if (rc)
        return rc;
    int ok = lua_isinteger(L, -2) && lua_isinteger(L, -1);
    if (ok) {
        score[0] = (int32_t)lua_tointeger(L, -2);
        score[1] = (int32_t)lua_tointeger(L, -1);
    }
    lua_settop(L, top);
    return ok ? TV_OK : tv_error_set(err, TV_EHOOK, "score hook: expected two integers (player 1, player 2)");
}

static int hook_ends_locked(tv_ruleset *rs, const tv_state *s, int *winner, tv_error *err)
{
    lua_State *L = rs->L;
    int top = lua_gettop(L);
    int rc = call_hook(rs, TV_HOOK_ENDS, push_call(rs, TV_HOOK_ENDS, s), 1, err);
    if (rc)
        return rc;
    int ok = 1;
    if (lua_isnil(L, -1))
        *winner = -1;
    else if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 0 && lua_tointeger(L, -1) <= 2)
        *winner = (int)lua_tointeger(L, -1);
    else
        ok = 0;
    lua_settop(L, top);
    return ok ? TV_OK : tv_error_set(err, TV_EHOOK, "ends hook: expected nil (not over), 0 (draw), 1 or 2");
}

static int hook_play_locked(tv_ruleset *rs, const tv_rules *r, tv_state *s, tv_move m, tv_undo *u,
                            tv_error *err)
{
    lua_State *L = rs->L;
    int top = lua_gettop(L);
    view *v = push_call(rs, TV_HOOK_PLAY, s);
    v->mut = s;
    v->u = u;
    if (m >= 0) { /* a cell, hole or column, 1-based as everywhere in Lua */
        lua_pushinteger(L, (lua_Integer)m + 1);
    } else {
        char text[16];
        tv_move_text(r, m, text, sizeof text);
        lua_pushstring(L, text);
    }
    int rc = call_hook_n(rs, TV_HOOK_PLAY, v, 2, 1, err);
    if (rc)
        return rc;
    rc = lua_toboolean(L, -1) ? 1 : 0;
    lua_settop(L, top);
    return rc;
}

/* Games on several threads may share a ruleset: its VM runs one hook at a
 * time (or one batch: then this thread holds the lock already). */
static int enter(tv_ruleset *rs)
{
    int own = batch_owner == rs;
    if (!own)
        pthread_mutex_lock(&rs->lock);
    return own;
}

static void leave(tv_ruleset *rs, int own)
{
    if (!own)
        pthread_mutex_unlock(&rs->lock);
}

static int hook_moves(void *ctx, const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    int own = enter(ctx);
    int rc = hook_moves_locked(ctx, r, s, out, cap, err);
    leave(ctx, own);
    return rc;
}

static int hook_pick(void *ctx, const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err)
{
    int own = enter(ctx);
    int rc = hook_pick_locked(ctx, r, s, rng, m, err);
    leave(ctx, own);
    return rc;
}

static int hook_score(void *ctx, const tv_rules *r, const tv_state *s, int32_t score[2], tv_error *err)
{
    (void)r;
    int own = enter(ctx);
    int rc = hook_score_locked(ctx, s, score, err);
    leave(ctx, own);
    return rc;
}

static int hook_ends(void *ctx, const tv_rules *r, const tv_state *s, int *winner, tv_error *err)
{
    (void)r;
    int own = enter(ctx);
    int rc = hook_ends_locked(ctx, s, winner, err);
    leave(ctx, own);
    return rc;
}

static int hook_play(void *ctx, const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err)
{
    int own = enter(ctx);
    int rc = hook_play_locked(ctx, r, s, m, u, err);
    leave(ctx, own);
    return rc;
}

/* A random playout makes two hook calls a move: as one batch it takes the
 * lock and arms the VM once, and each hook call inside costs a plain call
 * (with its own fresh instruction and time budget). */
static int hook_batch(void *ctx, int (*fn)(void *arg), void *arg, tv_error *err)
{
    tv_ruleset *rs = ctx;
    if (batch_owner == rs)
        return fn(arg);
    pthread_mutex_lock(&rs->lock);
    tv_ruleset *outer = batch_owner;
    batch_owner = rs;
    rs->batching = 1;
    int status = tv_sandbox_batch(rs, fn, arg), rc = rs->batch_rc;
    rs->batching = 0;
    batch_owner = outer;
    if (status != LUA_OK) { /* a hook raised an error: fn was cut short */
        clear_view(rs->view);
        const char *name = rs->hook_running >= 0 ? hook_names[rs->hook_running] : "a";
        rc = tv_error_set(err, TV_EHOOK, "%s hook: %s", name, lua_tostring(rs->L, -1));
        lua_pop(rs->L, 1);
    }
    pthread_mutex_unlock(&rs->lock);
    return rc;
}

void tv_hooks_install(tv_ruleset *rs)
{
    tv_hooks *h = &rs->rules.hooks;
    h->ctx = rs;
    h->moves = rs->hook_ref[TV_HOOK_MOVES] != LUA_NOREF ? hook_moves : NULL;
    h->pick = rs->hook_ref[TV_HOOK_MOVES] != LUA_NOREF ? hook_pick : NULL;
    h->score = rs->hook_ref[TV_HOOK_SCORE] != LUA_NOREF ? hook_score : NULL;
    h->ends = rs->hook_ref[TV_HOOK_ENDS] != LUA_NOREF ? hook_ends : NULL;
    h->play = rs->hook_ref[TV_HOOK_PLAY] != LUA_NOREF ? hook_play : NULL;
    h->batch = h->moves || h->score || h->ends || h->play ? hook_batch : NULL;
}
