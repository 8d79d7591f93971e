/* Hooks: Lua functions a ruleset gives for a step instead of data. The kernel
 * calls the C trampolines below at that step; each hands the function the
 * state view (tv_view.c), pointed at the state for the call only, and
 * converts what it returns. */
#include <lauxlib.h>

#include <string.h>

#include "tv_hmove_play.h"
#include "tv_play.h"
#include "tv_ruleset_impl.h"
#include "tv_view_moves.h"

typedef tv_view view;

void tv_hooks_init(tv_hookset *h)
{
    h->listed = -1;
    for (int i = 0; i < TV_HOOK_COUNT; i++)
        h->ref[i] = LUA_NOREF;
}

void tv_hooks_keep(lua_State *L, tv_hookset *h, int which)
{
    h->ref[which] = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* The ruleset whose batch of hook calls this thread runs (hook_batch): its
 * VM's lock is held and its limits armed for the whole batch. Only enter()
 * and hook_batch ask (a thread-local is slow to reach from a shared
 * library); under the lock, rs->hooks.batching says the same. */
static _Thread_local tv_ruleset *batch_owner;

static int in_batch(const tv_ruleset *rs)
{
    return rs->hooks.batching;
}

/* In a batch, the stack slots of hook TV_HOOK_x and of the view (slot 1 is
 * run_batch's argument). */
#define BATCH_HOOK_SLOT(which) ((which) + 2)
#define BATCH_VIEW_SLOT (TV_HOOK_COUNT + 2)

/* Pushes the hook function and the view of s; returns the view. */
static view *push_call(tv_ruleset *rs, int which, const tv_state *s)
{
    lua_State *L = rs->L;
    if (in_batch(rs)) {
        lua_pushvalue(L, BATCH_HOOK_SLOT(which));
        lua_pushvalue(L, BATCH_VIEW_SLOT);
    } else {
        lua_rawgeti(L, LUA_REGISTRYINDEX, rs->hooks.ref[which]);
        lua_rawgeti(L, LUA_REGISTRYINDEX, rs->view.ref);
    }
    view *v = &rs->view;
    v->s = s;
    v->hook = which;
    return v;
}

static const char *const hook_names[TV_HOOK_COUNT] = {"moves", "score", "ends", "play", "refuse"};

/* Calls the hook below its nargs arguments (push_call). In a batch, an error
 * does not come back here: it ends the batch (hook_batch reports it). */
static int call_hook_n(tv_ruleset *rs, int which, view *v, int nargs, int nresults, tv_error *err)
{
    if (in_batch(rs)) {
        rs->hooks.running = which;
        tv_vm_call_in_run(&rs->vm, nargs, nresults);
        tv_view_clear(v);
        return TV_OK;
    }
    int status = tv_vm_call(&rs->vm, nargs, nresults, rs->limits.hook_steps, rs->limits.hook_ms);
    tv_view_clear(v);
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

/* What a list too long is told (the cap is the game's max_moves, or a
 * caller's smaller room). */
#define TOO_MANY " (game { max_moves = N } declares up to 8192)"

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
    *list = n == 1 && lua_istable(L, *first) && !tv_view_is_table_move(L, *first); /* { from =, to = } is one move */
    if (*list) /* raw reads only: a metamethod here would run outside the sandbox's limits */
        n = (int)(lua_rawlen(L, *first) > (size_t)cap + 1 ? (size_t)cap + 1 : lua_rawlen(L, *first));
    if (n > cap) {
        lua_settop(L, top);
        return tv_error_set(err, TV_EHOOK, "moves hook: more than %d moves%s", cap, TOO_MANY);
    }
    return n;
}

/* The refusal of move i (0-based) at idx, not a move of this board. */
static int not_a_move(lua_State *L, int idx, int i, tv_error *err)
{
    int t = lua_type(L, idx);
    return tv_error_set(err, TV_EHOOK, "moves hook: move %d (%.40s) is not a move of this board", i + 1,
                        t == LUA_TSTRING || t == LUA_TNUMBER ? lua_tostring(L, idx) : lua_typename(L, t));
}

/* A move listed twice would count twice in perft and in a random draw, and
 * a search that numbers the moves (MCTS, UGI) would find its list changed:
 * it is refused, naming the move and where it is listed. */
static int listed_twice(const tv_rules *r, const tv_move *out, int i, tv_error *err)
{
    int k = 0;
    while (out[k] != out[i])
        k++;
    char name[TV_TEXT_MAX];
    tv_move_text(r, out[i], name, sizeof name);
    return tv_error_set(err, TV_EHOOK, "moves hook: %s is listed twice (moves %d and %d)", name, k + 1, i + 1);
}

/* Whether m is among the moves of the list being read (those of stamp
 * h->seen_gen); records it. Whole moves are many in a list (every step of
 * an army), where comparing each with every earlier one would cost n^2 / 2:
 * the table is the hook set's, reused by a new stamp, never cleared. */
static int seen_before(tv_hookset *h, tv_move m)
{
    uint32_t k = ((uint32_t)m * 2654435761u) >> (32 - TV_SEEN_BITS);
    for (;; k = (k + 1) & (TV_SEEN_SLOTS - 1)) {
        if (h->seen_stamp[k] != h->seen_gen) {
            h->seen_stamp[k] = h->seen_gen;
            h->seen_move[k] = m;
            return 0;
        }
        if (h->seen_move[k] == m)
            return 1;
    }
}

/* Reads the n moves call_moves left into out, each converted, checked and
 * looked for among the earlier ones (cells in a bit set, other moves in the
 * hook set's table, seen_before). One pass and no API call but the two a value needs:
 * a random playout reads every list whole. The stack is restored. */
static int read_moves(lua_State *L, tv_hookset *h, const tv_rules *r, int top, int first, int list, int n, tv_move *out,
                      tv_error *err)
{
    int limit = r->moves == TV_MOVES_DROP && r->board == TV_BOARD_GRID ? r->grid.width : r->ncells;
    uint64_t seen[(TV_MAX_CELLS + 63) / 64] = {0};
    if (++h->seen_gen == 0) { /* the stamps wrapped: start the table again */
        memset(h->seen_stamp, 0, sizeof h->seen_stamp);
        h->seen_gen = 1;
    }
    for (int i = 0; i < n; i++) {
        int idx = list ? -1 : first + i, isint = 0;
        int t = list ? lua_rawgeti(L, first, i + 1) : lua_type(L, idx);
        lua_Integer v = t == LUA_TNUMBER ? lua_tointegerx(L, idx, &isint) : 0;
        tv_move m = isint && v >= 1 && v <= limit ? (tv_move)v - 1
                    : t == LUA_TNUMBER ? (isint ? tv_view_whole_move(r, v) : TV_MOVE_NONE)
                                       : tv_view_move_value(L, r, idx);
        if (m == TV_MOVE_NONE) {
            not_a_move(L, idx, i, err);
            lua_settop(L, top);
            return TV_EHOOK;
        }
        if (list)
            lua_pop(L, 1);
        out[i] = m;
        int again = 0;
        if (m >= 0 && m < TV_MAX_CELLS) {
            again = seen[m / 64] >> (m % 64) & 1;
            seen[m / 64] |= 1ull << (m % 64);
        } else {
            again = seen_before(h, m);
        }
        if (again) {
            lua_settop(L, top);
            return listed_twice(r, out, i, err);
        }
    }
    lua_settop(L, top);
    return n;
}

static int hook_moves_locked(tv_ruleset *rs, const tv_rules *r, const tv_state *s, tv_move *out, int cap,
                             tv_error *err)
{
    tv_hookset *h = &rs->hooks;
    if (h->listed >= 0 && !memcmp(h->listed_state, s, (size_t)r->state_size)) {
        if (h->listed > cap)
            return tv_error_set(err, TV_EHOOK, "moves hook: more than %d moves%s", cap, TOO_MANY);
        memcpy(out, h->listed_moves, (size_t)h->listed * sizeof *out);
        return h->listed;
    }
    lua_State *L = rs->L;
    int top = lua_gettop(L), first = 0, list = 0;
    int n = call_moves(rs, s, top, cap, &first, &list, err);
    if (n > 0)
        n = read_moves(L, h, r, top, first, list, n, out, err);
    else if (n == 0) /* an empty list is still on the stack */
        lua_settop(L, top);
    h->listed = -1;
    if (n >= 0 && (size_t)r->state_size <= sizeof h->listed_state) {
        memcpy(h->listed_state, s, (size_t)r->state_size);
        memcpy(h->listed_moves, out, (size_t)n * sizeof *out);
        h->listed = n;
    }
    return n;
}

/* For a random playout: the whole list is read and checked as for every
 * other player (a list that perft or MCTS refuses is refused here too),
 * then one move drawn. */
static int hook_pick_locked(tv_ruleset *rs, const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m,
                            tv_error *err)
{
    tv_move moves[TV_MOVES_LIMIT];
    int n = hook_moves_locked(rs, r, s, moves, r->max_moves, err);
    if (n > 0)
        *m = moves[tv_rng_below(rng, (uint32_t)n)];
    return n;
}

static int hook_score_locked(tv_ruleset *rs, const tv_state *s, int32_t score[2], tv_error *err)
{
    lua_State *L = rs->L;
    int top = lua_gettop(L);
    int rc = call_hook(rs, TV_HOOK_SCORE, push_call(rs, TV_HOOK_SCORE, s), 2, err);
    if (rc)
        return rc;
    int ok = 1;
    for (int p = 0; p < 2; p++) { /* a score that does not fit is an error, never wrapped */
        lua_Integer n = lua_tointeger(L, p - 2);
        ok = ok && lua_isinteger(L, p - 2) && n >= -TV_SCORE_MAX && n <= TV_SCORE_MAX;
        if (ok)
            score[p] = (int32_t)n;
    }
    lua_settop(L, top);
    return ok ? TV_OK
              : tv_error_set(err, TV_EHOOK, "score hook: expected two integers -%d..%d (player 1, player 2)",
                             TV_SCORE_MAX, TV_SCORE_MAX);
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
    v->made = 0;
    v->playing = m;
    tv_view_push_move(L, r, m);
    int rc = call_hook_n(rs, TV_HOOK_PLAY, v, 2, 1, err);
    if (rc)
        return rc;
    rc = (lua_toboolean(L, -1) ? TV_PLAYED_AGAIN : 0) | (v->made ? TV_PLAYED_LINE : 0);
    lua_settop(L, top);
    return rc;
}

/* The reason a refuse hook gives, printable characters only and cut to fit. */
static int hook_refuse_locked(tv_ruleset *rs, const tv_rules *r, const tv_state *s, tv_move m, char *why,
                              int size, tv_error *err)
{
    lua_State *L = rs->L;
    int top = lua_gettop(L);
    view *v = push_call(rs, TV_HOOK_REFUSE, s);
    tv_view_push_move(L, r, m);
    int rc = call_hook_n(rs, TV_HOOK_REFUSE, v, 2, 1, err);
    if (rc)
        return rc;
    int t = lua_type(L, -1), given = t == LUA_TSTRING;
    if (given) {
        size_t len;
        const char *text = lua_tolstring(L, -1, &len);
        int n = 0;
        for (size_t i = 0; i < len && n < size - 1 && n < 200; i++)
            why[n++] = text[i] >= 32 && text[i] < 127 ? text[i] : '?';
        why[n] = '\0';
        given = n > 0;
    }
    lua_settop(L, top);
    if (t != LUA_TSTRING && t != LUA_TNIL)
        return tv_error_set(err, TV_EHOOK, "refuse hook: expected the reason as text, or nil, got %s",
                            lua_typename(L, t));
    return given;
}

/* Games on several threads may share a ruleset: its VM runs one hook at a
 * time (or one batch: then this thread holds the lock already). */
static int enter(tv_ruleset *rs)
{
    int own = batch_owner == rs;
    if (!own)
        tv_vm_lock(&rs->vm);
    return own;
}

static void leave(tv_ruleset *rs, int own)
{
    if (!own)
        tv_vm_unlock(&rs->vm);
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

static int hook_refuse(void *ctx, const tv_rules *r, const tv_state *s, tv_move m, char *why, int size,
                       tv_error *err)
{
    int own = enter(ctx);
    int rc = hook_refuse_locked(ctx, r, s, m, why, size, err);
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

/* The batch's protected call: the hooks and the view at fixed slots of its
 * frame (pushing them from there is cheaper than from the registry, twice a
 * move), then the kernel's batch. */
static int run_batch(lua_State *L)
{
    tv_ruleset *rs = lua_touserdata(L, 1);
    for (int i = 0; i < TV_HOOK_COUNT; i++)
        lua_rawgeti(L, LUA_REGISTRYINDEX, rs->hooks.ref[i]);
    lua_rawgeti(L, LUA_REGISTRYINDEX, rs->view.ref);
    rs->hooks.batch_rc = rs->hooks.batch_fn(rs->hooks.batch_arg);
    return 0;
}

/* A random playout makes two hook calls a move: as one batch it takes the
 * lock and arms the VM once, and each hook call inside costs a plain call
 * (with its own fresh instruction and time budget). */
static int hook_batch(void *ctx, int (*fn)(void *arg), void *arg, tv_error *err)
{
    tv_ruleset *rs = ctx;
    if (batch_owner == rs)
        return fn(arg);
    tv_vm_lock(&rs->vm);
    tv_ruleset *outer = batch_owner;
    batch_owner = rs;
    tv_hookset *h = &rs->hooks;
    h->batching = 1;
    h->batch_fn = fn;
    h->batch_arg = arg;
    h->batch_rc = 0;
    h->running = -1;
    int status = tv_vm_run(&rs->vm, run_batch, rs, rs->limits.hook_steps, rs->limits.hook_ms), rc = h->batch_rc;
    h->batching = 0;
    batch_owner = outer;
    if (status != LUA_OK) { /* a hook raised an error: fn was cut short */
        tv_view_clear(&rs->view);
        const char *name = h->running >= 0 ? hook_names[h->running] : "a";
        rc = tv_error_set(err, TV_EHOOK, "%s hook: %s", name, lua_tostring(rs->L, -1));
        lua_pop(rs->L, 1);
    }
    tv_vm_unlock(&rs->vm);
    return rc;
}

void tv_hooks_install(tv_ruleset *rs)
{
    tv_hooks *h = &rs->rules.hooks;
    const int *ref = rs->hooks.ref;
    h->ctx = rs;
    h->moves = ref[TV_HOOK_MOVES] != LUA_NOREF ? hook_moves : NULL;
    h->pick = ref[TV_HOOK_MOVES] != LUA_NOREF ? hook_pick : NULL;
    h->score = ref[TV_HOOK_SCORE] != LUA_NOREF ? hook_score : NULL;
    h->ends = ref[TV_HOOK_ENDS] != LUA_NOREF ? hook_ends : NULL;
    h->play = ref[TV_HOOK_PLAY] != LUA_NOREF ? hook_play : NULL;
    h->refuse = ref[TV_HOOK_REFUSE] != LUA_NOREF ? hook_refuse : NULL;
    rs->view.score_ref = ref[TV_HOOK_SCORE];
    h->batch = h->moves || h->score || h->ends || h->play ? hook_batch : NULL;
}
