/* The sowing family (mancala): the seeds of an own hole sown along the track
 * (tv_sow.h), a pass where the rules pass. Its fast path reuses the moves
 * found for the no-move rule as the next ply's moves. */
#include "tv_family_sow.h"

#include "tv_bits.h"
#include "tv_end.h"
#include "tv_history.h"
#include "tv_holes.h"
#include "tv_movetext.h"
#include "tv_sow.h"

#define SOW_MOVES (2 * TV_MANCALA_MAX_HOLES + 1)

static int moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    (void)err;
    return tv_sow_moves(r, s, out, cap);
}

static int count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    tv_move out[SOW_MOVES];
    return moves(r, s, out, SOW_MOVES, err);
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    int again = tv_sow_apply(r, s, m, u);
    if (again < 0)
        return tv_error_set(err, again, "the relay sowing would never end");
    e->again = again; /* the last seed in the own store */
    return TV_OK;
}

static int last_cell(const tv_rules *r, const tv_state *s)
{
    (void)r, (void)s;
    return -1; /* seeds, not a stone */
}

static int parse(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_move_parse_cell(r, text, m, err);
}

static int passes(const tv_rules *r) { return r->sow.pass; }

/* What the fast path rules out (tv_end.h): the entry checked hooks; not a grid. */
#define SOW_SKIP (TV_END_SKIP_HOOKS | TV_END_SKIP_GRID | TV_END_SKIP_PIECES)

/* The fast path's steps, for a host's loop too (keep_*): the legal holes,
 * found once a ply as bits (the end rules' count reads them) and kept for
 * the next draw, which takes the k-th as tv_sow_moves lists it. A
 * repetition rule keeps its history in the playout alone. */
typedef struct sow_keep {
    unsigned legal; /* tv_sow_legal */
    int first;      /* the hole of bit 0: the mover's row */
    int n;          /* the legal moves: the holes, or 1 for a pass */
    uint64_t holes; /* the holes' part of the state's hash (tv_holes_hash): rehashed once a ply, not twice */
} sow_keep;

static void keep_moves(const tv_rules *r, const tv_state *s, sow_keep *k)
{
    k->legal = tv_sow_legal(r, s);
    k->first = s->to_move * r->sow.holes;
    k->n = k->legal ? tv_bits_count(k->legal) : r->sow.pass != 0;
}

static int keep_fits(const tv_rules *r) { return !tv_family_hooked(r); }

static size_t keep_size(const tv_rules *r)
{
    (void)r;
    return sizeof(sow_keep);
}

static int keep_start(const tv_rules *r, const tv_state *s, void *keep, tv_error *err)
{
    (void)err;
    sow_keep *k = keep;
    keep_moves(r, s, k);
    k->holes = tv_holes_hash(r, s);
    return TV_OK;
}

TV_END_INLINE int sow_draw(const sow_keep *k, tv_rng *rng, tv_move *m, tv_error *err)
{
    if (k->n == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    unsigned i = tv_rng_below(rng, (uint32_t)k->n);
    *m = k->legal ? k->first + tv_bits_select(k->legal, i) : TV_MOVE_PASS;
    return k->n;
}

TV_END_INLINE int sow_step(const tv_rules *r, tv_state *s, sow_keep *k, tv_move m, const uint64_t *hist, int nhist,
                           int hashless, tv_error *err)
{
    int again = tv_sow_apply_unhashed(r, s, m);
    if (!hashless && again >= 0) { /* the holes hashed as they were when the keep last saw them */
        uint64_t holes = tv_holes_hash(r, s);
        s->hash ^= k->holes ^ holes;
        k->holes = holes;
    }
    tv_end_turn(r, s, m, again);
    int repeated = hist && tv_history_repeats(r, s, hist, nhist);
    keep_moves(r, s, k);
    return tv_end_after_step(r, s, -1, repeated, k->n, SOW_SKIP, err);
}

static int keep_draw(const tv_rules *r, const tv_state *s, void *keep, tv_rng *rng, tv_move *m, tv_error *err)
{
    (void)r, (void)s;
    return sow_draw(keep, rng, m, err);
}

static int keep_play(const tv_rules *r, tv_state *s, void *keep, tv_move m, const uint64_t *hist, int nhist,
                     tv_error *err)
{
    return sow_step(r, s, keep, m, r->repetition ? hist : NULL, nhist, 0, err);
}

static int playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    if (tv_family_hooked(r))
        return TV_PLAYOUT_DECLINED;
    sow_keep k;
    tv_history hist = tv_history_start();
    keep_start(r, s, &k, err);
    /* Without a repetition rule nothing reads the hash before the end: it
     * is counted once then (the check build keeps it at every hand-over). */
#ifdef TV_STATE_CHECKS
    int hashless = 0;
#else
    int hashless = !r->repetition;
#endif
    int rc = TV_OK;
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx)) {
            rc = TV_PLAYOUT_HALTED;
            break;
        }
        if (r->repetition && (rc = tv_history_push(r, &hist, s, err)))
            break;
        tv_move m = TV_MOVE_NONE;
        if ((rc = sow_draw(&k, rng, &m, err)) < 0 ||
            (rc = sow_step(r, s, &k, m, r->repetition ? hist.hash : NULL, hist.n, hashless, err)))
            break;
    }
    if (hashless)
        s->hash = tv_state_hash(r, s);
    return rc < 0 || rc == TV_PLAYOUT_HALTED ? rc : TV_OK;
}

const tv_family tv_family_sow = {
    .id = TV_FAMILY_SOW,
    .moves = moves,
    .count = count,
    .check = tv_sow_check,
    .apply = apply,
    .last_cell = last_cell,
    .text = tv_move_text_cell,
    .parse = parse,
    .actions = tv_family_cells,
    .action_of = tv_family_cell_action,
    .move_of = tv_family_action_move,
    .passes = passes,
    .swaps = tv_family_never,
    .playout = playout,
    .keep_size = keep_size,
    .keep_fits = keep_fits,
    .keep_start = keep_start,
    .keep_draw = keep_draw,
    .keep_play = keep_play,
};
