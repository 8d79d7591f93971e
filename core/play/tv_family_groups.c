/* The groups family (Go, Atari Go; tv_groups.h): a stone on an empty cell
 * that is no suicide and not the ko point, or a pass where the rules allow
 * one. A stone takes the enemy groups it leaves without a liberty, counted
 * to the mover's score where a captured-count rule reads it (Atari Go:
 * ends = { captured = 1 }); two passes in a row, or the ply
 * limit, end the game scored by area with komi (tv_end.h). The ko point and the passes
 * in a row are game variables ("ko", "passes"), so the position string and
 * the hash carry them and an undo restores them. */
#include "tv_family_groups.h"

#include "tv_chains.h"
#include "tv_end.h"
#include "tv_groups.h"
#include "tv_movetext.h"
#include "tv_place.h"
#include "tv_vars_state.h"

static int ko_of(const tv_rules *r, const tv_state *s)
{
    return r->groups.ko_var >= 0 ? tv_var_get(r, s, r->groups.ko_var, 0) : -1;
}

static int moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    tv_groups_scan g;
    int n = 0, ko = ko_of(r, s), colour = tv_colour_of(s, s->to_move);
    tv_groups_scan_of(r, s->cells, &g);
    for (int c = 0; c < r->ncells; c++)
        if (s->cells[c] == TV_EMPTY && c != ko && (r->groups.suicide || tv_groups_placement(r, s->cells, &g, c, colour))) {
            if (n == cap)
                return tv_error_set(err, TV_ELIMIT, "groups: more than %d moves, room for %d", n, cap);
            out[n++] = c;
        }
    if (r->groups.pass) {
        if (n == cap)
            return tv_error_set(err, TV_ELIMIT, "groups: more than %d moves, room for %d", n, cap);
        out[n++] = TV_MOVE_PASS;
    }
    return n;
}

static int count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    tv_move all[TV_MAX_MOVES];
    return moves(r, s, all, TV_MAX_MOVES, err);
}

static int check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (m == TV_MOVE_PASS)
        return r->groups.pass ? TV_OK : tv_error_set(err, TV_EILLEGAL, "pass: this game has no passing");
    int rc = tv_place_check_cell(r, s, m, err);
    if (rc)
        return rc;
    if (m == ko_of(r, s))
        return tv_move_refuse(r, m, err, "ko: the stone just taken there may not be taken back at once");
    tv_groups_scan g;
    tv_groups_scan_of(r, s->cells, &g);
    if (!r->groups.suicide && !tv_groups_placement(r, s->cells, &g, m, tv_colour_of(s, s->to_move)))
        return tv_move_refuse(r, m, err, "suicide: the stone and its group would have no liberty");
    return TV_OK;
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    (void)e; /* its ends are end rules (tv_end.h): a position read ends as the move did */
    int rc, ko = -1, passes = 0;
    if (m == TV_MOVE_PASS) {
        passes = tv_var_get(r, s, r->groups.passes_var, 0) + 1;
    } else {
        int taken;
        if ((rc = tv_groups_place(r, s, u, m, tv_colour_of(s, s->to_move), &taken, &ko, err)))
            return rc;
        if (r->target || r->margin) /* the stones taken are the scores where a captured-count rule reads them */
            s->score[s->to_move] += taken;
    }
    if (r->groups.ko_var >= 0 && (rc = tv_var_set(r, s, r->groups.ko_var, 0, ko, err)))
        return rc;
    if (r->groups.passes_var >= 0 && (rc = tv_var_set(r, s, r->groups.passes_var, 0, passes, err)))
        return rc;
    return TV_OK; /* two passes and the ply limit are end rules (tv_end_groups): a position read ends so too */
}

static int last_cell(const tv_rules *r, const tv_state *s)
{
    (void)r;
    return s->last >= 0 ? s->last : -1;
}

static int parse(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_move_parse_cell(r, text, m, err);
}

static int passes(const tv_rules *r) { return r->groups.pass; }

/* ---- the random-playout fast path ------------------------------------------ */

/* What it rules out (tv_end.h): hooks (its entry), a mancala, pieces. */
#define GROUPS_SKIP (TV_END_SKIP_HOOKS | TV_END_SKIP_MANCALA | TV_END_SKIP_PIECES)

/* The chains kept as they change (tv_chains.h) instead of a scan a ply: the
 * legal cells in the order moves() lists them, then the pass, drawn as the
 * kernel draws (moves[tv_rng_below(rng, n)]). The playout and a host's loop
 * (keep_*) run the same two steps. */
static int keep_fits(const tv_rules *r)
{
    return !tv_family_hooked(r) && !r->repetition && !r->groups.superko; /* superko: the kernel keeps the boards */
}

static size_t keep_size(const tv_rules *r)
{
    (void)r;
    return sizeof(tv_chains);
}

static int keep_start(const tv_rules *r, const tv_state *s, void *keep, tv_error *err)
{
    (void)err;
    tv_chains_of(r, s, keep);
    return TV_OK;
}

TV_END_INLINE int draw(const tv_rules *r, const tv_state *s, tv_chains *c, tv_rng *rng, tv_move *m, tv_error *err)
{
    uint64_t legal[TV_BITS_WORDS(TV_MAX_CELLS)];
    int n = tv_chains_legal_set(r, s, c, tv_colour_of(s, s->to_move), ko_of(r, s), legal);
    uint32_t total = (uint32_t)(n + r->groups.pass);
    if (total == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    uint32_t k = tv_rng_below(rng, total); /* the k-th legal cell in order, then the pass */
    *m = k < (uint32_t)n ? tv_bits_set_select(legal, k) : TV_MOVE_PASS;
    return (int)total;
}

TV_END_INLINE int step(const tv_rules *r, tv_state *s, tv_chains *c, tv_move m, tv_error *err)
{
    int newko = -1, passes = 0, taken, rc;
    if (m == TV_MOVE_PASS) {
        passes = tv_var_get(r, s, r->groups.passes_var, 0) + 1;
    } else {
        tv_chains_place(r, s, c, m, tv_colour_of(s, s->to_move), &taken, &newko);
        if (r->target || r->margin)
            s->score[s->to_move] += taken;
    }
    if (r->groups.ko_var >= 0 && (rc = tv_var_set(r, s, r->groups.ko_var, 0, newko, err)))
        return rc;
    if (r->groups.passes_var >= 0 && (rc = tv_var_set(r, s, r->groups.passes_var, 0, passes, err)))
        return rc;
    tv_end_turn(r, s, m, 0);
    return tv_end_after_step(r, s, -1, 0, TV_END_COUNT, GROUPS_SKIP, err);
}

static int keep_draw(const tv_rules *r, const tv_state *s, void *keep, tv_rng *rng, tv_move *m, tv_error *err)
{
    return draw(r, s, keep, rng, m, err);
}

static int keep_play(const tv_rules *r, tv_state *s, void *keep, tv_move m, const uint64_t *hist, int nhist,
                     tv_error *err)
{
    (void)hist, (void)nhist; /* no repetition rule here (keep_fits) */
    return step(r, s, keep, m, err);
}

static int playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    if (!keep_fits(r))
        return TV_PLAYOUT_DECLINED;
    tv_chains c;
    tv_chains_of(r, s, &c);
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        tv_move m = TV_MOVE_NONE;
        int rc = draw(r, s, &c, rng, &m, err);
        if (rc < 0 || (rc = step(r, s, &c, m, err)))
            return rc;
    }
    return TV_OK;
}

const tv_family tv_family_groups = {
    .id = TV_FAMILY_GROUPS,
    .moves = moves,
    .count = count,
    .check = check,
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
