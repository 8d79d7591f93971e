/* Alpha-beta: negamax with alpha-beta pruning, iterative deepening and a
 * Zobrist transposition table ("alphabeta:depth=N", "nodes=N", "ms=N" or
 * "cpu_ms=N", together if wished, the first reached ending the search;
 * optional "tt=MB", 16 by default; nodes= is a host budget's `iterations`;
 * with no limit at all the depth is 6). A node is a call of the search (the
 * root's children and every position below them, leaves included); a node
 * budget, unlike a time, gives the same move on any machine. An iteration the
 * budget cuts short is thrown away: the move is the last complete depth's.
 *
 * Values are from the view of the player to move:
 *   - a finished game: +-(TV_SCORE_WIN/2 - plies from the root) for a win or a
 *     loss (a quicker win scores higher, a later loss less badly), plus the
 *     score margin score[me] - score[opp] (0 for a draw decided by score);
 *   - a leaf at the horizon: the ruleset's evaluation (tv_eval.h; its
 *     default when it declares none), in hundredths of a point, within
 *     TV_EVAL_MAX, so far from the values of decided games.
 * A move after which the same player moves again (an extra turn) keeps the
 * child's value as is; otherwise it is negated.
 *
 * The search plays and takes back moves on one state (tv_play_hist and
 * tv_unplay), with the hashes of the game and of the search path as history,
 * so repetitions end the game inside the search as the rules say. Move order:
 * the previous iteration's best at the root, the table's move elsewhere, then
 * a history heuristic (by move for cells and special moves, by a hash of
 * the move for pieces' from-to moves). A subtree searched to the end of the game everywhere is
 * stored with an infinite depth, and deepening stops once the root's is.
 * Where repetitions end the game (Tihbat, Oware) a stored value may depend on
 * the path that reached the position; the table ignores that, as is usual. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "tv_eval.h"
#include "tv_history.h"
#include "tv_player.h"

#define MAX_PLY 128
#define DEPTH_INF 255 /* a value with no horizon below it */
#define VALUE_INF (TV_SCORE_WIN * 2)
#define WIN (TV_SCORE_WIN / 2)
#define HIST_SIZE 4096 /* history entries a side: one per cell and special move, then hashed moves */

enum { BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2 };

typedef struct tt_entry {
    uint64_t key;
    int32_t value;
    int32_t move;
    uint8_t depth, bound, gen, pad;
} tt_entry;

typedef struct ab {
    const tv_rules *rules;
    tt_entry *tt;
    size_t tt_mask;
    uint8_t gen;
    tv_eval eval; /* the ruleset's, or the default */
    uint32_t history[2][HIST_SIZE]; /* cutoff counts by side and hidx(move) */
    /* per search */
    tv_state *s;
    uint64_t *hist;
    int nhist, hist_cap;
    tv_move *moves; /* the legal moves of each ply, rules->max_moves apiece (a shooting game has thousands) */
    uint64_t nodes, max_nodes;
    long deadline; /* tv_now_ms() limit, 0 = none */
    tv_cpu_limit cpu; /* the spec's cpu_ms */
    const atomic_int *stop;
    int aborted, horizon;
    tv_error *err;
    int rc; /* a rules error seen inside the search */
} ab;

/* The table key: the state's hash, plus the scores, which a mancala board
 * (its stores are scores, not cells) does not determine. */
static uint64_t key_of(const tv_state *s)
{
    uint64_t z = ((uint64_t)(uint32_t)s->score[0] << 32 | (uint32_t)s->score[1]) * 0x9E3779B97F4A7C15ull;
    return s->hash ^ (z ^ (z >> 29));
}

/* Win values are stored relative to the node, read back relative to the root. */
static int32_t to_tt(int32_t v, int ply) { return v > WIN / 2 ? v + ply : v < -WIN / 2 ? v - ply : v; }
static int32_t from_tt(int32_t v, int ply) { return v > WIN / 2 ? v - ply : v < -WIN / 2 ? v + ply : v; }

static int32_t margin(const tv_state *s, int me) { return s->score[me] - s->score[me ^ 1]; }

static int32_t terminal(const tv_state *s, int me, int ply)
{
    int32_t v = margin(s, me);
    if (s->winner == me + 1)
        v += WIN - ply;
    else if (s->winner == (me ^ 1) + 1)
        v -= WIN - ply;
    return v;
}

/* A cell or special move has its own entry; a larger move (a piece's
 * from-to move) shares a hashed one, which only costs some ordering. */
static int hidx(tv_move m)
{
    if (m >= -3 && m < TV_MAX_CELLS)
        return m + 3;
    uint32_t h = (uint32_t)m * 2654435761u;
    return TV_MAX_CELLS + 3 + (int)((h >> 12) % (HIST_SIZE - TV_MAX_CELLS - 3));
}

/* Moves in search order: `first` (if legal), then by history count. */
static void order(const ab *b, int side, tv_move *moves, int n, tv_move first)
{
    int start = 0;
    for (int i = 0; i < n; i++)
        if (moves[i] == first && first != TV_MOVE_NONE) {
            memmove(moves + 1, moves, (size_t)i * sizeof *moves);
            moves[0] = first;
            start = 1;
            break;
        }
    for (int i = start + 1; i < n; i++) { /* insertion sort, stable: ties keep the rules' order */
        tv_move m = moves[i];
        uint32_t h = b->history[side][hidx(m)];
        int j = i;
        while (j > start && b->history[side][hidx(moves[j - 1])] < h) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = m;
    }
}

static int check_time(ab *b)
{
    if (atomic_load_explicit(b->stop, memory_order_relaxed) || (b->deadline && tv_now_ms() >= b->deadline) ||
        (b->max_nodes && b->nodes >= b->max_nodes) || tv_cpu_limit_over(&b->cpu))
        b->aborted = 1;
    return b->aborted;
}

static int32_t search(ab *b, int depth, int32_t alpha, int32_t beta, int ply, tv_move *best_out);

/* Plays m, searches the child and takes m back; the child's value from the
 * mover's view. */
static int32_t child(ab *b, tv_move m, int depth, int32_t alpha, int32_t beta, int ply)
{
    const tv_rules *r = b->rules;
    tv_state *s = b->s;
    int me = s->to_move;
    tv_undo u;
    int rc = tv_play_listed(r, s, m, &u, b->hist, b->nhist, b->err);
    if (rc) {
        b->rc = rc;
        b->aborted = 1;
        return 0;
    }
    b->hist[b->nhist++] = tv_history_key(r, s);
    int32_t v;
    if (s->to_move == me) /* an extra turn: same side, same view */
        v = search(b, depth - 1, alpha, beta, ply + 1, NULL);
    else
        v = -search(b, depth - 1, -beta, -alpha, ply + 1, NULL);
    b->nhist--;
    tv_unplay(r, s, &u);
    return v;
}

static int32_t search(ab *b, int depth, int32_t alpha, int32_t beta, int ply, tv_move *best_out)
{
    tv_state *s = b->s;
    int me = s->to_move;
    ++b->nodes;
    if (((b->nodes & 1023) == 0 || b->nodes == b->max_nodes) && check_time(b))
        return 0;
    if (b->aborted)
        return 0;
    if (s->status != TV_ONGOING)
        return terminal(s, me, ply);
    if (depth <= 0 || ply >= MAX_PLY) {
        b->horizon = 1;
        int32_t v;
        int rc = tv_eval_value(b->rules, &b->eval, s, &v, b->err);
        if (rc) {
            b->rc = rc;
            b->aborted = 1;
            return 0;
        }
        return v;
    }

    uint64_t key = key_of(s);
    tt_entry *e = &b->tt[key & b->tt_mask];
    tv_move first = best_out && *best_out != TV_MOVE_NONE ? *best_out : TV_MOVE_NONE;
    if (e->key == key) {
        if (first == TV_MOVE_NONE)
            first = e->move;
        if (!best_out && e->depth >= depth) {
            int32_t v = from_tt(e->value, ply);
            if (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && v >= beta) ||
                (e->bound == BOUND_UPPER && v <= alpha)) {
                if (e->depth != DEPTH_INF)
                    b->horizon = 1;
                return v;
            }
        }
    }

    tv_move *moves = b->moves + (size_t)ply * (size_t)b->rules->max_moves;
    int n = tv_legal_moves_hist(b->rules, s, b->hist, b->nhist, moves, b->rules->max_moves, b->err);
    if (n <= 0) {
        b->rc = n < 0 ? n : tv_error_set(b->err, TV_ERULES, "no legal move in a game that is not over");
        b->aborted = 1;
        return 0;
    }
    order(b, me, moves, n, first);

    int saved = b->horizon;
    b->horizon = 0;
    int32_t a0 = alpha, best = -VALUE_INF;
    tv_move bm = moves[0];
    for (int i = 0; i < n; i++) {
        int32_t v = child(b, moves[i], depth, alpha, beta, ply);
        if (b->aborted)
            return 0;
        if (v > best) {
            best = v;
            bm = moves[i];
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            b->history[me][hidx(moves[i])] += (uint32_t)(depth * depth);
            break;
        }
    }
    int exact = !b->horizon;
    b->horizon |= saved;

    /* Depth-preferred replacement; entries of an older search always give way. */
    if (e->key == key || e->gen != b->gen || depth >= e->depth || exact) {
        e->key = key;
        e->value = to_tt(best, ply);
        e->move = bm;
        e->depth = (uint8_t)(exact ? DEPTH_INF : depth);
        e->bound = best <= a0 ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
        e->gen = b->gen;
    }
    if (best_out)
        *best_out = bm;
    return best;
}

static int ab_choose(void *self, const tv_game *g, const tv_budget *budget, tv_rng *rng, const atomic_int *stop,
                     tv_search_info *info, tv_move *best, tv_error *err)
{
    (void)rng; /* the search is deterministic */
    ab *b = self;
    const tv_rules *r = b->rules;
    if (g->nply + 1 + MAX_PLY > b->hist_cap) {
        int cap = g->nply + 1 + MAX_PLY + 256;
        uint64_t *h = realloc(b->hist, (size_t)cap * sizeof *h);
        if (!h)
            return tv_error_set(err, TV_ENOMEM, "alphabeta: out of memory");
        b->hist = h;
        b->hist_cap = cap;
    }
    if (!b->moves && !(b->moves = malloc((size_t)(MAX_PLY + 1) * (size_t)r->max_moves * sizeof *b->moves)))
        return tv_error_set(err, TV_ENOMEM, "alphabeta: out of memory");
    memcpy(b->hist, g->hashes, (size_t)(g->nply + 1) * sizeof *b->hist);
    tv_state_buf work;
    tv_state_copy(r, &work.state, g->state);
    b->s = &work.state;
    b->nhist = g->nply + 1;
    b->nodes = 0;
    b->max_nodes = budget->iterations > 0 ? (uint64_t)budget->iterations : 0;
    b->deadline = budget->ms > 0 ? tv_now_ms() + budget->ms : 0;
    tv_cpu_limit_start(&b->cpu);
    b->stop = stop;
    b->aborted = 0;
    b->err = err;
    b->rc = TV_OK;
    b->gen++;
    memset(b->history, 0, sizeof b->history);

    int max_depth = budget->depth > 0 ? budget->depth : budget->ms > 0 || budget->iterations > 0 || b->cpu.ms > 0 ? MAX_PLY : 6;
    if (max_depth > MAX_PLY)
        max_depth = MAX_PLY;
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves_hist(r, g->state, g->hashes, g->nply + 1, moves, TV_MOVES_LIMIT, err);
    if (n <= 0)
        return n < 0 ? n : tv_error_set(err, TV_ERULES, "no legal move in an ongoing game");
    *best = moves[0]; /* if not even depth 1 completes */
    info->score = 0;
    for (int d = 1; d <= max_depth; d++) {
        tv_move bm = *best;
        b->horizon = 0;
        int32_t v = search(b, d, -VALUE_INF, VALUE_INF, 0, &bm);
        if (b->rc)
            return b->rc;
        if (b->aborted)
            break;
        *best = bm;
        info->depth = d;
        info->score = v;
        /* Deeper is no different once the whole game tree was seen. (A forced
         * win is not enough: a later win by a wider margin may score higher.) */
        if (!b->horizon)
            break;
    }
    info->nodes = b->nodes;
    return TV_OK;
}

static void ab_destroy(void *self)
{
    ab *b = self;
    if (b) {
        free(b->tt);
        free(b->hist);
        free(b->moves);
        free(b);
    }
}

static void *ab_create(const tv_rules *r, const tv_params *params, tv_budget *budget, tv_error *err)
{
    static const char *const known[] = {"depth", "nodes", "ms", "cpu_ms", "tt", NULL};
    long depth = 0, nodes = 0, ms = 0, cpu_ms = 0, mb = 16;
    if (tv_params_check(params, "alphabeta", known, err))
        return NULL;
    tv_error e;
    if (tv_param_long(params, "depth", 1, MAX_PLY, &depth, &e) || tv_param_long(params, "ms", 1, 86400000L, &ms, &e) ||
        tv_param_long(params, "nodes", 1, LONG_MAX, &nodes, &e) ||
        tv_param_long(params, "cpu_ms", 1, 86400000L, &cpu_ms, &e) ||
        tv_param_long(params, "tt", 1, 1L << 16, &mb, &e)) {
        tv_error_set(err, e.code, "alphabeta: %.400s", e.msg);
        return NULL;
    }
    ab *b = calloc(1, sizeof *b);
    size_t entries = 1;
    while (entries * 2 * sizeof(tt_entry) <= ((size_t)mb << 20))
        entries *= 2;
    if (!b || !(b->tt = calloc(entries, sizeof *b->tt))) {
        free(b);
        tv_error_set(err, TV_ENOMEM, "alphabeta: out of memory for a %ld MB table", mb);
        return NULL;
    }
    b->rules = r;
    if (r->eval.given)
        b->eval = r->eval;
    else
        tv_eval_default(r, &b->eval);
    b->tt_mask = entries - 1;
    b->cpu.ms = cpu_ms;
    budget->depth = (int)depth;
    budget->ms = ms;
    budget->iterations = nodes;
    return b;
}

const tv_engine tv_engine_alphabeta = {"alphabeta", ab_create, ab_choose, ab_destroy};
