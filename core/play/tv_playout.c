/* Random playouts (tv_playout.h), the hottest loop of the engine. The same
 * game as drawing moves[tv_rng_below(rng, n)] from tv_legal_moves and playing
 * it with tv_play_hist, random number for random number (tests/games/
 * test_playout.c and make bench check this), only faster. A family's fast
 * path plays where it fits (tv_family.h: the grid's bit set of empty cells,
 * sowing, pieces and shots, flips, rotations); the loop here plays the rest
 * (hooks, a repetition rule a fast path does not keep):
 *   - a move the generator just produced is not checked again (with a moves
 *     hook the check asks the hook a second time);
 *   - a score hook is called once, at the end (tv_end_score_can_wait).
 * Nothing is allocated but the repetition history, which only grows. */
#include <string.h>

#include "tv_end.h"
#include "tv_family.h"
#include "tv_history.h"
#include "tv_playout.h"

/* A random playout of any ruleset; with hooks it may run as one batch of
 * hook calls (tv_hooks.batch), which a failing hook cuts short: so
 * everything it must undo lives here, not in the frame of playout_steps. */
typedef struct playout_job {
    const tv_rules *r;
    tv_state *s;
    tv_rng *rng;
    tv_error *err;
    tv_undo u;   /* the move being played when a hook fails half-way */
    int in_move; /* u is that move's record */
    int (*halt)(void *ctx);
    void *ctx;
} playout_job;

int tv_random_move(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err)
{
    return tv_random_move_hist(r, s, NULL, 0, rng, m, err);
}

int tv_random_move_hist(const tv_rules *r, const tv_state *s, const uint64_t *hist, int nhist, tv_rng *rng, tv_move *m,
                        tv_error *err)
{
    if (s->status == TV_OVER)
        return 0;
    const tv_family *f = tv_family_of(r);
    if (f->random && !(r->groups.superko && hist))
        return f->random(r, s, rng, m, err);
    tv_move moves[TV_MOVES_LIMIT];
    int n = f->moves(r, s, moves, TV_MOVES_LIMIT, err);
    if (n > 0 && r->groups.superko && hist)
        n = tv_history_superko(r, s, hist, nhist, moves, n);
    if (n > 0)
        *m = moves[tv_rng_below(rng, (uint32_t)n)];
    return n;
}

/* The generator's moves, played without checking them again. */
static int playout_steps(void *arg)
{
    playout_job *j = arg;
    const tv_rules *r = j->r;
    tv_state *s = j->s;
    int late = tv_end_score_can_wait(r), hooks = tv_family_hooked(r), rc = TV_OK;
    tv_history hist = tv_history_start();
    while (s->status == TV_ONGOING) {
        if (j->halt && j->halt(j->ctx)) {
            rc = TV_PLAYOUT_HALTED;
            break;
        }
        if ((r->repetition || r->groups.superko) && (rc = tv_history_push(r, &hist, s, j->err)))
            break;
        tv_move m;
        int n = tv_random_move_hist(r, s, hist.hash, hist.n, j->rng, &m, j->err);
        if (n <= 0) {
            rc = n < 0 ? n : tv_error_set(j->err, TV_ERULES, "no legal move in a game that is not over");
            break;
        }
        if (hooks) { /* a hook may fail half-way: keep a way back */
            tv_undo_start(r, &j->u, s);
            j->in_move = 1;
        }
        tv_effect e = {-1, 0};
        if ((rc = tv_family_of(r)->apply(r, s, m, hooks ? &j->u : NULL, &e, j->err)))
            break;
        tv_end_turn(r, s, m, e.again);
        int repeated = r->repetition && tv_history_repeats(r, s, hist.hash, hist.n);
        rc = late ? tv_end_settle_late(r, s, e.line_winner, repeated, j->err)
                  : tv_end_settle(r, s, e.line_winner, repeated, j->err);
        if (rc)
            break;
        j->in_move = 0;
    }
    return rc;
}

static int playout_any(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    playout_job job = {.r = r, .s = s, .rng = rng, .err = err, .in_move = 0, .halt = halt, .ctx = ctx};
    int rc = r->hooks.batch ? r->hooks.batch(r->hooks.ctx, playout_steps, &job, err) : playout_steps(&job);
    if (rc && job.in_move)
        tv_unplay(r, s, &job.u);
    if (rc && tv_end_score_can_wait(r)) { /* leave the scores of the position reached, if the hook gives them */
        tv_error ignored;
        tv_end_score_hook(r, s, &ignored);
    }
    return rc;
}

int tv_random_playout_halt(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *ctx), void *ctx,
                           tv_error *err)
{
    if (s->status != TV_ONGOING)
        return TV_OK;
    const tv_family *f = tv_family_of(r);
    int rc = f->playout ? f->playout(r, s, rng, halt, ctx, err) : TV_PLAYOUT_DECLINED;
    return rc == TV_PLAYOUT_DECLINED ? playout_any(r, s, rng, halt, ctx, err) : rc;
}

int tv_random_playout(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    return tv_random_playout_halt(r, s, rng, NULL, NULL, err);
}
