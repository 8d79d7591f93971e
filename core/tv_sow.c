#include "tv_sow.h"

#include <string.h>

static int row_of(const tv_rules *r, int hole) { return hole >= r->sow.holes; }

static int side_ok(const tv_rules *r, int hole, int mover, int side)
{
    int own = row_of(r, hole) == mover;
    return (own && (side & TV_SIDE_OWN)) || (!own && (side & TV_SIDE_OPP));
}

/* Sets a hole's count, keeping the hash. */
static void put(const tv_rules *r, tv_state *s, int hole, int count)
{
    s->hash ^= r->zseed[hole][s->cells[hole]] ^ r->zseed[hole][count];
    s->cells[hole] = (uint8_t)count;
}

int tv_sow_row_seeds(const tv_rules *r, const tv_state *s, int p)
{
    int n = r->sow.holes, total = 0;
    for (int i = p * n; i < (p + 1) * n; i++)
        total += s->cells[i];
    return total;
}

/* Which holes the last seed's capture takes, in the order found; returns the
 * count of holes. Only holes on the capture rule's sides are considered. */
static int capture_set(const tv_rules *r, const tv_state *s, int last, int mover, int holes[])
{
    const tv_sow *w = &r->sow;
    int n = 0;
    if (w->empty_capture) {
        int opp = (last + w->holes) % (2 * w->holes);
        if (row_of(r, last) == mover && s->cells[last] == 1 &&
            (s->cells[opp] > 0 || w->empty_capture == TV_EMPTY_CAPTURE_ALWAYS)) {
            holes[n++] = last;
            holes[n++] = opp;
        }
        return n;
    }
    if (!w->counts || !side_ok(r, last, mover, w->side) || !((w->counts >> s->cells[last]) & 1))
        return 0;
    holes[n++] = last;
    /* The chain runs backwards along the track, against the sowing. */
    for (int pos = r->track_pos[last], k = 1; w->chain && k < r->track_len; k++) {
        int h = r->track[(pos - k + r->track_len) % r->track_len];
        if (h < 0)
            continue; /* stores do not break a chain */
        if (h == last || !side_ok(r, h, mover, w->chain_side) || !((w->counts >> s->cells[h]) & 1))
            break;
        holes[n++] = h;
    }
    return n;
}

/* The whole move; *slam is set when the capture would take all the
 * opponent's seeds. Returns 1 for an extra turn. */
static int sow(const tv_rules *r, tv_state *s, int hole, int *slam)
{
    const tv_sow *w = &r->sow;
    int mover = s->to_move, seeds = s->cells[hole], pos = r->track_pos[hole], last = hole;
    *slam = 0;
    put(r, s, hole, 0);
    if (w->origin_first) {
        put(r, s, hole, 1);
        seeds--;
    }
    while (seeds > 0) {
        pos = (pos + 1) % r->track_len;
        int t = r->track[pos];
        if (t < 0) { /* a store: -1 is player 1's, -2 player 2's */
            int owner = -t - 1;
            if (owner == mover ? w->own_store : w->opp_store) {
                s->score[owner]++;
                s->stones--;
                seeds--;
                last = t;
            }
            continue;
        }
        if (t == hole && w->skip_origin)
            continue;
        put(r, s, t, s->cells[t] + 1);
        seeds--;
        last = t;
        if (seeds == 0 && w->relay && s->cells[t] > 1) { /* relay: lift and go on */
            seeds = s->cells[t];
            put(r, s, t, 0);
        }
    }
    if (last < 0)
        return w->extra_turn && last == -1 - mover;

    int holes[2 * TV_MANCALA_MAX_HOLES], n = capture_set(r, s, last, mover, holes);
    if (n == 0)
        return 0;
    int from_opp = 0;
    for (int i = 0; i < n; i++)
        if (row_of(r, holes[i]) != mover)
            from_opp += s->cells[holes[i]];
    if (from_opp > 0 && from_opp == tv_sow_row_seeds(r, s, mover ^ 1)) {
        *slam = 1;
        if (w->grand_slam != TV_SLAM_ALLOWED)
            return 0; /* captures nothing (an illegal slam never gets here) */
    }
    for (int i = 0; i < n; i++) {
        s->score[mover] += s->cells[holes[i]];
        s->stones = (uint16_t)(s->stones - s->cells[holes[i]]);
        put(r, s, holes[i], 0);
    }
    return 0;
}

/* Whether hole is playable under the feeding and grand-slam rules. */
static int allowed(const tv_rules *r, const tv_state *s, int hole)
{
    const tv_sow *w = &r->sow;
    int opp = s->to_move ^ 1;
    /* Only a capture can empty the opponent's row, so feeding needs a look
     * ahead only when that row is empty or a slam may take it all. */
    int look = (w->must_feed && (tv_sow_row_seeds(r, s, opp) == 0 || w->grand_slam == TV_SLAM_ALLOWED)) ||
               w->grand_slam == TV_SLAM_ILLEGAL;
    if (!look)
        return 1;
    tv_state_buf buf;
    tv_state *t = &buf.state;
    memcpy(t, s, (size_t)r->state_size);
    int slam;
    sow(r, t, hole, &slam);
    if (slam && w->grand_slam == TV_SLAM_ILLEGAL)
        return 0;
    return !w->must_feed || tv_sow_row_seeds(r, t, opp) > 0;
}

int tv_sow_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap)
{
    int n = 0, first = s->to_move * r->sow.holes;
    for (int h = first; h < first + r->sow.holes && n < cap; h++)
        if (s->cells[h] > 0 && allowed(r, s, h))
            out[n++] = h;
    if (n == 0 && r->sow.pass && cap > 0)
        out[n++] = TV_MOVE_PASS;
    return n;
}

int tv_sow_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    char name[8];
    if (m == TV_MOVE_PASS) {
        tv_move moves[2 * TV_MANCALA_MAX_HOLES + 1];
        int n = tv_sow_moves(r, s, moves, 2 * TV_MANCALA_MAX_HOLES + 1);
        if (n == 1 && moves[0] == TV_MOVE_PASS)
            return TV_OK;
        return tv_error_set(err, TV_EILLEGAL, r->sow.pass ? "pass: only allowed with no other move"
                                                          : "pass: this game has no passing");
    }
    if (m < 0 || m >= r->ncells)
        return tv_error_set(err, TV_EILLEGAL, "not a move of this game");
    tv_grid_cell_name(&r->grid, m, name, sizeof name);
    if (row_of(r, m) != s->to_move)
        return tv_error_set(err, TV_EILLEGAL, "%s: not a hole of player %d", name, s->to_move + 1);
    if (s->cells[m] == 0)
        return tv_error_set(err, TV_EILLEGAL, "%s: the hole is empty", name);
    if (!allowed(r, s, m))
        return tv_error_set(err, TV_EILLEGAL, "%s: %s", name,
                            r->sow.must_feed ? "the move must leave the opponent seeds"
                                             : "the move would capture all the opponent's seeds");
    return TV_OK;
}

int tv_sow_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u)
{
    if (u) /* every hole, once: a sowing may pass a hole many times */
        for (int h = 0; h < r->ncells; h++) {
            u->cell[u->n] = (uint16_t)h;
            u->old[u->n++] = s->cells[h];
        }
    if (m == TV_MOVE_PASS) {
        s->quiet++;
        return 0;
    }
    int before = s->stones, slam;
    int again = sow(r, s, m, &slam);
    s->quiet = s->stones == before ? (uint16_t)(s->quiet + 1) : 0;
    return again;
}

void tv_sow_remainder(const tv_rules *r, tv_state *s)
{
    int n = r->sow.holes;
    if (r->remainder == TV_REMAINDER_OWN_ROW) {
        for (int h = 0; h < 2 * n; h++) {
            s->score[row_of(r, h)] += s->cells[h];
            s->stones = (uint16_t)(s->stones - s->cells[h]);
            put(r, s, h, 0);
        }
    } else if (r->remainder == TV_REMAINDER_SPLIT) {
        int half = s->stones / 2; /* an odd seed stays on the board */
        s->score[0] += half;
        s->score[1] += half;
        int left = s->stones - 2 * half;
        for (int h = 0; h < 2 * n; h++)
            put(r, s, h, 0);
        if (left)
            put(r, s, 0, left);
        s->stones = (uint16_t)left;
    }
}
