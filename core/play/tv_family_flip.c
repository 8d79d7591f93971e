/* The flip family (Othello): a stone that brackets enemy runs and turns them
 * (tv_flip.h), a pass where the rules pass. */
#include "tv_family_flip.h"

#include "tv_flip.h"
#include "tv_movetext.h"

static int moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    (void)err;
    return tv_flip_moves(r, s, out, cap);
}

static int count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    tv_move out[TV_MAX_MOVES];
    return moves(r, s, out, TV_MAX_MOVES, err);
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    (void)e;
    return m >= 0 ? tv_flip_apply(r, s, u, m, err) : TV_OK; /* a pass changes no cell */
}

static int last_cell(const tv_rules *r, const tv_state *s)
{
    (void)r;
    return s->last;
}

static int parse(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_move_parse_cell(r, text, m, err);
}

static int passes(const tv_rules *r) { return r->flip.pass; }

static int playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    if (tv_family_hooked(r) || r->repetition)
        return TV_PLAYOUT_DECLINED;
    return tv_flip_playout(r, s, rng, halt, ctx, err);
}

/* A host's loop (tv_family.h keep_*): the playout's case, its sets kept. */
static int keep_fits(const tv_rules *r) { return !tv_family_hooked(r) && !r->repetition; }

static int keep_start(const tv_rules *r, const tv_state *s, void *keep, tv_error *err)
{
    (void)err;
    return tv_flip_keep_start(r, s, keep);
}

static int keep_draw(const tv_rules *r, const tv_state *s, void *keep, tv_rng *rng, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_flip_keep_draw(r, keep, rng, m, err);
}

static int keep_play(const tv_rules *r, tv_state *s, void *keep, tv_move m, const uint64_t *hist, int nhist,
                     tv_error *err)
{
    (void)hist, (void)nhist; /* no repetition rule here (keep_fits) */
    return tv_flip_keep_play(r, s, keep, m, err);
}

const tv_family tv_family_flip = {
    .id = TV_FAMILY_FLIP,
    .moves = moves,
    .count = count,
    .check = tv_flip_check,
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
    .keep_size = tv_flip_keep_size,
    .keep_fits = keep_fits,
    .keep_start = keep_start,
    .keep_draw = keep_draw,
    .keep_play = keep_play,
};
