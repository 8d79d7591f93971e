#include "tv_perft.h"

#include <stdlib.h>

#include "tv_history.h"
#include "tv_play.h"

/* hist[0..n) holds the positions from the root down to s, for the
 * repetition rule and superko (the root's history before it is not known);
 * moves has room for r->max_moves moves per level left, and holds s's legal
 * moves already when nmoves >= 0. Where the play splits (tv_play_splits), a
 * child's moves are listed once, between the move's effect and the end
 * rules, which take their count instead of looking for a legal move again
 * (chess: a third of a perft was that second look). */
static int64_t perft(const tv_rules *r, tv_state *s, int depth, uint64_t *hist, int n, tv_move *moves, int nmoves,
                     tv_error *err)
{
    if (depth == 0)
        return 1;
    int count = nmoves >= 0 ? nmoves : tv_legal_moves_hist(r, s, hist, n, moves, r->max_moves, err);
    if (count < 0)
        return -1;
    if (depth == 1)
        return count;
    int64_t total = 0;
    int split = tv_play_splits(r);
    tv_move *next = moves + r->max_moves;
    for (int i = 0; i < count; i++) {
        tv_undo u;
        int line_winner, listed = -1;
        if (split) {
            if (tv_play_effect(r, s, moves[i], &u, &line_winner, err))
                return -1;
            if ((listed = tv_legal_moves(r, s, next, r->max_moves, err)) < 0 ||
                tv_play_settle(r, s, line_winner, hist, n, listed, err)) {
                tv_unplay(r, s, &u);
                return -1;
            }
            if (s->status == TV_OVER) /* an end rule ended it: no moves after all */
                listed = 0;
        } else if (tv_play_listed(r, s, moves[i], &u, hist, n, err)) {
            return -1;
        }
        hist[n] = tv_history_key(r, s);
        int64_t sub = perft(r, s, depth - 1, hist, n + 1, next, listed, err);
        tv_unplay(r, s, &u);
        if (sub < 0)
            return -1;
        total += sub;
    }
    return total;
}

int64_t tv_perft(const tv_rules *r, tv_state *s, int depth, tv_error *err)
{
    uint64_t hist[TV_PERFT_MAX_DEPTH + 1];
    if (depth < 0 || depth > TV_PERFT_MAX_DEPTH) {
        tv_error_set(err, TV_EINVAL, "perft: depth %d is outside 0..%d", depth, TV_PERFT_MAX_DEPTH);
        return -1;
    }
    hist[0] = tv_history_key(r, s);
    /* One array per level: a shooting game's levels hold thousands each. */
    tv_move *moves = malloc((size_t)(depth > 0 ? depth : 1) * (size_t)r->max_moves * sizeof *moves);
    if (!moves) {
        tv_error_set(err, TV_ENOMEM, "perft: out of memory");
        return -1;
    }
    int64_t total = perft(r, s, depth, hist, 1, moves, -1, err);
    free(moves);
    return total;
}
