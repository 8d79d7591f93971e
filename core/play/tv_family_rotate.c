/* The rotation family (Pentago): a stone on an empty cell, then a block of
 * the board turned a quarter, one move (tv_rotate.h). */
#include "tv_family_rotate.h"

#include <stdio.h>

#include "tv_cells.h"
#include "tv_movetext.h"
#include "tv_rotate.h"

static int moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    (void)err;
    return tv_rotate_moves(r, s, out, cap);
}

static int count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    (void)err;
    return tv_cells_empty_count(s->cells, r->ncells) * tv_rotate_turns(r);
}

/* moves[below(n)] of tv_rotate_moves (the same numbers), without the list:
 * the k-th move is the (k / turns)-th empty cell, turned by k % turns. */
static int random(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err)
{
    (void)err;
    int turns = tv_rotate_turns(r), n = tv_cells_empty_count(s->cells, r->ncells) * turns;
    if (n > 0) {
        int k = (int)tv_rng_below(rng, (uint32_t)n);
        *m = k % turns * r->ncells + tv_cells_empty_at(s->cells, r->ncells, k / turns);
    }
    return n;
}

static int check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    return m < 0 ? tv_move_refuse(r, m, err, "not a move of this game") : tv_rotate_check(r, s, m, err);
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    return m >= 0 ? tv_rotate_apply(r, s, m, u, &e->line_winner, err) : TV_OK;
}

static int last_cell(const tv_rules *r, const tv_state *s) { return tv_rotate_where(r, s->last); }

static int text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    if (m >= 0 && m < r->ncells * tv_rotate_turns(r))
        return tv_rotate_text(r, m, buf, size);
    return snprintf(buf, size, "#%d", (int)m);
}

static int parse(const tv_rules *r, const tv_state *s, const char *t, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_rotate_parse(r, t, m, err);
}

/* Action ids: cell * turns + turn, in the moves' order (a move is turn * cells + cell). */
static int actions(const tv_rules *r) { return r->ncells * tv_rotate_turns(r); }

static int action_of(const tv_rules *r, tv_move m)
{
    return m >= 0 && m < actions(r) ? m % r->ncells * tv_rotate_turns(r) + m / r->ncells : TV_EINVAL;
}

static int move_of(const tv_rules *r, int a, tv_move *m)
{
    *m = a % tv_rotate_turns(r) * r->ncells + a / tv_rotate_turns(r);
    return TV_OK;
}

static int keep_fits(const tv_rules *r) { return !tv_family_hooked(r) && !r->repetition && !r->cap_binds; }

static int playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    (void)halt, (void)ctx; /* ends within its cells: not asked */
    return keep_fits(r) ? tv_rotate_playout(r, s, rng, err) : TV_PLAYOUT_DECLINED;
}

static size_t keep_size(const tv_rules *r)
{
    (void)r;
    return sizeof(tv_rotate_keep);
}

static int keep_start(const tv_rules *r, const tv_state *s, void *keep, tv_error *err)
{
    (void)err;
    tv_rotate_keep_start(r, s, keep);
    return TV_OK;
}

static int keep_draw(const tv_rules *r, const tv_state *s, void *keep, tv_rng *rng, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_rotate_keep_draw(r, keep, rng, m, err);
}

static int keep_play(const tv_rules *r, tv_state *s, void *keep, tv_move m, const uint64_t *hist, int nhist,
                     tv_error *err)
{
    (void)hist, (void)nhist; /* no repetition rule here (keep_fits) */
    return tv_rotate_keep_play(r, s, keep, m, err);
}

const tv_family tv_family_rotate = {
    .id = TV_FAMILY_ROTATE,
    .moves = moves,
    .count = count,
    .check = check,
    .apply = apply,
    .last_cell = last_cell,
    .text = text,
    .parse = parse,
    .actions = actions,
    .action_of = action_of,
    .move_of = move_of,
    .random = random,
    .passes = tv_family_never,
    .swaps = tv_family_never,
    .playout = playout,
    .keep_size = keep_size,
    .keep_fits = keep_fits,
    .keep_start = keep_start,
    .keep_draw = keep_draw,
    .keep_play = keep_play,
};
