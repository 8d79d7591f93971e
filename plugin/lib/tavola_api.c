/* The plugin ABI (tavola.h) over core/ and lua/: opaque handles, error codes
 * and messages kept on the handles. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tavola.h"
#include "tv_actions.h"
#include "tv_catalog.h"
#include "tv_draw.h"
#include "tv_svg.h"
#include "tv_fen.h"
#include "tv_game.h"
#include "tv_hmove.h"
#include "tv_perft.h"
#include "tv_player.h"
#include "tv_solver.h"
#include "tv_vars_state.h"

#ifndef TAVOLA_VERSION
#error "TAVOLA_VERSION comes from the Makefile (VERSION)"
#endif

struct tavola_ruleset {
    tv_ruleset *rs;
    atomic_int refs; /* the handle and each game made from it */
    /* The last game freed, whole, for the next game_new to restart: a
     * host's loop makes and frees a game a game, and two allocations and
     * two frees cost a tenth of a tic-tac-toe game. Not one of refs. */
    _Atomic(tavola_game *) spare;
};

struct tavola_game {
    tavola_ruleset *owner;
    tv_game *g;
    tv_error err;
};

/* Failures of calls that have no game handle, per thread. */
static _Thread_local char ruleset_failure[TV_ERROR_MAX];

static void copy_error(char *dst, size_t size, const char *msg)
{
    if (dst && size)
        snprintf(dst, size, "%s", msg);
}

/* One rule for every buffer of the table: NULL with a non-zero size (and a
 * NULL text or out-pointer, which has no size) is refused with TAVOLA_EINVAL
 * and a message naming the call and the argument, before anything is done;
 * NULL with size 0 only asks for the count or the length. Error buffers
 * (err of ruleset_load and player_new) and the out-pointers tavola.h calls
 * optional are the exceptions: NULL there means "not wanted". */
static int no_room(const void *p, size_t size) { return !p && size > 0; }
static size_t room(int cap) { return cap > 0 ? (size_t)cap : 0; }

static int refuse_null(tv_error *err, const char *call, const char *arg)
{
    return tv_error_set(err, TV_EINVAL, "%s: %s is NULL", call, arg);
}

/* Calls that do not change the game keep their error on it too: a handle is
 * always one of ours, allocated writable, used by one thread at a time. */
static tv_error *err_of(const tavola_game *h) { return (tv_error *)&h->err; }

static int api_add_path(const char *dir)
{
    tv_error err;
    return dir ? tv_catalog_add_dir(dir, &err) : TAVOLA_EINVAL;
}

/* Any thread may list at once (tavola.h), so the names are gathered in
 * memory of this call's own, not in a static buffer; on the heap, as 16 KiB
 * is much for a host thread's stack and more for every thread's TLS. */
static int api_list(char *buf, size_t size)
{
    if (no_room(buf, size))
        return TAVOLA_EINVAL;
    char (*names)[TV_CATALOG_NAME_MAX] = malloc(sizeof *names * TV_CATALOG_LIST_MAX);
    if (!names)
        return TAVOLA_ENOMEM;
    int n = tv_catalog_list(names, TV_CATALOG_LIST_MAX);
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(names[i]);
        if (!buf || used + len + 2 > size) {
            n = TAVOLA_ELIMIT;
            break;
        }
        memcpy(buf + used, names[i], len);
        buf[used + len] = '\n';
        used += len + 1;
    }
    if (n >= 0 && buf && size)
        buf[used] = '\0';
    free(names);
    return n;
}

/* The sandbox limits of rulesets loaded from now on (zero: the defaults). */
static pthread_mutex_t limits_lock = PTHREAD_MUTEX_INITIALIZER;
static tv_limits limits;

static int api_set_limits(size_t memory, unsigned long load_steps, unsigned long hook_steps, long load_ms,
                          long hook_ms)
{
    if (load_ms < 0 || hook_ms < 0)
        return TAVOLA_EINVAL;
    pthread_mutex_lock(&limits_lock);
    limits = (tv_limits){.memory = memory, .load_steps = load_steps, .hook_steps = hook_steps, .load_ms = load_ms, .hook_ms = hook_ms};
    pthread_mutex_unlock(&limits_lock);
    return TAVOLA_OK;
}

static tavola_ruleset *api_ruleset_load(const char *name, const char *options, char *errbuf, size_t err_size)
{
    tv_error err = {0};
    tv_options opts = {0};
    if (!name) {
        copy_error(errbuf, err_size, "ruleset_load: name is NULL");
        return NULL;
    }
    if (options && tv_options_parse(&opts, options, &err)) {
        copy_error(errbuf, err_size, err.msg);
        return NULL;
    }
    tavola_ruleset *h = calloc(1, sizeof *h);
    if (!h) {
        copy_error(errbuf, err_size, "out of memory");
        return NULL;
    }
    pthread_mutex_lock(&limits_lock);
    tv_limits lim = limits;
    pthread_mutex_unlock(&limits_lock);
    if (!(h->rs = tv_catalog_load(name, &opts, &lim, &err))) {
        copy_error(errbuf, err_size, err.msg);
        free(h);
        return NULL;
    }
    atomic_init(&h->refs, 1);
    atomic_init(&h->spare, NULL);
    return h;
}

static void discard(tavola_game *h)
{
    if (h) {
        tv_game_free(h->g);
        free(h);
    }
}

static void release(tavola_ruleset *h)
{
    if (h && atomic_fetch_sub(&h->refs, 1) == 1) {
        discard(atomic_exchange(&h->spare, NULL));
        tv_ruleset_free(h->rs);
        free(h);
    }
}

static void api_ruleset_free(tavola_ruleset *h) { release(h); }

static const tv_rules *rules_of(const tavola_ruleset *h) { return tv_ruleset_rules(h->rs); }
static const char *api_ruleset_name(const tavola_ruleset *h) { return rules_of(h)->name; }
static const char *api_ruleset_title(const tavola_ruleset *h) { return rules_of(h)->title; }
static const char *api_ruleset_description(const tavola_ruleset *h) { return rules_of(h)->description; }
static const char *api_ruleset_options(const tavola_ruleset *h) { return tv_ruleset_options_text(h->rs); }
static int api_ruleset_option_count(const tavola_ruleset *h) { return tv_ruleset_option_count(h->rs); }
static const char *api_ruleset_error(const tavola_ruleset *h) { (void)h; return ruleset_failure; }

static const char *api_ruleset_player(const tavola_ruleset *h, int player)
{
    return player == 1 || player == 2 ? rules_of(h)->players[player - 1] : NULL;
}

static int api_ruleset_option(const tavola_ruleset *h, int i, const char **name, const char **def,
                              const char **doc)
{
    const tv_option_info *o = tv_ruleset_option(h->rs, i);
    if (!o)
        return TAVOLA_EINVAL;
    if (name)
        *name = o->name;
    if (def)
        *def = o->def;
    if (doc)
        *doc = o->doc;
    return TAVOLA_OK;
}

_Static_assert((int)TV_OPTION_BOOL == TAVOLA_OPTION_BOOL && (int)TV_OPTION_INT == TAVOLA_OPTION_INT &&
                   (int)TV_OPTION_NUMBER == TAVOLA_OPTION_NUMBER && (int)TV_OPTION_STRING == TAVOLA_OPTION_STRING,
               "ruleset_option_type tells the loader's numbers");

/* The type the loader keeps beside the default (the Lua type of the
 * default: what it demands of a value given for the option). */
static int api_ruleset_option_type(const tavola_ruleset *h, int i)
{
    const tv_option_info *o = tv_ruleset_option(h->rs, i);
    if (!o) {
        snprintf(ruleset_failure, sizeof ruleset_failure, "ruleset_option_type: no option %d (%d declared)", i,
                 tv_ruleset_option_count(h->rs));
        return TAVOLA_EINVAL;
    }
    return o->type;
}

static int api_ruleset_option_range(const tavola_ruleset *h, int i, double *min, double *max,
                                    const char **choices)
{
    const tv_option_info *o = tv_ruleset_option(h->rs, i);
    if (!o) {
        snprintf(ruleset_failure, sizeof ruleset_failure, "ruleset_option_range: no option %d (%d declared)", i,
                 tv_ruleset_option_count(h->rs));
        return TAVOLA_EINVAL;
    }
    if (min)
        *min = o->min;
    if (max)
        *max = o->max;
    if (choices)
        *choices = o->nchoices ? o->choices : NULL;
    return o->nchoices;
}

/* A hooks ruleset's moves are written by the family below the hooks
 * (lua/tv_hooks.c reads a moves hook's answers as that family's text), so
 * its move text is that family's; the hooks row says only as much. A moves
 * hook on a square grid over placement lists whole moves (tv_hmove.h),
 * whose text is their own. */
static const char whole_moves_text[] = "a cell: d4, or a whole move: a drop K@d4, a from-to a1-a3 or e7-e8=Q, a "
                                       "chain a1xc1xe1, a move and a removal d2-d3xf4 or @a1xg7 (and swap, pass "
                                       "where the rules have them)";

static int api_ruleset_family(const tavola_ruleset *h, const char **family, const char **data_family,
                              const char **move_text)
{
    const tv_rules *r = rules_of(h);
    if (family)
        *family = tv_family_info_of(r->family)->name;
    if (data_family)
        *data_family = tv_family_info_of(r->data_family)->name;
    if (move_text)
        *move_text = tv_hmove_rules(r) ? whole_moves_text : tv_family_info_of(r->data_family)->text;
    return TAVOLA_OK;
}

static tavola_game *wrap(tavola_ruleset *owner, tv_game *g)
{
    tavola_game *h = malloc(sizeof *h); /* not calloc: a cleared error is its code and an empty text */
    if (!h) {
        tv_game_free(g);
        copy_error(ruleset_failure, sizeof ruleset_failure, "out of memory");
        return NULL;
    }
    atomic_fetch_add(&owner->refs, 1);
    h->owner = owner;
    h->g = g;
    tv_error_clear(&h->err);
    return h;
}

static tavola_game *api_game_new(tavola_ruleset *rs, uint64_t seed)
{
    tv_error err;
    tavola_game *h = atomic_exchange(&rs->spare, NULL);
    if (h && tv_game_restart(h->g, seed, &err) == TV_OK) {
        atomic_fetch_add(&rs->refs, 1);
        tv_error_clear(&h->err);
        return h;
    }
    discard(h); /* a restart that failed: a new game says why */
    tv_game *g = tv_game_new(rules_of(rs), seed, &err);
    if (!g) {
        copy_error(ruleset_failure, sizeof ruleset_failure, err.msg);
        return NULL;
    }
    return wrap(rs, g);
}

static tavola_game *api_game_clone(const tavola_game *h)
{
    tv_error err;
    tv_game *g = tv_game_clone(h->g, &err);
    if (!g) {
        copy_error(ruleset_failure, sizeof ruleset_failure, err.msg);
        return NULL;
    }
    return wrap(h->owner, g);
}

static void api_game_free(tavola_game *h)
{
    if (!h)
        return;
    tavola_ruleset *owner = h->owner;
    discard(atomic_exchange(&owner->spare, h)); /* kept for the next game_new, the one kept before freed */
    release(owner);
}

static const char *api_error(const tavola_game *h) { return h->err.msg; }

/* core's codes are the ABI's codes; keep the message on the handle. */
static int result(tavola_game *h, int rc)
{
    if (rc >= TV_OK && (h->err.code != TV_OK || h->err.msg[0])) /* cleared already: most calls of a host's loop */
        tv_error_clear(&h->err);
    return rc;
}

/* The legal moves of h's game into *out, room for the ruleset's bound (a
 * shooting game's are thousands: on the heap, not on a host's stack);
 * returns their count or an error code (then *out is NULL). */
static int legal(tavola_game *h, tv_move **out)
{
    const tv_rules *r = h->g->rules;
    if (!(*out = malloc((size_t)r->max_moves * sizeof **out)))
        return tv_error_set(&h->err, TV_ENOMEM, "out of memory");
    int n = tv_legal_moves_hist(r, h->g->state, h->g->hashes, h->g->nply + 1, *out, r->max_moves, &h->err);
    if (n < 0) {
        free(*out);
        *out = NULL;
    }
    return n;
}

/* Into the host's array when it has room for the bound (every game of ABI
 * 1.0, whose hosts pass 1024: no copy); else through a buffer, so that a
 * host whose cap is too small gets TAVOLA_ELIMIT and the count needed in
 * the message, never a list cut short. */
static int api_legal_moves(tavola_game *h, tavola_move *moves, int cap)
{
    const tv_rules *r = h->g->rules;
    if (no_room(moves, room(cap)))
        return refuse_null(&h->err, "legal_moves", "moves");
    if (moves && cap >= r->max_moves)
        return result(h, tv_legal_moves_hist(r, h->g->state, h->g->hashes, h->g->nply + 1, moves, cap, &h->err));
    tv_move *buf;
    int n = legal(h, &buf);
    if (n < 0)
        return n;
    if (n > cap || (n > 0 && !moves)) {
        free(buf);
        return tv_error_set(&h->err, TV_ELIMIT, "%d legal moves, room for %d (max_moves: %d)", n, cap, r->max_moves);
    }
    if (n > 0)
        memcpy(moves, buf, (size_t)n * sizeof *buf);
    free(buf);
    tv_error_clear(&h->err);
    return n;
}

_Static_assert(TV_MOVES_LIMIT == TAVOLA_MAX_MOVES, "tavola.h promises hosts core's limit");
static int api_max_moves(const tavola_ruleset *rs) { return rules_of(rs)->max_moves; }

static int api_random_move(tavola_game *h, uint64_t *rng, tavola_move *m)
{
    if (!rng)
        return refuse_null(&h->err, "random_move", "rng");
    if (!m)
        return refuse_null(&h->err, "random_move", "m");
    tv_rng state = {*rng};
    tv_move drawn;
    int n = tv_game_random_move(h->g, &state, &drawn, &h->err);
    if (n < 0)
        return result(h, n);
    *rng = state.s;
    if (n > 0)
        *m = drawn;
    return result(h, n);
}

/* The allowed indices are counted a word at a time (a mask is mostly zeros:
 * a few legal moves among thousands of ids), then the drawn one found. */
static int api_mask_sample(const uint8_t *mask, int n, uint64_t *rng)
{
    if (n < 0 || !rng || (n > 0 && !mask))
        return TAVOLA_EINVAL;
    int allowed = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, mask + i, 8);
        if (w)
            for (int k = 0; k < 8; k++)
                allowed += mask[i + k] != 0;
    }
    for (; i < n; i++)
        allowed += mask[i] != 0;
    if (allowed == 0)
        return TAVOLA_EINVAL;
    tv_rng state = {*rng};
    uint32_t pick = tv_rng_below(&state, (uint32_t)allowed);
    *rng = state.s;
    for (i = 0;; i++)
        if (mask[i] && pick-- == 0)
            return i;
}

static int api_play(tavola_game *h, tavola_move m) { return result(h, tv_game_play(h->g, m, &h->err)); }
static int api_play_text(tavola_game *h, const char *t)
{
    return t ? result(h, tv_game_play_text(h->g, t, &h->err)) : refuse_null(&h->err, "play_text", "text");
}
static int api_undo(tavola_game *h) { return result(h, tv_game_undo(h->g, &h->err)); }

static int api_move_text(const tavola_game *h, tavola_move m, char *buf, size_t size)
{
    if (no_room(buf, size))
        return refuse_null(err_of(h), "move_text", "buf");
    return tv_move_text(h->g->rules, m, buf, size);
}

static int api_move_parse(tavola_game *h, const char *text, tavola_move *m)
{
    if (!text || !m)
        return refuse_null(&h->err, "move_parse", text ? "m" : "text");
    return result(h, tv_move_parse_at(h->g->rules, h->g->state, text, m, &h->err));
}

static int api_to_move(const tavola_game *h) { return h->g->state->to_move + 1; }
static int api_status(const tavola_game *h) { return h->g->state->status; }
static int api_winner(const tavola_game *h) { return h->g->state->winner; }
static int api_ply(const tavola_game *h) { return h->g->state->ply; }
static uint64_t api_seed(const tavola_game *h) { return h->g->seed; }

static int32_t api_score(const tavola_game *h, int player)
{
    return player == 1 || player == 2 ? h->g->state->score[player - 1] : 0;
}

static int api_history(const tavola_game *h, tavola_move *moves, int cap)
{
    if (no_room(moves, room(cap)))
        return refuse_null(err_of(h), "history", "moves");
    int n = h->g->nply < cap ? h->g->nply : cap;
    if (n > 0)
        memcpy(moves, h->g->history, (size_t)n * sizeof *moves);
    return h->g->nply;
}

static int api_position(const tavola_game *h, char *buf, size_t size)
{
    if (no_room(buf, size))
        return refuse_null(err_of(h), "position", "buf");
    return tv_position_write(h->g->rules, h->g->state, buf, size);
}

static int api_fen(const tavola_game *h, char *buf, size_t size)
{
    if (no_room(buf, size))
        return refuse_null(err_of(h), "fen", "buf");
    int n = tv_fen_write(h->g->rules, h->g->state, buf, size);
    if (n < 0)
        return tv_error_set(err_of(h), TV_EINVAL, "fen: this ruleset has no FEN (a game whose pieces move, with a royal kind)");
    return n;
}

static int api_set_position(tavola_game *h, const char *text)
{
    if (!text)
        return refuse_null(&h->err, "set_position", "text");
    return result(h, tv_game_set_position(h->g, text, &h->err));
}

static int api_draw(const tavola_game *h, int how, char *buf, size_t size)
{
    if (no_room(buf, size))
        return refuse_null(err_of(h), "draw", "buf");
    if (how == TAVOLA_DRAW_SVG || how == TAVOLA_DRAW_SVG_CELLS)
        return tv_svg_draw(h->g, how == TAVOLA_DRAW_SVG_CELLS, buf, size);
    return how == TAVOLA_DRAW_BOARD ? tv_draw_board(h->g, buf, size) : tv_draw_rows(h->g, buf, size);
}

static int64_t api_perft(tavola_game *h, int depth)
{
    int64_t n = tv_perft(h->g->rules, h->g->state, depth, &h->err);
    return n < 0 ? h->err.code : n;
}

static int api_choose(tavola_game *h, const char *player, uint64_t seed, tavola_move *m)
{
    if (!player || !m)
        return refuse_null(&h->err, "choose", player ? "m" : "player");
    if (strcmp(player, "random") != 0)
        return tv_error_set(&h->err, TV_EINVAL, "unknown player '%.40s'", player);
    tv_move *moves;
    int n = legal(h, &moves);
    if (n < 0)
        return n;
    if (n == 0) {
        free(moves);
        return tv_error_set(&h->err, TV_EILLEGAL, "no legal move: the game is over");
    }
    tv_rng rng;
    tv_rng_seed(&rng, seed);
    *m = moves[tv_rng_below(&rng, (uint32_t)n)];
    free(moves);
    return result(h, TV_OK);
}

static const tavola_ruleset *api_game_ruleset(const tavola_game *h) { return h->owner; }

struct tavola_player {
    tavola_ruleset *owner;
    tv_player *p;
};

static tavola_player *api_player_new(const tavola_ruleset *rs, const char *spec, uint64_t seed, char *errbuf,
                                     size_t err_size)
{
    tv_error err;
    tavola_player *h = calloc(1, sizeof *h);
    if (!h || !spec) {
        free(h);
        copy_error(errbuf, err_size, spec ? "out of memory" : "player_new: spec is NULL");
        return NULL;
    }
    if (!(h->p = tv_player_new(rules_of(rs), spec, seed, &err))) {
        copy_error(errbuf, err_size, err.msg);
        free(h);
        return NULL;
    }
    h->owner = (tavola_ruleset *)rs;
    atomic_fetch_add(&h->owner->refs, 1);
    return h;
}

static void api_player_free(tavola_player *h)
{
    if (h) {
        tv_player_free(h->p);
        release(h->owner);
        free(h);
    }
}

static int api_player_choose(tavola_player *h, tavola_game *g, long ms, long nodes, int depth, tavola_move *m)
{
    if (!m)
        return refuse_null(&g->err, "player_choose", "m");
    tv_budget b = {nodes, ms, depth};
    int custom = ms > 0 || nodes > 0 || depth > 0;
    return result(g, tv_player_choose(h->p, g->g, custom ? &b : NULL, m, &g->err));
}

static void api_player_stop(tavola_player *h) { tv_player_stop(h->p); }

static int api_player_info(const tavola_player *h, int *depth, uint64_t *nodes, int64_t *score, long *ms)
{
    const tv_search_info *i = tv_player_info(h->p);
    if (depth)
        *depth = i->depth;
    if (nodes)
        *nodes = i->nodes;
    if (score)
        *score = i->score;
    if (ms)
        *ms = i->ms;
    return TAVOLA_OK;
}

static int api_solve(tavola_game *h, uint64_t max_positions, void (*progress)(void *, const char *, uint64_t),
                     void *ctx, uint64_t *positions, int64_t *value, tavola_move *moves, int64_t *values, int cap)
{
    if (no_room(moves, room(cap)) || no_room(values, room(cap)))
        return refuse_null(&h->err, "solve", moves ? "values" : "moves");
    const tv_rules *r = h->g->rules;
    tv_solution *sol = tv_solve(r, h->g->state, max_positions, progress, ctx, &h->err);
    if (!sol)
        return h->err.code;
    tv_move *all;
    int n = legal(h, &all), k = 0;
    if (positions)
        *positions = tv_solution_positions(sol);
    if (value)
        tv_solution_value(sol, h->g->state, value);
    for (int i = 0; i < n && k < cap; i++) {
        int64_t v;
        if (tv_solution_move_value(sol, h->g->state, all[i], &v, &h->err) == TV_OK) {
            moves[k] = all[i];
            values[k++] = v;
        }
    }
    free(all);
    tv_solution_free(sol);
    return n < 0 ? n : result(h, k);
}

/* ---- learning: actions, observations, batched playouts (tv_actions.h) ---- */

static int api_num_actions(const tavola_ruleset *h) { return tv_actions_count(rules_of(h)); }
static int api_move_action(const tavola_ruleset *h, tavola_move m) { return tv_action_of_move(rules_of(h), m); }

static int api_action_move(const tavola_ruleset *h, int a, tavola_move *m)
{
    return m ? tv_move_of_action(rules_of(h), a, m) : TAVOLA_EINVAL;
}

static int api_legal_actions(tavola_game *h, int32_t *actions, int cap)
{
    if (no_room(actions, room(cap)))
        return refuse_null(&h->err, "legal_actions", "actions");
    int n = tv_legal_actions_hist(h->g->rules, h->g->state, h->g->hashes, h->g->nply + 1, actions, cap, &h->err);
    if (n >= 0)
        tv_error_clear(&h->err);
    return n;
}

static int api_legal_mask(tavola_game *h, uint8_t *mask, int size)
{
    int count = tv_actions_count(h->g->rules);
    if (no_room(mask, room(size)))
        return refuse_null(&h->err, "legal_mask", "mask");
    if (!mask || size < count)
        return tv_error_set(&h->err, TV_ELIMIT, "%d actions, room for %d", count, size);
    int32_t *actions = malloc((size_t)h->g->rules->max_moves * sizeof *actions);
    if (!actions)
        return tv_error_set(&h->err, TV_ENOMEM, "out of memory");
    int n = api_legal_actions(h, actions, h->g->rules->max_moves);
    if (n >= 0) {
        memset(mask, 0, (size_t)count);
        for (int i = 0; i < n; i++)
            mask[actions[i]] = 1;
    }
    free(actions);
    return n;
}

static int api_play_action(tavola_game *h, int a)
{
    tv_move m;
    int rc = tv_move_of_action_in(h->g->rules, h->g->state, a, &m, &h->err);
    if (rc)
        return rc;
    rc = api_play(h, m);
    return rc < 0 ? rc : h->g->state->status;
}

static int api_observation_shape(const tavola_ruleset *h, int *dims)
{
    return dims ? tv_observation_shape(rules_of(h), dims) : TAVOLA_EINVAL;
}

static int api_observation(tavola_game *h, int player, float *out, size_t n)
{
    if (player < 0 || player > 2)
        return tv_error_set(&h->err, TV_EINVAL, "player %d: expected 1, 2 or 0 (the player to move)", player);
    if (no_room(out, n))
        return refuse_null(&h->err, "observation", "out");
    int rc = out ? tv_observation(h->g->rules, h->g->state, player, out, n) : TV_ELIMIT;
    if (rc < 0)
        return tv_error_set(&h->err, rc, "the observation needs more room than %zu floats", out ? n : 0);
    return result(h, rc);
}

static int api_playouts(tavola_game *h, int n, uint64_t seed, int64_t *results, double *mean_plies)
{
    return result(h, tv_playouts(h->g->rules, h->g->state, n, seed, results, mean_plies, &h->err));
}

/* ---- game variables and pieces in hand (tv_vars_state.h) ---- */

_Static_assert(TAVOLA_VAR_INT == TV_VAR_INT + 1 && TAVOLA_VAR_FLAG == TV_VAR_FLAG + 1 &&
                   TAVOLA_VAR_CELL == TV_VAR_CELL + 1,
               "var_info tells core's types, counted from 1 as the option types are");

static int api_var_count(const tavola_ruleset *h) { return rules_of(h)->vars.n; }

static int api_var_info(const tavola_ruleset *h, int i, const char **name, int *type, int32_t *min, int32_t *max,
                        int *per_player)
{
    const tv_vars *v = &rules_of(h)->vars;
    if (i < 0 || i >= v->n) {
        snprintf(ruleset_failure, sizeof ruleset_failure, "var_info: no variable %d (%d declared)", i, v->n);
        return TAVOLA_EINVAL;
    }
    const tv_var *x = &v->var[i];
    if (name)
        *name = x->name;
    if (type)
        *type = x->type + 1;
    if (min)
        *min = x->min;
    if (max)
        *max = x->max;
    if (per_player)
        *per_player = x->per_player;
    return TAVOLA_OK;
}

static int api_var_get(const tavola_game *h, int i, int player, int32_t *value)
{
    const tv_rules *r = h->g->rules;
    if (!value)
        return refuse_null(err_of(h), "var_get", "value");
    if (i < 0 || i >= r->vars.n)
        return tv_error_set(err_of(h), TV_EINVAL, "var_get: no variable %d (%d declared)", i, r->vars.n);
    const tv_var *x = &r->vars.var[i];
    if (player < (x->per_player ? 1 : 0) || player > 2)
        return tv_error_set(err_of(h), TV_EINVAL, "var_get: player %d: expected %s", player,
                            x->per_player ? "1 or 2 (the variable is per player)" : "0, 1 or 2");
    *value = tv_var_get(r, h->g->state, i, player > 0 ? player - 1 : 0);
    return TAVOLA_OK;
}

static int api_hand_kinds(const tavola_ruleset *h) { return tv_draw_hand_kinds(rules_of(h)); }

static int api_hand(const tavola_game *h, int player, int kind, char *letter)
{
    const tv_rules *r = h->g->rules;
    int kinds = tv_draw_hand_kinds(r);
    if (player != 1 && player != 2)
        return tv_error_set(err_of(h), TV_EINVAL, "hand: player %d: expected 1 or 2", player);
    if (kind < 0 || kind >= kinds)
        return tv_error_set(err_of(h), TV_EINVAL, "hand: no kind %d (%s)", kind,
                            kinds ? "a hand holds fewer kinds" : "the game keeps no pieces in hand");
    if (letter)
        *letter = tv_draw_hand_letter(r, player - 1, kind);
    return tv_hand_get(r, h->g->state, player - 1, kind);
}

static const tavola_api api = {
    .abi_version = TAVOLA_ABI_VERSION,
    .size = sizeof(tavola_api),
    .version = TAVOLA_VERSION,
    .add_path = api_add_path,
    .list = api_list,
    .ruleset_load = api_ruleset_load,
    .ruleset_free = api_ruleset_free,
    .ruleset_name = api_ruleset_name,
    .ruleset_title = api_ruleset_title,
    .ruleset_description = api_ruleset_description,
    .ruleset_options = api_ruleset_options,
    .ruleset_option_count = api_ruleset_option_count,
    .ruleset_option = api_ruleset_option,
    .ruleset_player = api_ruleset_player,
    .ruleset_error = api_ruleset_error,
    .game_new = api_game_new,
    .game_clone = api_game_clone,
    .game_free = api_game_free,
    .error = api_error,
    .legal_moves = api_legal_moves,
    .play = api_play,
    .play_text = api_play_text,
    .undo = api_undo,
    .move_text = api_move_text,
    .move_parse = api_move_parse,
    .to_move = api_to_move,
    .status = api_status,
    .winner = api_winner,
    .score = api_score,
    .ply = api_ply,
    .history = api_history,
    .seed = api_seed,
    .position = api_position,
    .set_position = api_set_position,
    .draw = api_draw,
    .perft = api_perft,
    .choose = api_choose,
    .game_ruleset = api_game_ruleset,
    .player_new = api_player_new,
    .player_free = api_player_free,
    .player_choose = api_player_choose,
    .player_stop = api_player_stop,
    .player_info = api_player_info,
    .solve = api_solve,
    .set_limits = api_set_limits,
    .num_actions = api_num_actions,
    .move_action = api_move_action,
    .action_move = api_action_move,
    .legal_actions = api_legal_actions,
    .legal_mask = api_legal_mask,
    .play_action = api_play_action,
    .observation_shape = api_observation_shape,
    .observation = api_observation,
    .playouts = api_playouts,
    .max_moves = api_max_moves,
    .ruleset_family = api_ruleset_family,
    .ruleset_option_type = api_ruleset_option_type,
    .ruleset_option_range = api_ruleset_option_range,
    .random_move = api_random_move,
    .var_count = api_var_count,
    .var_info = api_var_info,
    .var_get = api_var_get,
    .hand_kinds = api_hand_kinds,
    .hand = api_hand,
    .fen = api_fen,
    .mask_sample = api_mask_sample,
};

const tavola_api *tavola_get_api(uint32_t abi_version)
{
    return abi_version == TAVOLA_ABI_VERSION ? &api : NULL;
}
