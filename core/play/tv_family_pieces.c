/* The pieces family: a piece moves from one cell to another (tv_pieces.h:
 * steps, slides, jumps and their chains, leaps, line counts, shots), one
 * move a whole turn. Its fast paths reuse the moves found for the no-move
 * rule as the next ply's moves; moves that all shoot are counted, not
 * listed, and the one drawn is found by its index (tv_shoot.h). */
#include "tv_family_pieces.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tv_end.h"
#include "tv_history.h"
#include "tv_movetext.h"
#include "tv_pieces.h"
#include "tv_pieces_text.h"
#include "tv_shoot.h"

static int count(const tv_rules *r, const tv_state *s, tv_error *err) { return tv_pieces_any(r, s, err); }

static int check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    return m < 0 ? tv_move_refuse(r, m, err, "not a move of this game") : tv_pieces_check(r, s, m, err);
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    int progress, reached = tv_pieces_apply(r, s, m, u, &progress, err);
    if (reached < 0)
        return reached;
    if (reached)
        e->line_winner = s->to_move + 1;
    tv_end_pieces_quiet(r, s, progress);
    return TV_OK;
}

static int last_cell(const tv_rules *r, const tv_state *s)
{
    int path[TV_PMOVE_CHAIN_LIMIT + 1], n = tv_pieces_path(r, s->last, path, TV_PMOVE_CHAIN_LIMIT + 1);
    return n < 0 ? -1 : path[n - 1];
}

static int last_from(const tv_rules *r, const tv_state *s)
{
    (void)r;
    return tv_pmove_from(s->last);
}

/* ---- action ids: one per pair of distinct cells (from, to), and a shot's
 * arrow on any cell but `to` ------------------------------------------------ */

static int kinds_of(const tv_rules *r) { return r->pieces.nkinds ? r->pieces.nkinds : 1; }

/* A chain of jumps may end where it began (a king round four pieces): such
 * games have one more id per cell, after the pairs. */
static int loops(const tv_rules *r) { return r->pieces.jump_dirs && r->pieces.chain_max > 1; }

/* Special moves (the chess family): each pair of cells once per promotion
 * (none, then each kind: e7-e8=Q has its own id), then the castlings. */
static int actions(const tv_rules *r)
{
    int pairs = r->ncells * (r->ncells - 1);
    if (r->pieces.special)
        return pairs * (kinds_of(r) + 1) + r->pieces.ncastles;
    if (loops(r)) /* and a chain that ends where it began, one per cell */
        return pairs + r->ncells;
    return r->pieces.shoots ? pairs * (r->ncells - 1) : pairs;
}

/* from * (n - 1) + to, less one when to is past from: every id a real pair. */
static int pair_action(const tv_rules *r, int from, int to) { return from * (r->ncells - 1) + (to > from ? to - 1 : to); }

static int action_of(const tv_rules *r, tv_move m)
{
    if (m < 0)
        return TV_EINVAL;
    int arrow = tv_pieces_arrow(r, m);
    if (r->pieces.shoots) {
        int from = tv_pmove_from(m), to = tv_pmove_to(m);
        if (arrow < 0 || from >= r->ncells || to >= r->ncells || from == to || arrow == to)
            return TV_EINVAL;
        return pair_action(r, from, to) * (r->ncells - 1) + (arrow > to ? arrow - 1 : arrow);
    }
    if (arrow >= 0)
        return TV_EINVAL;
    int path[TV_PMOVE_CHAIN_LIMIT + 1], np = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1);
    if (np >= 2 && r->pieces.special && tv_pmove_is_castle(m))
        return r->ncells * (r->ncells - 1) * (kinds_of(r) + 1) + tv_pmove_castle(m);
    if (np >= 2 && loops(r) && path[0] == path[np - 1])
        return r->ncells * (r->ncells - 1) + path[0];
    if (np < 2 || path[0] == path[np - 1])
        return TV_EINVAL;
    if (r->pieces.special)
        return pair_action(r, path[0], path[np - 1]) * (kinds_of(r) + 1) + tv_pmove_promotes(m) + 1;
    return pair_action(r, path[0], path[np - 1]);
}

static int move_of(const tv_rules *r, int a, tv_move *m)
{
    int n1 = r->ncells - 1;
    if (r->pieces.special) { /* a castling: player 1's cells (the host plays the legal move of the id) */
        int pairs = r->ncells * n1, k1 = kinds_of(r) + 1;
        if (a >= pairs * k1) {
            const tv_castle *c = &r->pieces.castle[a - pairs * k1];
            *m = tv_pmove_castling(c->king, c->king_to, a - pairs * k1);
            return TV_OK;
        }
        int pair = a / k1, promo = a % k1 - 1, from = pair / n1, to = pair % n1;
        to = to >= from ? to + 1 : to;
        *m = promo >= 0 ? tv_pmove_promoting(from, to, 0, promo) : tv_pmove_simple(from, to, 0);
        return TV_OK;
    }
    if (loops(r) && a >= r->ncells * n1) { /* a chain back to its start: the legal one is the host's to find */
        int c = a - r->ncells * n1;
        *m = r->pieces.after ? tv_pmove_after(c, c, 0) : tv_pmove_simple(c, c, 0);
        return TV_OK;
    }
    if (r->pieces.shoots) {
        int pair = a / n1, arrow = a % n1, from = pair / n1, to = pair % n1;
        to = to >= from ? to + 1 : to;
        *m = tv_pmove_shot(from, to, arrow >= to ? arrow + 1 : arrow);
    } else {
        int from = a / n1, to = a % n1;
        *m = tv_pmove_simple(from, to >= from ? to + 1 : to, 0);
    }
    return TV_OK;
}

/* Moves that all shoot are counted and the one drawn found by its index
 * (tv_shoot.h): Amazons' 2,000 turns are not listed. */
static int random(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err)
{
    r = tv_pieces_phase(r, s);
    if (!tv_shoot_fast(r)) {
        tv_move moves[TV_MOVES_LIMIT];
        int n = tv_pieces_moves(r, s, moves, TV_MOVES_LIMIT, err);
        if (n > 0)
            *m = moves[tv_rng_below(rng, (uint32_t)n)];
        return n;
    }
    /* This thread's last board, brought to s by the cells that differ: a
     * host's loop (random_move, play) changes three cells a ply, and the
     * board costs a whole sweep to build. */
    static _Thread_local struct {
        uint64_t id; /* the rules' (0: none yet) */
        uint8_t cells[TV_MAX_CELLS];
        tv_shoot_board b;
    } kept;
    if (kept.id != r->id || !r->id || tv_shoot_sync(r, s, &kept.b, kept.cells, 12) < 0) {
        tv_shoot_init(r, s, &kept.b);
        memcpy(kept.cells, s->cells, (size_t)r->ncells);
        kept.id = r->id;
    }
    int n = tv_shoot_count(r, s, &kept.b);
    if (n > 0)
        *m = tv_shoot_pick(r, s, &kept.b, (int)tv_rng_below(rng, (uint32_t)n));
    return n;
}

/* ---- the random-playout fast paths ------------------------------------------ */

/* What they rule out (tv_end.h): the entry checked hooks; a grid. */
#define PIECES_SKIP (TV_END_SKIP_HOOKS | TV_END_SKIP_MANCALA)

/* The fast paths' steps, for a host's loop too (keep_*): the plan of each
 * colour and the legal list, made once a ply (the end rules' count reads
 * it) and kept for the next draw; or, where every move shoots, the shot
 * board and the count of its turns. */
/* Both keeps open with `shots` (shots_case, asked once a game, not once a ply). */
typedef struct steps_keep {
    int shots; /* 0 */
    int n;
    tv_pieces_plan plan[2]; /* by colour: what the generator derives from the rules, once */
    /* counted (tv_pieces_counted): the moves as the sets of the pieces that
     * step along each ray, and the enemy's cells, instead of the list */
    int counted;
    uint64_t src[TV_PIECES_STEP_SETS], enemies;
    tv_move moves[]; /* r->max_moves of them */
} steps_keep;

typedef struct shots_keep {
    int shots; /* 1 */
    int n;
    tv_shoot_board b;
} shots_keep;

/* Moves that all shoot (tv_shoot_fast), without the connection end: counted,
 * and the one drawn found by its index. */
static int shots_case(const tv_rules *r) { return tv_shoot_fast(r) && !(r->ends & TV_END_CONNECTED); }

static unsigned pieces_skip(const tv_rules *r)
{
    return tv_end_no_capture_rule(r) ? PIECES_SKIP | TV_END_SKIP_CAPTURED : PIECES_SKIP;
}

/* The mover's moves of s into the keep: listed, or counted as sets. */
TV_END_INLINE int steps_find(const tv_rules *r, const tv_state *s, steps_keep *k, tv_error *err)
{
    const tv_pieces_plan *p = &k->plan[tv_colour_of(s, s->to_move) - 1];
    return k->n = k->counted ? tv_pieces_step_sets(r, p, s, k->src, &k->enemies)
                             : tv_pieces_moves_planned(r, p, s, k->moves, err);
}

static int steps_start(const tv_rules *r, const tv_state *s, steps_keep *k, tv_error *err)
{
    tv_pieces_plan_for(r, TV_STONE1, &k->plan[0]);
    tv_pieces_plan_for(r, TV_STONE2, &k->plan[1]);
    k->counted = tv_pieces_counted(r, &k->plan[0]) && tv_pieces_counted(r, &k->plan[1]);
    return steps_find(r, s, k, err) < 0 ? k->n : TV_OK;
}

TV_END_INLINE int steps_draw(const tv_state *s, const steps_keep *k, tv_rng *rng, tv_move *m, tv_error *err)
{
    if (k->n == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    int i = (int)tv_rng_below(rng, (uint32_t)k->n);
    *m = k->counted ? tv_pieces_step_pick(&k->plan[tv_colour_of(s, s->to_move) - 1], k->src, k->enemies, i)
                    : k->moves[i];
    return k->n;
}

TV_END_INLINE int steps_play(const tv_rules *r, tv_state *s, steps_keep *k, tv_move m, const uint64_t *hist,
                             int nhist, unsigned skip, tv_error *err)
{
    tv_effect e = {-1, 0};
    int rc;
    if ((rc = apply(r, s, m, NULL, &e, err)))
        return rc;
    tv_end_turn(r, s, m, 0);
    int repeated = hist && tv_history_repeats(r, s, hist, nhist);
    if (steps_find(r, s, k, err) < 0)
        return k->n;
    return tv_end_after_step(r, s, e.line_winner, repeated, k->n, skip, err);
}

/* The mover's turns (a host's loop: its count is the host's), or, for a
 * playout in Amazons' shape, its (piece, landing) pairs (tv_shoot.h); either
 * is 0 when the mover has no move. */
TV_END_INLINE int shots_find(const tv_rules *r, const tv_state *s, shots_keep *k, int pairs)
{
    return k->n = pairs ? tv_shoot_pairs(r, s, &k->b) : tv_shoot_count(r, s, &k->b);
}

TV_END_INLINE void shots_start(const tv_rules *r, const tv_state *s, shots_keep *k, int pairs)
{
    tv_shoot_init(r, s, &k->b);
    shots_find(r, s, k, pairs);
}

TV_END_INLINE int shots_draw(const tv_rules *r, const tv_state *s, shots_keep *k, tv_rng *rng, tv_move *m,
                             int pairs, tv_error *err)
{
    if (k->n == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    *m = pairs ? tv_shoot_pairs_draw(r, s, &k->b, k->n, rng)
               : tv_shoot_pick(r, s, &k->b, (int)tv_rng_below(rng, (uint32_t)k->n));
    return k->n;
}

TV_END_INLINE int shots_play(const tv_rules *r, tv_state *s, shots_keep *k, tv_move m, int pairs, tv_error *err)
{
    int progress, p = s->to_move, reached = tv_shoot_apply(r, s, &k->b, m, &progress, err);
    if (reached < 0)
        return reached;
    tv_end_pieces_quiet(r, s, progress);
    tv_end_turn(r, s, m, 0);
    shots_find(r, s, k, pairs);
    return tv_end_after_step(r, s, reached ? p + 1 : -1, 0, k->n, PIECES_SKIP, err);
}

/* A phase chooses the generators by the state: the kernel plays such a
 * game. A repetition rule only ends a game here (the moves are the same),
 * and the steps' keep asks the game's positions; shots have none to ask. */
static int keep_fits(const tv_rules *r)
{
    return !tv_family_hooked(r) && !r->pieces.phase_var && !(r->repetition && shots_case(r));
}

static size_t keep_size(const tv_rules *r)
{
    return shots_case(r) ? sizeof(shots_keep) : sizeof(steps_keep) + (size_t)r->max_moves * sizeof(tv_move);
}

static int keep_start(const tv_rules *r, const tv_state *s, void *keep, tv_error *err)
{
    if (!shots_case(r)) {
        ((steps_keep *)keep)->shots = 0;
        return steps_start(r, s, keep, err);
    }
    ((shots_keep *)keep)->shots = 1;
    shots_start(r, s, keep, 0);
    return TV_OK;
}

static int keep_draw(const tv_rules *r, const tv_state *s, void *keep, tv_rng *rng, tv_move *m, tv_error *err)
{
    return *(const int *)keep ? shots_draw(r, s, keep, rng, m, 0, err) : steps_draw(s, keep, rng, m, err);
}

static int keep_play(const tv_rules *r, tv_state *s, void *keep, tv_move m, const uint64_t *hist, int nhist,
                     tv_error *err)
{
    return *(const int *)keep ? shots_play(r, s, keep, m, 0, err)
                              : steps_play(r, s, keep, m, r->repetition ? hist : NULL, nhist, pieces_skip(r), err);
}

/* The steps' playout; its list on the stack (TV_MOVES_LIMIT, above any max_moves). */
TV_END_INLINE int playout_pieces(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx,
                                 unsigned skip, tv_error *err)
{
    _Alignas(max_align_t) unsigned char room[sizeof(steps_keep) + TV_MOVES_LIMIT * sizeof(tv_move)];
    steps_keep *k = (steps_keep *)(void *)room;
    tv_history hist = tv_history_start();
    int rc = steps_start(r, s, k, err);
    while (rc == TV_OK && s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        if (r->repetition && (rc = tv_history_push(r, &hist, s, err)))
            return rc;
        tv_move m = TV_MOVE_NONE;
        if ((rc = steps_draw(s, k, rng, &m, err)) >= 0)
            rc = steps_play(r, s, k, m, r->repetition ? hist.hash : NULL, hist.n, skip, err);
    }
    return rc;
}

static int playout_shots(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    shots_keep k;
    int pairs = tv_shoot_queen(r);
    shots_start(r, s, &k, pairs);
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        tv_move m = TV_MOVE_NONE;
        int rc = shots_draw(r, s, &k, rng, &m, pairs, err);
        if (rc < 0 || (rc = shots_play(r, s, &k, m, pairs, err)))
            return rc;
    }
    return TV_OK;
}

/* Whether this path plays r: not with hooks or a phase (the kernel does). */
static int playout_fits(const tv_rules *r) { return !tv_family_hooked(r) && !r->pieces.phase_var; }

int tv_pieces_playout_pairs(const tv_rules *r)
{
    return r->family == TV_FAMILY_PIECES && playout_fits(r) && shots_case(r) && !r->repetition && tv_shoot_queen(r);
}

static int playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    if (!playout_fits(r))
        return TV_PLAYOUT_DECLINED;
    if (shots_case(r) && !r->repetition)
        return playout_shots(r, s, rng, halt, ctx, err);
    /* built twice: with and without the captured-count test (Hasami Shogi has one) */
    return tv_end_no_capture_rule(r) ? playout_pieces(r, s, rng, halt, ctx, PIECES_SKIP | TV_END_SKIP_CAPTURED, err)
                                     : playout_pieces(r, s, rng, halt, ctx, PIECES_SKIP, err);
}

const tv_family tv_family_pieces = {
    .id = TV_FAMILY_PIECES,
    .moves = tv_pieces_moves,
    .count = count,
    .check = check,
    .apply = apply,
    .last_cell = last_cell,
    .last_from = last_from,
    .text = tv_pieces_text,
    .parse = tv_pieces_parse,
    .actions = actions,
    .action_of = action_of,
    .move_of = move_of,
    .passes = tv_family_never,
    .swaps = tv_family_never,
    .random = random,
    .playout = playout,
    .keep_size = keep_size,
    .keep_fits = keep_fits,
    .keep_start = keep_start,
    .keep_draw = keep_draw,
    .keep_play = keep_play,
};
