#include "tv_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tv_lines.h"
#include "tv_sow.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

static int has_hooks(const tv_rules *r)
{
    return r->hooks.moves || r->hooks.score || r->hooks.ends || r->hooks.play;
}

/* Every cell write goes through here: it keeps the hash, the undo record
 * and the counts derived from the cells. */
int tv_state_set(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int value, tv_error *err)
{
    int mancala = r->board == TV_BOARD_MANCALA;
    if (cell < 0 || cell >= r->ncells)
        return tv_error_set(err, TV_EINVAL, "cell %d is not on the board", cell + 1);
    if (value < 0 || value > (mancala ? TV_MANCALA_MAX_SEEDS : TV_BLOCK))
        return tv_error_set(err, TV_EINVAL, "%d cannot be put in a %s", value, mancala ? "hole" : "cell");
    int old = s->cells[cell];
    if (u) {
        if (u->n == TV_UNDO_CELLS)
            return tv_error_set(err, TV_ELIMIT, "a move may change at most %d cells", TV_UNDO_CELLS);
        u->cell[u->n] = (uint16_t)cell;
        u->old[u->n++] = (uint8_t)old;
    }
    if (mancala) {
        s->hash ^= r->zseed[cell][old] ^ r->zseed[cell][value];
        s->stones = (uint16_t)(s->stones + value - old);
    } else {
        s->hash ^= r->zcell[cell][old] ^ r->zcell[cell][value];
        s->empty = (uint16_t)(s->empty + (value == TV_EMPTY) - (old == TV_EMPTY));
        s->stones = (uint16_t)(s->stones + (value == TV_STONE1 || value == TV_STONE2) -
                               (old == TV_STONE1 || old == TV_STONE2));
    }
    s->cells[cell] = (uint8_t)value;
    return TV_OK;
}

int tv_place(const tv_rules *r, tv_state *s, tv_undo *u, int cell, tv_error *err)
{
    if (r->board != TV_BOARD_GRID || cell < 0 || cell >= r->ncells || s->cells[cell] != TV_EMPTY)
        return tv_error_set(err, TV_EILLEGAL, "place: cell %d is not an empty cell", cell + 1);
    int rc = tv_state_set(r, s, u, cell, tv_colour_of(s, s->to_move), err);
    if (rc)
        return rc;
    if (r->lines.dirs)
        s->score[s->to_move] += tv_lines_delta(r, s->cells, cell);
    return r->goal.length && tv_goal_made(r, s->cells, cell);
}

uint64_t tv_state_hash(const tv_rules *r, const tv_state *s)
{
    uint64_t h = 0;
    if (r->board == TV_BOARD_MANCALA)
        for (int c = 0; c < r->ncells; c++)
            h ^= r->zseed[c][s->cells[c]];
    else
        for (int c = 0; c < r->ncells; c++)
            h ^= r->zcell[c][s->cells[c]];
    if (s->to_move)
        h ^= r->zside;
    if (s->flags & TV_FLAG_SWAPPED)
        h ^= r->zswapped;
    if (s->flags & TV_FLAG_SETUP)
        h ^= r->zsetup;
    return h;
}

static int winner_by_score(const tv_state *s)
{
    return s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? 2 : 0;
}

/* Whether a mancala game has reached one of its end rules. */
static inline int mancala_over(const tv_rules *r, const tv_state *s)
{
    if ((r->ends & TV_END_BOARD_EMPTY) && s->stones == 0)
        return 1;
    if ((r->ends & TV_END_SIDE_EMPTY) && (!tv_sow_row_seeds(r, s, 0) || !tv_sow_row_seeds(r, s, 1)))
        return 1;
    return r->target > 0 && (s->score[0] >= r->target || s->score[1] >= r->target);
}

/* Calls the score hook on s. */
static int score_hook(const tv_rules *r, tv_state *s, tv_error *err)
{
    int32_t score[2];
    int rc = r->hooks.score(r->hooks.ctx, r, s, score, err);
    if (rc)
        return rc;
    s->score[0] = score[0];
    s->score[1] = score[1];
    return TV_OK;
}

/* Whether a playout may call the score hook at its end only: nothing before
 * the end reads the scores (hooks see the board, not the scores; a capture
 * target would read them), and the hook is a function of the state, so the
 * final scores are the same. */
static int score_can_wait(const tv_rules *r)
{
    return r->hooks.score && !(r->board == TV_BOARD_MANCALA && r->target > 0);
}

/* Scores, status and winner after the cells changed. line_winner is the
 * player (1, 2) who just made a line that meets the goal, or -1; repeated
 * says the position has occurred before; lazy (score_can_wait) leaves the
 * score hook for the end of the game. Hooks may fail. */
static int settle_lazy(const tv_rules *r, tv_state *s, int line_winner, int repeated, int lazy, tv_error *err)
{
    if (r->hooks.score && !lazy) {
        int rc = score_hook(r, s, err);
        if (rc)
            return rc;
    }
    int winner = line_winner, over = line_winner > 0;
    /* A full grid ends every game: without a moves hook nothing is left to play. */
    if (!over && r->board == TV_BOARD_GRID && ((r->ends & TV_END_BOARD_FULL) || !r->hooks.moves))
        over = s->empty == 0;
    if (!over && r->board == TV_BOARD_MANCALA)
        over = mancala_over(r, s);
    if (!over)
        over = repeated;
    if (!over && (r->ends & TV_END_NO_MOVE)) {
        tv_move moves[TV_MAX_MOVES];
        s->status = TV_ONGOING;
        int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, err);
        if (n < 0)
            return n;
        over = n == 0;
    }
    if (!over && r->hooks.ends) {
        int rc = r->hooks.ends(r->hooks.ctx, r, s, &winner, err);
        if (rc)
            return rc;
        if (winner < -1 || winner > 2)
            return tv_error_set(err, TV_EHOOK, "ends hook: winner %d is not nil, 0, 1 or 2", winner);
        over = winner >= 0;
    }
    if (over && lazy && r->hooks.score) {
        int rc = score_hook(r, s, err);
        if (rc)
            return rc;
    }
    if (over && winner < 0) {
        if (r->board == TV_BOARD_MANCALA)
            tv_sow_remainder(r, s);
        winner = winner_by_score(s);
    }
    s->status = over ? TV_OVER : TV_ONGOING;
    s->winner = (int8_t)(over ? winner : -1);
    return TV_OK;
}

static int settle(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err)
{
    return settle_lazy(r, s, line_winner, repeated, 0, err);
}

int tv_state_new(const tv_rules *r, uint64_t seed, tv_state *s, tv_error *err)
{
    memset(s, 0, (size_t)r->state_size);
    s->empty = (uint16_t)r->ncells;
    s->last = TV_MOVE_NONE;
    s->winner = -1;

    const tv_blocks *b = &r->blocks;
    tv_rng rng;
    tv_rng_seed(&rng, seed);
    if (r->board == TV_BOARD_MANCALA) {
        s->empty = 0;
        for (int h = 0; h < r->ncells; h++)
            s->cells[h] = (uint8_t)r->sow.seeds;
        s->stones = (uint16_t)(r->ncells * r->sow.seeds);
    } else if (b->mode == TV_BLOCKS_LIST) {
        for (int i = 0; i < b->count; i++)
            s->cells[b->cells[i]] = TV_BLOCK;
        s->empty = (uint16_t)(s->empty - b->count);
    } else if (b->mode == TV_BLOCKS_RANDOM) {
        int count;
        if (b->odd) {
            int lo = b->min | 1, choices = (b->max - lo) / 2 + 1;
            count = lo + 2 * (int)tv_rng_below(&rng, (uint32_t)choices);
        } else {
            count = b->min + (int)tv_rng_below(&rng, (uint32_t)(b->max - b->min + 1));
        }
        uint16_t order[TV_MAX_CELLS];
        for (int c = 0; c < r->ncells; c++)
            order[c] = (uint16_t)c;
        for (int i = 0; i < count; i++) { /* partial Fisher-Yates */
            int j = i + (int)tv_rng_below(&rng, (uint32_t)(r->ncells - i));
            uint16_t t = order[i];
            order[i] = order[j];
            order[j] = t;
            s->cells[order[i]] = TV_BLOCK;
        }
        s->empty = (uint16_t)(s->empty - count);
    } else if (b->mode == TV_BLOCKS_PLACED) {
        s->flags |= TV_FLAG_SETUP;
        s->setup_left = (uint8_t)b->count;
    }
    s->hash = tv_state_hash(r, s);
    return settle(r, s, -1, 0, err);
}

static int swap_allowed(const tv_rules *r, const tv_state *s)
{
    return r->swap_after > 0 && s->stones == r->swap_after &&
           !(s->flags & (TV_FLAG_SWAPPED | TV_FLAG_SETUP));
}

/* A mancala player without a move passes when the rules say so (no_move =
 * "pass"), whether the moves come from sowing or from a moves hook. */
static int pass_when_stuck(const tv_rules *r)
{
    return r->board == TV_BOARD_MANCALA && r->sow.pass;
}

static int hook_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    int n = r->hooks.moves(r->hooks.ctx, r, s, out, cap, err);
    if (n == 0 && cap > 0 && pass_when_stuck(r))
        out[n++] = TV_MOVE_PASS;
    return n;
}

int tv_legal_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    if (s->status == TV_OVER)
        return 0;
    if (r->hooks.moves)
        return hook_moves(r, s, out, cap, err);
    if (r->board == TV_BOARD_MANCALA)
        return tv_sow_moves(r, s, out, cap);
    int n = 0;
    if (r->moves == TV_MOVES_DROP) {
        int top = r->ncells - r->grid.width; /* first cell of the top row */
        for (int col = 0; col < r->grid.width && n < cap; col++)
            if (s->cells[top + col] == TV_EMPTY)
                out[n++] = col;
    } else {
        for (int c = 0; c < r->ncells && n < cap; c++)
            if (s->cells[c] == TV_EMPTY)
                out[n++] = c;
    }
    if (swap_allowed(r, s) && n < cap)
        out[n++] = TV_MOVE_SWAP;
    return n;
}

/* A refusal naming the move: "d4: why". The name is written only here, on
 * the way out: formatting it costs more than the whole check. */
static int refuse(const tv_rules *r, tv_move m, tv_error *err, const char *why)
{
    char name[16];
    tv_move_text(r, m, name, sizeof name);
    return tv_error_set(err, TV_EILLEGAL, "%s: %s", name, why);
}

int tv_check_move(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (s->status == TV_OVER)
        return refuse(r, m, err, "the game is over");
    if (r->hooks.moves) {
        tv_move moves[TV_MAX_MOVES];
        int n = hook_moves(r, s, moves, TV_MAX_MOVES, err);
        if (n < 0)
            return n;
        for (int i = 0; i < n; i++)
            if (moves[i] == m)
                return TV_OK;
        return refuse(r, m, err, "not among the legal moves");
    }
    if (r->board == TV_BOARD_MANCALA)
        return tv_sow_check(r, s, m, err);
    if (m == TV_MOVE_SWAP) {
        if (swap_allowed(r, s))
            return TV_OK;
        if (r->swap_after == 0)
            return tv_error_set(err, TV_EILLEGAL, "swap: this game has no swap rule");
        return tv_error_set(err, TV_EILLEGAL, "swap: only allowed once, right after stone %d",
                            r->swap_after);
    }
    if (r->moves == TV_MOVES_DROP) {
        if (m < 0 || m >= r->grid.width)
            return refuse(r, m, err, "not a move of this game");
        if (s->cells[r->ncells - r->grid.width + m] != TV_EMPTY)
            return refuse(r, m, err, "the column is full");
        return TV_OK;
    }
    if (m < 0 || m >= r->ncells)
        return refuse(r, m, err, "not a move of this game");
    if (s->cells[m] == TV_BLOCK)
        return refuse(r, m, err, "the cell is blocked");
    if (s->cells[m] != TV_EMPTY)
        return refuse(r, m, err, "the cell is occupied");
    return TV_OK;
}

/* The lowest empty cell of a column (the column is not full). */
static int landing_cell(const tv_rules *r, const tv_state *s, int col)
{
    int cell = col;
    while (s->cells[cell] != TV_EMPTY)
        cell += r->grid.width;
    return cell;
}

/* Whether s (just reached) repeats one of the last s->quiet positions of
 * hist[0..n), the positions before it. */
static int repeats(const tv_state *s, const uint64_t *hist, int n)
{
    for (int k = 1; k <= s->quiet && k <= n; k++)
        if (hist[n - k] == s->hash)
            return 1;
    return 0;
}

static int apply_lazy(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist,
                      int nhist, int lazy, tv_error *err)
{
    int next = s->to_move ^ 1, rc = TV_OK, line_winner = -1;
    if (r->hooks.play) { /* the ruleset's own effect, through the primitives */
        uint16_t quiet = s->quiet, stones = s->stones;
        int32_t scored = s->score[0] + s->score[1];
        rc = r->hooks.play(r->hooks.ctx, r, s, m, u, err);
        if (rc == 1)
            next = s->to_move; /* the mover moves again */
        rc = rc > 0 ? TV_OK : rc;
        /* Nothing left the board and nothing was scored: the position may come back. */
        s->quiet = s->stones == stones && s->score[0] + s->score[1] == scored ? (uint16_t)(quiet + 1) : 0;
    } else if (r->board == TV_BOARD_MANCALA) {
        if (tv_sow_apply(r, s, m, u))
            next = s->to_move; /* extra turn */
    } else if (m == TV_MOVE_SWAP) {
        s->flags ^= TV_FLAG_SWAPPED;
        s->hash ^= r->zswapped;
        int32_t t = s->score[0]; /* each player takes the other's colour */
        s->score[0] = s->score[1];
        s->score[1] = t;
    } else if (m >= 0 && (s->flags & TV_FLAG_SETUP)) {
        rc = tv_state_set(r, s, u, m, TV_BLOCK, err);
        if (--s->setup_left == 0) { /* the first stone is the first player's */
            s->flags &= (uint8_t)~TV_FLAG_SETUP;
            s->hash ^= r->zsetup;
            next = 0;
        }
    } else if (m >= 0) {
        int made = tv_place(r, s, u, r->moves == TV_MOVES_DROP ? landing_cell(r, s, m) : m, err);
        if (made == 1)
            line_winner = s->to_move + 1;
        rc = made < 0 ? made : TV_OK;
    }
    if (rc)
        return rc;
    if (next != s->to_move)
        s->hash ^= r->zside;
    s->to_move = (uint8_t)next;
    s->ply++;
    s->last = (int16_t)m;
    int repeated = r->repetition && hist && repeats(s, hist, nhist);
    return settle_lazy(r, s, line_winner, repeated, lazy, err);
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist,
                 int nhist, tv_error *err)
{
    return apply_lazy(r, s, m, u, hist, nhist, 0, err);
}

int tv_play(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err)
{
    return tv_play_hist(r, s, m, u, NULL, 0, err);
}

int tv_play_hist(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist,
                 int nhist, tv_error *err)
{
    int rc = tv_check_move(r, s, m, err);
    if (rc)
        return rc;
    tv_undo local;
    if (!u && has_hooks(r))
        u = &local; /* a hook may fail half-way: keep a way back */
    if (u) {
        memcpy(u->head, s, TV_STATE_HEAD);
        u->n = 0;
    }
    rc = apply(r, s, m, u, hist, nhist, err);
    if (rc && u)
        tv_unplay(r, s, u);
    return rc;
}

void tv_unplay(const tv_rules *r, tv_state *s, const tv_undo *u)
{
    (void)r;
    for (int i = u->n - 1; i >= 0; i--)
        s->cells[u->cell[i]] = u->old[i];
    memcpy(s, u->head, TV_STATE_HEAD);
}

int tv_state_settle(const tv_rules *r, tv_state *s, tv_error *err)
{
    if (r->board == TV_BOARD_MANCALA) { /* the scores are the stores: given, not derived */
        int seeds = 0;
        for (int h = 0; h < r->ncells; h++)
            seeds += s->cells[h];
        s->stones = (uint16_t)seeds;
        s->empty = 0;
        s->hash = tv_state_hash(r, s);
        return settle(r, s, -1, 0, err);
    }
    int empty = 0, stones = 0;
    for (int c = 0; c < r->ncells; c++) {
        empty += s->cells[c] == TV_EMPTY;
        stones += s->cells[c] == TV_STONE1 || s->cells[c] == TV_STONE2;
    }
    s->empty = (uint16_t)empty;
    s->stones = (uint16_t)stones;
    int32_t points[2] = {0, 0};
    if (r->lines.dirs)
        tv_lines_count(r, s->cells, points);
    int sw = (s->flags & TV_FLAG_SWAPPED) ? 1 : 0; /* points are by colour */
    s->score[0] = points[sw];
    s->score[1] = points[sw ^ 1];
    s->hash = tv_state_hash(r, s);
    int line_winner = -1;
    for (int p = 0; p < 2 && r->goal.length; p++) {
        if (!tv_goal_anywhere(r, s->cells, tv_colour_of(s, p)))
            continue;
        if (line_winner > 0)
            return tv_error_set(err, TV_EINVAL, "position: both players have a winning line");
        line_winner = p + 1;
    }
    return settle(r, s, line_winner, 0, err);
}

int tv_last_cell(const tv_rules *r, const tv_state *s)
{
    if (s->last < 0 || (s->flags & TV_FLAG_SETUP) || r->board == TV_BOARD_MANCALA)
        return -1;
    if (r->moves != TV_MOVES_DROP)
        return s->last;
    int cell = r->ncells - r->grid.width + s->last; /* the highest stone of that column */
    while (cell >= 0 && s->cells[cell] == TV_EMPTY)
        cell -= r->grid.width;
    return cell;
}

/* ---- random playouts ------------------------------------------------------
 *
 * The same game as drawing moves[tv_rng_below(rng, n)] from tv_legal_moves and
 * playing it with tv_play_hist, random number for random number (make bench
 * checks this), only faster:
 *   - a move the generator just produced is not checked again (with a moves
 *     hook the check asks the hook a second time);
 *   - without hooks, placement and drop games keep the empty cells (the open
 *     columns) as a bit set and take the k-th one, in the generator's order;
 *     a placement updates the cells, hash, counts, runs and goal directly, and
 *     the end is a line or a full board, as settle would find;
 *   - mancala games without hooks reuse the moves found for the no-move rule
 *     as the next ply's moves;
 *   - a score hook is called once, at the end (score_can_wait).
 * Nothing is allocated but the repetition history, which only grows. */

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

static inline int popcount64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}

static inline int lowest_bit(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* The place of the k-th set bit of x (k < popcount(x)), lowest first. PDEP
 * does it in one step where it is fast (not on AMD before Zen 3). */
static inline int select_bit(uint64_t x, unsigned k)
{
#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
    return lowest_bit(_pdep_u64(1ull << k, x));
#else
    int base = 0;
    unsigned c = (unsigned)popcount64(x & 0xffffffffu);
    if (k >= c) {
        k -= c;
        x >>= 32;
        base = 32;
    }
    c = (unsigned)popcount64(x & 0xffffu);
    if (k >= c) {
        k -= c;
        x >>= 16;
        base += 16;
    }
    c = (unsigned)popcount64(x & 0xffu);
    if (k >= c) {
        k -= c;
        x >>= 8;
        base += 8;
    }
    while (k--)
        x &= x - 1;
    return base + lowest_bit(x);
#endif
}

/* The k-th member of a bit set, smallest first. */
static inline int set_select(const uint64_t *set, unsigned k)
{
    for (int i = 0;; i++) {
        unsigned c = (unsigned)popcount64(set[i]);
        if (k < c)
            return 64 * i + select_bit(set[i], k);
        k -= c;
    }
}

/* A stone of the mover on empty `cell` (for move m), then the end rules as
 * settle applies them to a grid game without hooks or repetition: a line
 * that meets the goal, then a full board (no move is left then, and never
 * before: a placement or an open column is always there). */
static inline void place_stone(const tv_rules *r, tv_state *s, tv_move m, int cell)
{
    int p = s->to_move, colour = tv_colour_of(s, p);
    s->hash ^= r->zcell[cell][TV_EMPTY] ^ r->zcell[cell][colour] ^ r->zside;
    s->cells[cell] = (uint8_t)colour;
    s->empty--;
    s->stones++;
    if (r->lines.dirs)
        s->score[p] += tv_lines_delta(r, s->cells, cell);
    int made = r->goal.length && tv_goal_made(r, s->cells, cell);
    s->to_move = (uint8_t)(p ^ 1);
    s->ply++;
    s->last = (int16_t)m;
    if (made || s->empty == 0) {
        s->status = TV_OVER;
        s->winner = (int8_t)(made ? p + 1 : winner_by_score(s));
    }
}

/* Placement and drop games without hooks or repetition. */
static int playout_grid(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    int drop = r->moves == TV_MOVES_DROP, w = r->grid.width, top = r->ncells - w, count = 0;
    uint64_t set[SET_WORDS] = {0};  /* empty cells, or open columns */
    int land[TV_MAX_SIDE];          /* drop: the lowest empty cell of each open column */
    if (drop) {
        for (int col = 0; col < w; col++)
            if (s->cells[top + col] == TV_EMPTY) {
                set[0] |= 1ull << col;
                land[col] = landing_cell(r, s, col);
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
        uint32_t n = (uint32_t)count + (uint32_t)swap_allowed(r, s); /* swap comes last */
        if (n == 0)
            return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        int k = (int)tv_rng_below(rng, n);
        if (k == count) {
            int rc = apply(r, s, TV_MOVE_SWAP, NULL, NULL, 0, err);
            if (rc)
                return rc;
            continue;
        }
        int m = set_select(set, (unsigned)k), cell = m;
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
        if (s->flags & TV_FLAG_SETUP) { /* a block, as apply puts it down */
            int rc = apply(r, s, m, NULL, NULL, 0, err);
            if (rc)
                return rc;
            continue;
        }
        place_stone(r, s, m, cell);
    }
    return TV_OK;
}

/* Mancala games without hooks. */
static int playout_mancala(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    tv_move moves[2 * TV_MANCALA_MAX_HOLES + 1];
    int cap = 2 * TV_MANCALA_MAX_HOLES + 1, nhist = 0, n = tv_sow_moves(r, s, moves, cap);
    while (s->status == TV_ONGOING) {
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
        s->last = (int16_t)m;
        /* settle, in its order: the board's end rules, a repetition, no move. */
        int over = mancala_over(r, s) || (r->repetition && repeats(s, hist, nhist));
        if (!over) {
            n = tv_sow_moves(r, s, moves, cap);
            over = (r->ends & TV_END_NO_MOVE) && n == 0;
        }
        if (over) {
            tv_sow_remainder(r, s);
            s->status = TV_OVER;
            s->winner = (int8_t)winner_by_score(s);
        }
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
} playout_job;

/* One uniformly random legal move: a moves hook with a pick converts only
 * that move. The random numbers drawn are those of tv_legal_moves and
 * moves[tv_rng_below(n)]. Returns n, 0 (no move) or an error code. */
static int random_move(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err)
{
    if (r->hooks.pick) {
        int n = r->hooks.pick(r->hooks.ctx, r, s, rng, m, err);
        if (n != 0 || !pass_when_stuck(r))
            return n;
        tv_rng_below(rng, 1); /* as tv_legal_moves' one move, the pass, is drawn */
        *m = TV_MOVE_PASS;
        return 1;
    }
    tv_move moves[TV_MAX_MOVES];
    int n = tv_legal_moves(r, s, moves, TV_MAX_MOVES, err);
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
    int nhist = 0, lazy = score_can_wait(r), hooks = has_hooks(r), rc = TV_OK;
    while (s->status == TV_ONGOING) {
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
        if ((rc = apply_lazy(r, s, m, hooks ? &j->u : NULL, hist, nhist, lazy, j->err)))
            break;
        j->in_move = 0;
    }
    return rc;
}

static int playout_any(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    playout_job job = {.r = r, .s = s, .rng = rng, .err = err, .in_move = 0};
    int rc = r->hooks.batch ? r->hooks.batch(r->hooks.ctx, playout_steps, &job, err) : playout_steps(&job);
    if (rc && job.in_move)
        tv_unplay(r, s, &job.u);
    if (rc && score_can_wait(r)) { /* leave the scores of the position reached, if the hook gives them */
        tv_error ignored;
        score_hook(r, s, &ignored);
    }
    return rc;
}

int tv_random_playout(const tv_rules *r, tv_state *s, tv_rng *rng, tv_error *err)
{
    if (s->status != TV_ONGOING)
        return TV_OK;
    if (!has_hooks(r) && r->board == TV_BOARD_GRID && !r->repetition)
        return playout_grid(r, s, rng, err);
    if (!has_hooks(r) && r->board == TV_BOARD_MANCALA)
        return playout_mancala(r, s, rng, err);
    return playout_any(r, s, rng, err);
}

/* text[0..len) into buf as snprintf would put it: at most size - 1
 * characters and a NUL; returns len. */
static int put_text(char *buf, size_t size, const char *text, int len)
{
    if (size > 0) {
        size_t n = (size_t)len < size - 1 ? (size_t)len : size - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}

int tv_move_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    /* Written by hand: a play hook gets every move as text. */
    char t[4];
    if (m == TV_MOVE_PASS)
        return put_text(buf, size, "pass", 4);
    if (m == TV_MOVE_SWAP)
        return put_text(buf, size, "swap", 4);
    if (r->moves == TV_MOVES_DROP && m >= 0 && m < r->grid.width) {
        t[0] = (char)('a' + m);
        return put_text(buf, size, t, 1);
    }
    if (r->moves != TV_MOVES_DROP && m >= 0 && m < r->ncells) { /* as tv_grid_cell_name: "c3" */
        int row = tv_grid_row(&r->grid, m) + 1, len = 1;
        t[0] = (char)('a' + tv_grid_col(&r->grid, m));
        if (row >= 10)
            t[len++] = (char)('0' + row / 10);
        t[len++] = (char)('0' + row % 10);
        return put_text(buf, size, t, len);
    }
    return snprintf(buf, size, "#%d", (int)m);
}

int tv_move_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    if (strcmp(text, "pass") == 0) {
        *m = TV_MOVE_PASS;
        return TV_OK;
    }
    if (strcmp(text, "swap") == 0) {
        *m = TV_MOVE_SWAP;
        return TV_OK;
    }
    if (r->moves == TV_MOVES_DROP) {
        if (text[0] < 'a' || text[0] >= 'a' + r->grid.width || text[1])
            return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a column a..%c", text,
                                'a' + r->grid.width - 1);
        *m = text[0] - 'a';
        return TV_OK;
    }
    int cell = tv_grid_parse_cell(&r->grid, text);
    if (cell < 0) {
        char last[8];
        tv_grid_cell_name(&r->grid, r->ncells - 1, last, sizeof last);
        return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a cell a1..%s, swap or pass",
                            text, last);
    }
    *m = cell;
    return TV_OK;
}
