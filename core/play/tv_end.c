/* The end rules' calls out of line (tv_end.h): the hooks, counting moves,
 * and the kernel's settle steps. */
#include "tv_end.h"

int tv_end_hook_call(const tv_rules *r, tv_state *s, int *winner, tv_error *err)
{
    int rc = r->hooks.ends(r->hooks.ctx, r, s, winner, err);
    if (rc)
        return rc;
    if (*winner < -1 || *winner > 2)
        return tv_error_set(err, TV_EHOOK, "ends hook: winner %d is not nil, 0, 1 or 2", *winner);
    return *winner >= 0;
}

int tv_end_count_moves(const tv_rules *r, tv_state *s, tv_error *err)
{
    s->status = TV_ONGOING; /* the family lists nothing in a game that is over */
    return tv_family_of(r)->count(r, s, err);
}

int tv_end_score_hook(const tv_rules *r, tv_state *s, tv_error *err)
{
    int32_t score[2];
    int rc = r->hooks.score(r->hooks.ctx, r, s, score, err);
    if (rc)
        return rc;
    s->score[0] = score[0];
    s->score[1] = score[1];
    return TV_OK;
}

int tv_end_settle(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err)
{
    return tv_end_settle_counted(r, s, line_winner, repeated, TV_END_COUNT, err);
}

int tv_end_settle_counted(const tv_rules *r, tv_state *s, int line_winner, int repeated, int nmoves, tv_error *err)
{
    if (r->hooks.score) {
        int rc = tv_end_score_hook(r, s, err);
        if (rc)
            return rc;
    }
    int winner, over = tv_end_rules(r, s, line_winner, repeated, nmoves, 0, &winner, err);
    if (over < 0)
        return over;
    tv_end_conclude(r, s, over, winner);
    return TV_OK;
}

int tv_end_settle_late(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err)
{
    int winner, over = tv_end_rules(r, s, line_winner, repeated, TV_END_COUNT, 0, &winner, err);
    if (over < 0)
        return over;
    if (over && r->hooks.score) {
        int rc = tv_end_score_hook(r, s, err);
        if (rc)
            return rc;
    }
    tv_end_conclude(r, s, over, winner);
    return TV_OK;
}
