/* Flips (tv_flip.h). A ray is walked through the grid's neighbour table, so
 * the board's edge and blocked cells end it with no arithmetic; every walk is
 * bounded by the side of the board. */
#include "tv_flip.h"

#include "tv_play_internal.h"

/* The enemy stones from `cell` along direction d that an own stone closes:
 * their count, 0 when the run is empty or not closed. */
static inline int bracketed(const tv_rules *r, const uint8_t *cells, int cell, int d, int own, int enemy)
{
    int x = r->nb[cell][d], n = 0;
    while (x >= 0 && cells[x] == enemy) {
        x = r->nb[x][d];
        n++;
    }
    return x >= 0 && cells[x] == own ? n : 0;
}

/* Whether a stone of `own` on the empty `cell` flips anything. The first
 * neighbour decides most directions, so it is tested before the walk. */
static inline int flips_some(const tv_rules *r, const uint8_t *cells, int cell, int own, int enemy)
{
    for (int d = 0; d < 8; d++) {
        int x = r->nb[cell][d];
        if ((r->flip.dirs >> d & 1) && x >= 0 && cells[x] == enemy && bracketed(r, cells, cell, d, own, enemy))
            return 1;
    }
    return 0;
}

/* The cells where `own` can place, in cell order, into out[0..cap). */
static int placements(const tv_rules *r, const uint8_t *cells, int own, tv_move *out, int cap)
{
    int n = 0, enemy = own ^ 3;
    for (int c = 0; c < r->ncells && n < cap; c++)
        if (cells[c] == TV_EMPTY && flips_some(r, cells, c, own, enemy))
            out[n++] = c;
    return n;
}

static int can_place(const tv_rules *r, const uint8_t *cells, int own)
{
    for (int c = 0; c < r->ncells; c++)
        if (cells[c] == TV_EMPTY && flips_some(r, cells, c, own, own ^ 3))
            return 1;
    return 0;
}

/* The moves when the mover has no placement: the pass, if the rules have
 * it and the opponent can place. */
static int stuck(const tv_rules *r, const tv_state *s, int own, tv_move *out, int cap)
{
    if (r->flip.pass && cap > 0 && can_place(r, s->cells, own ^ 3)) {
        out[0] = TV_MOVE_PASS;
        return 1;
    }
    return 0;
}

int tv_flip_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap)
{
    int own = tv_colour_of(s, s->to_move), n = placements(r, s->cells, own, out, cap);
    return n ? n : stuck(r, s, own, out, cap);
}

static int refuse(const tv_rules *r, tv_move m, tv_error *err, const char *why)
{
    char name[16];
    tv_move_text(r, m, name, sizeof name);
    return tv_error_set(err, TV_EILLEGAL, "%s: %s", name, why);
}

int tv_flip_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    int own = tv_colour_of(s, s->to_move);
    if (m == TV_MOVE_PASS) {
        tv_move only;
        if (can_place(r, s->cells, own))
            return refuse(r, m, err, "a placement that flips is possible: a player may pass only without one");
        if (!stuck(r, s, own, &only, 1))
            return refuse(r, m, err, "this game has no pass");
        return TV_OK;
    }
    if (m < 0 || m >= r->ncells)
        return refuse(r, m, err, "not a move of this game");
    if (s->cells[m] == TV_BLOCK)
        return refuse(r, m, err, "the cell is blocked");
    if (s->cells[m] != TV_EMPTY)
        return refuse(r, m, err, "the cell is occupied");
    if (!flips_some(r, s->cells, m, own, own ^ 3))
        return refuse(r, m, err, "it brackets no enemy stone (a placement must flip at least one)");
    return TV_OK;
}

int tv_flip_apply(const tv_rules *r, tv_state *s, tv_undo *u, int cell, tv_error *err)
{
    int own = tv_colour_of(s, s->to_move), enemy = own ^ 3, runs[8];
    for (int d = 0; d < 8; d++) /* before the stone goes down: the runs as they are */
        runs[d] = (r->flip.dirs >> d & 1) ? bracketed(r, s->cells, cell, d, own, enemy) : 0;
    int rc = tv_state_set(r, s, u, cell, own, err);
    for (int d = 0; d < 8 && !rc; d++)
        for (int k = 0, x = r->nb[cell][d]; k < runs[d] && !rc; k++, x = r->nb[x][d])
            rc = tv_state_set(r, s, u, x, own, err);
    return rc;
}

/* tv_flip_apply without an undo record or checks, for playouts: the cells,
 * the hash and the counts written directly. */
static inline void place_fast(const tv_rules *r, tv_state *s, int cell)
{
    int own = tv_colour_of(s, s->to_move), enemy = own ^ 3, turned = 0;
    uint64_t h = s->hash ^ r->zcell[cell][TV_EMPTY] ^ r->zcell[cell][own];
    for (int d = 0; d < 8; d++) {
        int x = r->nb[cell][d];
        if (!(r->flip.dirs >> d & 1) || x < 0 || s->cells[x] != enemy)
            continue;
        int n = bracketed(r, s->cells, cell, d, own, enemy);
        for (int k = 0; k < n; k++, x = r->nb[x][d]) {
            s->cells[x] = (uint8_t)own;
            h ^= r->zcell[x][enemy] ^ r->zcell[x][own];
        }
        turned += n;
    }
    s->cells[cell] = (uint8_t)own;
    s->hash = h;
    s->empty--;
    s->stones++;
    s->owned[own - 1] = (uint16_t)(s->owned[own - 1] + 1 + turned);
    s->owned[enemy - 1] = (uint16_t)(s->owned[enemy - 1] - turned);
}

int tv_flip_playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    tv_move moves[TV_MAX_MOVES];
    int n = tv_flip_moves(r, s, moves, TV_MAX_MOVES);
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        tv_move m = moves[tv_rng_below(rng, (uint32_t)n)];
        if (m >= 0)
            place_fast(r, s, m);
        s->hash ^= r->zside;
        s->to_move ^= 1;
        s->ply++;
        s->last = m;
        tv_play_piece_scores(r, s);
        /* The kernel's end rules, in its order: a full grid, no move, the limit. */
        int winner = -1, over = tv_play_grid_full(r, s);
        if (!over) {
            n = tv_flip_moves(r, s, moves, TV_MAX_MOVES);
            if (tv_play_no_move_ends(r, n)) {
                tv_play_no_move_winner(r, s, &winner);
                over = 1;
            } else {
                over = tv_play_capped(r, s, &winner);
            }
        }
        if (over)
            tv_play_end(r, s, winner);
    }
    return TV_OK;
}
