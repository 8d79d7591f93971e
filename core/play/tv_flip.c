/* Flips (tv_flip.h). A ray is walked through the grid's neighbour table, so
 * the board's edge and blocked cells end it with no arithmetic; every walk is
 * bounded by the side of the board. */
#include "tv_flip.h"

#include <string.h>
#include "tv_bits.h"

#include "tv_end.h"
#include "tv_flip_wide.h"
#include "tv_movetext.h"
#include "tv_place.h"

/* ---- bit boards: boards of 64 cells or fewer (tv_flip.bits) --------------
 * A set of cells is a word; one step of every member along direction d is a
 * shift and a mask (derived in tv_rules_finish), so all the rays of a colour
 * advance at once. */

static inline uint64_t step(const tv_flip *f, uint64_t x, int d) { return ((x << f->shl[d]) >> f->shr[d]) & f->mask[d]; }

/* The empty cells where a stone of the colour of `own` closes a run of `enemy`. */
static inline uint64_t bb_moves(const tv_flip *f, uint64_t own, uint64_t enemy, uint64_t empty)
{
    uint64_t moves = 0;
    for (int d = 0; d < 8; d++) {
        if (!(f->dirs >> d & 1))
            continue;
        uint64_t run = step(f, own, d) & enemy;
        for (int k = 0; k < f->reach; k++)
            run |= step(f, run, d) & enemy;
        moves |= step(f, run, d) & empty;
    }
    return moves;
}

/* The enemy stones a stone on the cell `at` (one bit) turns. */
static inline uint64_t bb_turned(const tv_flip *f, uint64_t at, uint64_t own, uint64_t enemy)
{
    uint64_t turned = 0;
    for (int d = 0; d < 8; d++) {
        if (!(f->dirs >> d & 1))
            continue;
        uint64_t run = 0, x = step(f, at, d);
        while (x & enemy) {
            run |= x;
            x = step(f, x, d);
        }
        turned |= x & own ? run : 0;
    }
    return turned;
}

/* The stones of each colour (by colour index) and the empty cells of cells. */
static void bb_of(const tv_rules *r, const uint8_t *cells, uint64_t stones[2], uint64_t *empty)
{
    stones[0] = stones[1] = *empty = 0;
    for (int c = 0; c < r->ncells; c++) {
        uint64_t bit = 1ull << c;
        if (cells[c] == TV_EMPTY)
            *empty |= bit;
        else if (cells[c] == TV_STONE1 || cells[c] == TV_STONE2)
            stones[cells[c] - 1] |= bit;
    }
}

/* ---- rays: any board -------------------------------------------------- */

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

/* The cells where `own` can place, in cell order, into out[0..cap): on
 * bit boards of several words (tv_flip_wide.h), as the boards of one word. */
static int placements(const tv_rules *r, const uint8_t *cells, int own, tv_move *out, int cap)
{
    return tv_flip_wide_moves(r, cells, own, out, cap);
}

static int can_place(const tv_rules *r, const uint8_t *cells, int own)
{
    if (!r->flip.bits)
        return tv_flip_wide_any(r, cells, own);
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

/* tv_flip_moves on bit boards. */
static int moves_bits(const tv_rules *r, const tv_state *s, tv_move *out, int cap)
{
    uint64_t stones[2], empty;
    int own = tv_colour_of(s, s->to_move) - 1, n = 0;
    bb_of(r, s->cells, stones, &empty);
    uint64_t moves = bb_moves(&r->flip, stones[own], stones[own ^ 1], empty);
    for (; moves && n < cap; moves &= moves - 1)
        out[n++] = tv_bits_lowest(moves);
    if (n == 0 && cap > 0 && r->flip.pass && bb_moves(&r->flip, stones[own ^ 1], stones[own], empty))
        out[n++] = TV_MOVE_PASS;
    return n;
}

int tv_flip_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap)
{
    if (r->flip.bits)
        return moves_bits(r, s, out, cap);
    int own = tv_colour_of(s, s->to_move), n = placements(r, s->cells, own, out, cap);
    return n ? n : stuck(r, s, own, out, cap);
}

int tv_flip_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    int own = tv_colour_of(s, s->to_move);
    if (m == TV_MOVE_PASS) {
        tv_move only;
        if (can_place(r, s->cells, own))
            return tv_move_refuse(r, m, err, "a placement that flips is possible: a player may pass only without one");
        if (!stuck(r, s, own, &only, 1))
            return tv_move_refuse(r, m, err, "this game has no pass");
        return TV_OK;
    }
    int rc = tv_place_check_cell(r, s, m, err);
    if (rc)
        return rc;
    if (!flips_some(r, s->cells, m, own, own ^ 3))
        return tv_move_refuse(r, m, err, "it brackets no enemy stone (a placement must flip at least one)");
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
static inline void place_fast(const tv_rules *r, tv_state *s, int cell, uint64_t (*stones)[TV_FLIP_WORDS],
                              uint64_t *empty)
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
            if (stones) { /* the sets a wide playout keeps: the stone changes colour */
                stones[0][x >> 6] ^= 1ull << (x & 63);
                stones[1][x >> 6] ^= 1ull << (x & 63);
            }
        }
        turned += n;
    }
    if (stones) {
        stones[own - 1][cell >> 6] |= 1ull << (cell & 63);
        empty[cell >> 6] &= ~(1ull << (cell & 63));
    }
    s->cells[cell] = (uint8_t)own;
    s->hash = h;
    s->empty--;
    s->stones++;
    s->owned[own - 1] = (uint16_t)(s->owned[own - 1] + 1 + turned);
    s->owned[enemy - 1] = (uint16_t)(s->owned[enemy - 1] - turned);
}

/* The cells of s from the bit boards (blocks stay where they are). */
static void bb_write(const tv_rules *r, tv_state *s, const uint64_t stones[2])
{
    for (int c = 0; c < r->ncells; c++)
        if (s->cells[c] != TV_BLOCK)
            s->cells[c] = (uint8_t)((stones[0] >> c & 1) | (stones[1] >> c & 1) << 1);
}

/* What the flip playouts rule out (tv_end.h): their entry checked the hooks. */
#define FLIP_SKIP (TV_END_SKIP_HOOKS | TV_END_SKIP_MANCALA | TV_END_SKIP_PIECES)

/* The mover's stone (colour index own) on `cell` of one-word boards: its
 * flips on the sets, the hash and the counts; the cells too when
 * write_cells (a constant: a playout writes them back at its end). */
static inline void bb_place(const tv_rules *r, tv_state *s, uint64_t *mine, uint64_t *theirs, uint64_t *empty,
                            int own, int cell, const int write_cells)
{
    uint64_t at = 1ull << cell, turned = bb_turned(&r->flip, at, *mine, *theirs);
    int count = tv_bits_count(turned);
    *mine |= turned | at;
    *theirs &= ~turned;
    *empty &= ~at;
    uint64_t h = s->hash ^ r->zcell[cell][TV_EMPTY] ^ r->zcell[cell][own + 1];
    if (write_cells)
        s->cells[cell] = (uint8_t)(own + 1);
    for (; turned; turned &= turned - 1) {
        int c = tv_bits_lowest(turned);
        h ^= r->zcell[c][TV_STONE1] ^ r->zcell[c][TV_STONE2];
        if (write_cells)
            s->cells[c] = (uint8_t)(own + 1);
    }
    s->hash = h;
    s->empty--;
    s->stones++;
    s->owned[own] = (uint16_t)(s->owned[own] + 1 + count);
    s->owned[own ^ 1] = (uint16_t)(s->owned[own ^ 1] - count);
}

/* tv_flip_playout on bit boards: the cells are written back once, at the end
 * (or when halted; after every move in the check build, which verifies the
 * state at each hand-over); the hash and counts follow every move. */
TV_END_INLINE int playout_bits(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx,
                               unsigned skip, tv_error *err)
{
    const tv_flip *f = &r->flip;
    uint64_t stones[2], empty;
    bb_of(r, s->cells, stones, &empty);
    int own = tv_colour_of(s, s->to_move) - 1;
    uint64_t moves = bb_moves(f, stones[own], stones[own ^ 1], empty);
    int pass = !moves && f->pass && bb_moves(f, stones[own ^ 1], stones[own], empty);
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx)) {
            bb_write(r, s, stones);
            return TV_PLAYOUT_HALTED;
        }
        int n = moves ? tv_bits_count(moves) : pass;
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        unsigned k = tv_rng_below(rng, (uint32_t)n);
        tv_move m = TV_MOVE_PASS;
        if (moves) {
            m = tv_bits_select(moves, k);
            bb_place(r, s, &stones[own], &stones[own ^ 1], &empty, own, m, 0);
        }
#ifdef TV_STATE_CHECKS
        bb_write(r, s, stones);
#endif
        tv_end_turn(r, s, m, 0);
        own ^= 1;
        moves = bb_moves(f, stones[own], stones[own ^ 1], empty);
        pass = !moves && f->pass && bb_moves(f, stones[own ^ 1], stones[own], empty);
        int winner, over = tv_end_rules(r, s, -1, 0, moves || pass, skip, &winner, err);
        if (over) {
            bb_write(r, s, stones);
            tv_end_game(r, s, winner);
        }
    }
    return TV_OK;
}

/* tv_flip_playout on any board. */
TV_END_INLINE int playout_cells(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx,
                                unsigned skip, tv_error *err)
{
    const tv_flip *f = &r->flip;
    uint64_t stones[2][TV_FLIP_WORDS], empty[TV_FLIP_WORDS], moves[TV_FLIP_WORDS], theirs_moves[TV_FLIP_WORDS];
    int nw = TV_BITS_WORDS(r->ncells), own = tv_colour_of(s, s->to_move) - 1;
    tv_flip_wide_sets(r, s->cells, stones, empty);
    int any = tv_flip_wide_moves_of(r, stones[own], stones[own ^ 1], empty, moves);
    int pass = !any && f->pass && tv_flip_wide_moves_of(r, stones[own ^ 1], stones[own], empty, theirs_moves);
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        int n = pass;
        if (any)
            for (int w = 0; w < nw; w++)
                n += tv_bits_count(moves[w]);
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        unsigned k = tv_rng_below(rng, (uint32_t)n);
        tv_move m = any ? tv_bits_set_select(moves, k) : TV_MOVE_PASS;
        if (m >= 0)
            place_fast(r, s, m, stones, empty);
        tv_end_turn(r, s, m, 0);
        own ^= 1;
        any = tv_flip_wide_moves_of(r, stones[own], stones[own ^ 1], empty, moves);
        pass = !any && f->pass && tv_flip_wide_moves_of(r, stones[own ^ 1], stones[own], empty, theirs_moves);
        int winner, over = tv_end_rules(r, s, -1, 0, any || pass, skip, &winner, err);
        if (over)
            tv_end_game(r, s, winner);
    }
    return TV_OK;
}

/* ---- a host's loop (tv_family.h keep_*) ----------------------------------
 * The playouts' sets kept in the game from ply to ply: each colour's stones,
 * the empty cells and the mover's placements; every move writes its cells,
 * hash and counts at once (the host may read the state between moves). */

size_t tv_flip_keep_size(const tv_rules *r)
{
    (void)r;
    return sizeof(tv_flip_keep);
}

/* The mover's placements, or whether the pass is the move. */
static void keep_moves(const tv_rules *r, tv_flip_keep *k)
{
    const tv_flip *f = &r->flip;
    int own = k->own;
    if (f->bits) {
        k->moves[0] = bb_moves(f, k->stones[own][0], k->stones[own ^ 1][0], k->empty[0]);
        k->any = k->moves[0] != 0;
        k->pass = !k->any && f->pass && bb_moves(f, k->stones[own ^ 1][0], k->stones[own][0], k->empty[0]);
    } else {
        uint64_t theirs[TV_FLIP_WORDS];
        k->any = tv_flip_wide_moves_of(r, k->stones[own], k->stones[own ^ 1], k->empty, k->moves);
        k->pass = !k->any && f->pass && tv_flip_wide_moves_of(r, k->stones[own ^ 1], k->stones[own], k->empty, theirs);
    }
}

int tv_flip_keep_start(const tv_rules *r, const tv_state *s, tv_flip_keep *k)
{
    memset(k, 0, sizeof *k);
    if (r->flip.bits) {
        uint64_t stones[2];
        bb_of(r, s->cells, stones, &k->empty[0]);
        k->stones[0][0] = stones[0], k->stones[1][0] = stones[1];
    } else {
        tv_flip_wide_sets(r, s->cells, k->stones, k->empty);
    }
    k->own = tv_colour_of(s, s->to_move) - 1;
    keep_moves(r, k);
    return TV_OK;
}

int tv_flip_keep_draw(const tv_rules *r, const tv_flip_keep *k, tv_rng *rng, tv_move *m, tv_error *err)
{
    int n = k->pass;
    if (k->any)
        for (int w = 0; w < TV_BITS_WORDS(r->ncells); w++)
            n += tv_bits_count(k->moves[w]);
    if (n == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    unsigned i = tv_rng_below(rng, (uint32_t)n);
    *m = k->any ? tv_bits_set_select(k->moves, i) : TV_MOVE_PASS;
    return n;
}

int tv_flip_keep_play(const tv_rules *r, tv_state *s, tv_flip_keep *k, tv_move m, tv_error *err)
{
    const tv_flip *f = &r->flip;
    int own = k->own;
    if (m >= 0 && f->bits) /* the playout's move on one word, its cells written */
        bb_place(r, s, &k->stones[own][0], &k->stones[own ^ 1][0], &k->empty[0], own, m, 1);
    else if (m >= 0)
        place_fast(r, s, m, k->stones, k->empty);
    tv_end_turn(r, s, m, 0);
    k->own ^= 1;
    keep_moves(r, k);
    unsigned skip = tv_end_no_capture_rule(r) ? FLIP_SKIP | TV_END_SKIP_CAPTURED : FLIP_SKIP;
    return tv_end_after_step(r, s, -1, 0, k->any || k->pass, skip, err);
}

/* Each loop built twice: with and without the captured-count rule's test. */
int tv_flip_playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    int plain = tv_end_no_capture_rule(r);
    if (r->flip.bits)
        return plain ? playout_bits(r, s, rng, halt, ctx, FLIP_SKIP | TV_END_SKIP_CAPTURED, err)
                     : playout_bits(r, s, rng, halt, ctx, FLIP_SKIP, err);
    return plain ? playout_cells(r, s, rng, halt, ctx, FLIP_SKIP | TV_END_SKIP_CAPTURED, err)
                 : playout_cells(r, s, rng, halt, ctx, FLIP_SKIP, err);
}
