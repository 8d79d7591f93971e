#include "tv_perft.h"

#include "tv_play.h"

int64_t tv_perft(const tv_rules *r, tv_state *s, int depth, tv_error *err)
{
    if (depth == 0)
        return 1;
    tv_move moves[TV_MAX_MOVES];
    int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, err);
    if (n < 0)
        return -1;
    if (depth == 1)
        return n;
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        tv_undo u;
        if (tv_play(r, s, moves[i], &u, err))
            return -1;
        int64_t sub = tv_perft(r, s, depth - 1, err);
        tv_unplay(r, s, &u);
        if (sub < 0)
            return -1;
        total += sub;
    }
    return total;
}
