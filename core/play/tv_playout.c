/* Random playouts (tv_playout.h), the hottest loop of the engine. The same
 * game as drawing moves[tv_rng_below(rng, n)] from tv_legal_moves and playing
 * it with tv_play_hist, random number for random number (tests/games/
 * test_playout.c and make bench check this), only faster:
 *   - a move the generator just produced is not checked again (with a moves
 *     hook the check asks the hook a second time);
 *   - without hooks, placement and drop games keep the empty cells (the open
 *     columns) as a bit set and take the k-th one, in the generator's order;
 *     a placement updates the cells, hash, counts, runs and goal directly
 *     (and keeps the turn in a turn of several stones), and the end is a
 *     line or a full board by the kernel's end rules (tv_play_internal.h);
 *   - mancala games without hooks reuse the moves found for the no-move rule
 *     as the next ply's moves;
 *   - moving pieces without hooks likewise reuse the moves
 *     found for the no-move rule, and play a move without checking it;
 *     moves that all shoot are counted, not listed, and the one drawn is
 *     found by its index (tv_shoot.h);
 *   - a score hook is called once, at the end (tv_play_score_can_wait).
 * Nothing is allocated but the repetition history, which only grows. */
#include <stdlib.h>
#include <string.h>

#include "tv_connect.h"
#include "tv_bits.h"
#include "tv_custodial.h"
#include "tv_flip.h"
#include "tv_join.h"
#include "tv_lines.h"
#include "tv_pieces.h"
#include "tv_play_internal.h"
#include "tv_rotate.h"
#include "tv_shoot.h"
#include "tv_sow.h"
#include "tv_turns.h"

/* Hashes since the last irreversible move: all a repetition can match. */
static _Thread_local uint64_t *hist;
static _Thread_local int hist_cap;

/* Appends s's hash to the history (emptied first after a capture). */
static inline int hist_push(const tv_state *s, int *nhist, tv_error *err)
{
    if (s->quiet == 0)
        *nhist = 0;
    if (*nhist == hist_cap) {
        int grown = hist_cap ? 2 * hist_cap : 1024;
        uint64_t *h = realloc(hist, (size_t)grown * sizeof *h);
        if (!h)
            return tv_error_set(err, TV_ENOMEM, "out of memory");
        hist = h;
        hist_cap = grown;
    }
    hist[(*nhist)++] = s->hash;
    return TV_OK;
}

#define SET_WORDS ((TV_MAX_CELLS + 63) / 64)

/* A stone of the mover on empty `cell` (for move m), its custodial captures
 * (the cells they empty go back into `set`), then the end rules the kernel
 * applies to a grid game without hooks or repetition: a line that meets the
 * goal, a full board (no move is left then, and never before: a placement or
 * an open column is always there), a captured count or margin. */
static inline int place_stone(const tv_rules *r, tv_state *s, tv_move m, int cell, uint64_t *set, int *count,
                              tv_error *err)
{
    int p = s->to_move, colour = tv_colour_of(s, p);
    s->hash ^= r->zcell[cell][TV_EMPTY] ^ r->zcell[cell][colour] ^ r->zside;
    s->cells[cell] = (uint8_t)colour;
    s->empty--;
    s->stones++;
    s->owned[colour - 1]++;
    if (r->lines.dirs)
        s->score[p] += tv_lines_delta(r, s->cells, cell);
    if (r->custodial.dirs) {
        int16_t taken[TV_CUSTODIAL_MAX_TAKEN];
        int n = tv_custodial_capture(r, s, NULL, cell, p, taken, err);
        if (n < 0)
            return n;
        for (int i = 0; i < n; i++)
            set[taken[i] >> 6] |= 1ull << (taken[i] & 63);
        *count += n;
    }
    int made = (r->goal.length && tv_goal_made(r, s->cells, cell)) ||
               (r->join.sides[0] && tv_join_made(r, s->cells, cell));
    int winner = made ? tv_goal_winner(r, p) : -1;
    s->to_move = (uint8_t)(p ^ 1);
    s->ply++;
    s->last = m;
    if (r->turns.active && tv_turns_again(r, s->stones - 1)) { /* a turn of several stones goes on */
        s->to_move = (uint8_t)p;
        s->hash ^= r->zside;
    }
    if (made || tv_play_grid_full(r, s) || tv_play_captured_end(r, s, &winner))
        tv_play_end(r, s, winner);
    return TV_OK;
}

/* A move the grid fast path leaves to the kernel (the swap, a block of the
 * setup phase): its effect and the end rules, no repetition. */
static int kernel_move(const tv_rules *r, tv_state *s, tv_move m, tv_error *err)
{
    int line_winner, rc = tv_play_effect(r, s, m, NULL, &line_winner, err);
    return rc ? rc : tv_play_settle(r, s, line_winner, 0, err);
}

/* Placement and drop games without hooks or repetition; the opening rules'
 * stones (tv_turns.h) are the kernel's moves, drawn as tv_legal_moves lists
 * them. */
static int playout_grid(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    while (s->status == TV_ONGOING && tv_turns_opening(r, s)) {
        tv_move moves[TV_MAX_MOVES];
        int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, err), rc;
        if (n <= 0)
            return n < 0 ? n : tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        if ((rc = kernel_move(r, s, moves[tv_rng_below(rng, (uint32_t)n)], err)))
            return rc;
    }
    int drop = r->moves == TV_MOVES_DROP, w = r->grid.width, top = r->ncells - w, count = 0;
    uint64_t set[SET_WORDS] = {0};  /* empty cells, or open columns */
    int land[TV_MAX_SIDE];          /* drop: the lowest empty cell of each open column */
    if (drop) {
        for (int col = 0; col < w; col++)
            if (s->cells[top + col] == TV_EMPTY) {
                set[0] |= 1ull << col;
                land[col] = tv_play_landing_cell(r, s, col);
                count++;
            }
    } else {
        for (int c = 0; c < r->ncells; c++)
            if (s->cells[c] == TV_EMPTY) {
                set[c >> 6] |= 1ull << (c & 63);
                count++;
            }
    }
    while (s->status == TV_ONGOING) {
        uint32_t n = (uint32_t)count + (uint32_t)tv_play_swap_allowed(r, s); /* swap comes last */
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        int k = (int)tv_rng_below(rng, n);
        if (k == count) {
            int rc = kernel_move(r, s, TV_MOVE_SWAP, err);
            if (rc)
                return rc;
            continue;
        }
        int m = tv_bits_set_select(set, (unsigned)k), cell = m;
        if (drop) {
            cell = land[m];
            if (cell >= top) { /* the column is full now */
                set[0] &= ~(1ull << m);
                count--;
            } else {
                int next = cell + w;
                while (s->cells[next] != TV_EMPTY)
                    next += w;
                land[m] = next;
            }
        } else {
            set[m >> 6] &= ~(1ull << (m & 63));
            count--;
        }
        if (s->flags & TV_FLAG_SETUP) { /* a block, as the kernel puts it down */
            int rc = kernel_move(r, s, m, err);
            if (rc)
                return rc;
            continue;
        }
        int rc = place_stone(r, s, m, cell, set, &count, err);
        if (rc)
            return rc;
    }
    return TV_OK;
}

/* Mancala games without hooks. */
static int playout_mancala(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx,
                           tv_error *err)
{
    tv_move moves[2 * TV_MANCALA_MAX_HOLES + 1];
    int cap = 2 * TV_MANCALA_MAX_HOLES + 1, nhist = 0, n = tv_sow_moves(r, s, moves, cap);
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        if (r->repetition) {
            int rc = hist_push(s, &nhist, err);
            if (rc)
                return rc;
        }
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        tv_move m = moves[tv_rng_below(rng, (uint32_t)n)];
        int p = s->to_move, next = tv_sow_apply(r, s, m, NULL) ? p : p ^ 1;
        if (next != p)
            s->hash ^= r->zside;
        s->to_move = (uint8_t)next;
        s->ply++;
        s->last = m;
        /* The kernel's end rules, in its order: the board's, a repetition, no move. */
        int over = tv_play_mancala_over(r, s) || (r->repetition && tv_play_repeats(s, hist, nhist)), winner = -1;
        if (!over) {
            n = tv_sow_moves(r, s, moves, cap);
            over = tv_play_no_move_ends(r, n) || tv_play_capped(r, s, &winner);
        }
        if (over)
            tv_play_end(r, s, winner);
    }
    return TV_OK;
}

/* Pieces that move, without hooks: the kernel's end rules in its order (a
 * piece on the far row, too few pieces left, a connected side, a repeated
 * position, no move, no progress, the move limit), the moves found for the
 * no-move rule played next. */
static int playout_pieces(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx,
                          tv_error *err)
{
    tv_move moves[TV_MOVES_LIMIT];
    tv_pieces_plan plan[2]; /* by colour: what the generator derives from the rules, once */
    tv_pieces_plan_for(r, TV_STONE1, &plan[0]);
    tv_pieces_plan_for(r, TV_STONE2, &plan[1]);
    int n = tv_pieces_moves_planned(r, &plan[tv_colour_of(s, s->to_move) - 1], s, moves, err), nhist = 0, rc;
    while (n >= 0 && s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        if (r->repetition && (rc = hist_push(s, &nhist, err)))
            return rc;
        tv_move m = moves[tv_rng_below(rng, (uint32_t)n)];
        int progress, p = s->to_move, reached = tv_pieces_apply(r, s, m, NULL, &progress, err);
        if (reached < 0)
            return reached;
        tv_play_pieces_quiet(r, s, progress);
        s->hash ^= r->zside;
        s->to_move = (uint8_t)(p ^ 1);
        s->ply++;
        s->last = m;
        int winner = reached ? p + 1 : -1;
        int over = reached || tv_play_pieces_lost(r, s, &winner) || tv_connect_end(r, s, &winner) ||
                   tv_play_captured_end(r, s, &winner) || (r->repetition && tv_play_repeats(s, hist, nhist));
        if (!over) {
            if ((n = tv_pieces_moves_planned(r, &plan[tv_colour_of(s, s->to_move) - 1], s, moves, err)) < 0)
                return n;
            if (tv_play_no_move_ends(r, n)) {
                tv_play_no_move_winner(r, s, &winner);
                over = 1;
            } else {
                over = tv_play_no_progress(r, s, &winner) || tv_play_capped(r, s, &winner);
            }
        }
        if (over)
            tv_play_end(r, s, winner);
    }
    return n < 0 ? n : TV_OK;
}

/* Pieces that move and shoot (tv_shoot_fast), without hooks, repetition or the connection end:
 * as playout_pieces, but the moves are counted and the one drawn is found by
 * its index, not listed (Amazons has thousands a turn). */
static int playout_shots(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx,
                         tv_error *err)
{
    tv_shoot_board b;
    tv_shoot_init(r, s, &b);
    int n = tv_shoot_count(r, s, &b);
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        tv_move m = tv_shoot_pick(r, s, &b, (int)tv_rng_below(rng, (uint32_t)n));
        int progress, p = s->to_move, reached = tv_shoot_apply(r, s, &b, m, &progress, err);
        if (reached < 0)
            return reached;
        tv_play_pieces_quiet(r, s, progress);
        s->hash ^= r->zside;
        s->to_move = (uint8_t)(p ^ 1);
        s->ply++;
        s->last = m;
        int winner = reached ? p + 1 : -1, over = reached || tv_play_pieces_lost(r, s, &winner);
        if (!over) {
            n = tv_shoot_count(r, s, &b);
            if (tv_play_no_move_ends(r, n)) {
                tv_play_no_move_winner(r, s, &winner);
                over = 1;
            } else {
                over = tv_play_no_progress(r, s, &winner) || tv_play_capped(r, s, &winner);
            }
        }
        if (over)
            tv_play_end(r, s, winner);
    }
    return TV_OK;
}

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

/* One uniformly random legal move: a moves hook with a pick converts only
 * that move. The random numbers drawn are those of tv_legal_moves and
 * moves[tv_rng_below(n)]. Returns n, 0 (no move) or an error code. */
static int random_move(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err)
{
    if (r->hooks.pick) {
        int n = r->hooks.pick(r->hooks.ctx, r, s, rng, m, err);
        if (n != 0 || !tv_play_pass_when_stuck(r))
            return n;
        tv_rng_below(rng, 1); /* as tv_legal_moves' one move, the pass, is drawn */
        *m = TV_MOVE_PASS;
        return 1;
    }
    tv_move moves[TV_MOVES_LIMIT];
    int n = tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, err);
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
    int nhist = 0, late = tv_play_score_can_wait(r), hooks = tv_play_has_hooks(r), rc = TV_OK;
    while (s->status == TV_ONGOING) {
        if (j->halt && j->halt(j->ctx)) {
            rc = TV_PLAYOUT_HALTED;
            break;
        }
        if (r->repetition && (rc = hist_push(s, &nhist, j->err)))
            break;
        tv_move m;
        int n = random_move(r, s, j->rng, &m, j->err);
        if (n <= 0) {
            rc = n < 0 ? n : tv_error_set(j->err, TV_ERULES, "no legal move in a game that is not over");
            break;
        }
        if (hooks) { /* a hook may fail half-way: keep a way back */
            memcpy(j->u.head, s, TV_STATE_HEAD);
            j->u.n = 0;
            j->in_move = 1;
        }
        int line_winner;
        if ((rc = tv_play_effect(r, s, m, hooks ? &j->u : NULL, &line_winner, j->err)))
            break;
        int repeated = r->repetition && hist && tv_play_repeats(s, hist, nhist);
        rc = late ? tv_play_settle_scores_at_end(r, s, line_winner, repeated, j->err)
                  : tv_play_settle(r, s, line_winner, repeated, j->err);
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
    if (rc && tv_play_score_can_wait(r)) { /* leave the scores of the position reached, if the hook gives them */
        tv_error ignored;
        tv_play_score_hook(r, s, &ignored);
    }
    return rc;
}

int tv_random_playout_halt(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *ctx), void *ctx,
                           tv_error *err)
{
    if (s->status != TV_ONGOING)
        return TV_OK;
    if (!tv_play_has_hooks(r) && r->moves == TV_MOVES_PIECES) /* shots: the end rules of playout_shots */
        return tv_shoot_fast(r) && !r->repetition && !(r->ends & TV_END_CONNECTED)
                   ? playout_shots(r, s, rng, halt, ctx, err) : playout_pieces(r, s, rng, halt, ctx, err);
    if (!tv_play_has_hooks(r) && r->flip.dirs && !r->repetition)
        return tv_flip_playout(r, s, rng, halt, ctx, err);
    if (!tv_play_has_hooks(r) && r->board == TV_BOARD_GRID && !r->repetition && !r->cap_binds && r->rotate.side)
        return tv_rotate_playout(r, s, rng, err); /* place, then rotate (tv_rotate.c) */
    if (!tv_play_has_hooks(r) && r->board == TV_BOARD_GRID && !r->repetition && !r->cap_binds)
        return playout_grid(r, s, rng, err); /* ends within its cells: the move limit cannot bind */
    if (!tv_play_has_hooks(r) && r->board == TV_BOARD_MANCALA)
        return playout_mancala(r, s, rng, halt, ctx, err);
    return playout_any(r, s, rng, halt, ctx, err);
}

int tv_random_playout(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    return tv_random_playout_halt(r, s, rng, NULL, NULL, err);
}
