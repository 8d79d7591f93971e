/* Counting and picking the moves that shoot (tv_shoot.h). */
#include "tv_shoot.h"
#include "tv_bits.h"

#include <string.h>

#include "tv_pieces.h"
#include "tv_cells.h"
#include "tv_pmove.h"

static inline int min_int(int a, int b) { return a < b ? a : b; }

/* The arrows a run of `run` cells gives: the run, or the shot's range. */
static inline int capped(const tv_gen *g, int run) { return run < g->shoot_max ? run : g->shoot_max; }

int tv_shoot_fast(const tv_rules *r)
{
    const tv_pieces *p = &r->pieces;
    if (r->moves != TV_MOVES_PIECES || !p->shoots)
        return 0;
    for (int i = 0; i < p->ngens; i++)
        if (!p->gen[i].shoot_dirs || p->gen[i].shoot_dirs != p->gen[0].shoot_dirs ||
            p->gen[i].shoot_max != p->gen[0].shoot_max)
            return 0;
    return p->gen[0].shoot_dirs == tv_compass_mirror_mask(p->gen[0].shoot_dirs);
}

/* Whether the shot's range cannot bind: it is at least the board's side. */
static int fixed_range(const tv_rules *r)
{
    int side = r->grid.width > r->grid.height ? r->grid.width : r->grid.height;
    return r->pieces.gen[0].shoot_max >= side - 1;
}

/* The arrows along the shooting directions from a cell with these runs. */
static int reach_of(const tv_rules *r, const uint8_t run[8])
{
    const tv_gen *g = &r->pieces.gen[0];
    int n = 0;
    for (unsigned dirs = (unsigned)g->shoot_dirs; dirs; dirs &= dirs - 1)
        n += capped(g, run[tv_bits_lowest32(dirs)]);
    return n;
}

/* Whether the fixed-step counting of the `queen` fields applies (tv_shoot.h). */
static int queen_shape(const tv_rules *r)
{
    const tv_gen *g = &r->pieces.gen[0];
    int side = r->grid.width > r->grid.height ? r->grid.width : r->grid.height;
    return fixed_range(r) && r->pieces.ngens == 1 && g->type == TV_GEN_SLIDE && g->max >= side - 1 &&
           g->abs[0] == 0xff && g->abs[1] == 0xff && g->shoot_abs[0] == 0xff && g->shoot_abs[1] == 0xff;
}

/* The sum of a cell's eight runs (each below TV_MAX_SIDE, the sum below
 * 256): one multiply adds the bytes of the word into its top byte. */
static inline int run_sum(const uint8_t run[8])
{
    uint64_t w;
    memcpy(&w, run, sizeof w);
    return (int)((w * 0x0101010101010101ull) >> 56);
}

/* Whether a move only writes its three cells: no capture, promotion or reach end. */
static int plain_moves(const tv_rules *r)
{
    for (int k = 0; k < r->pieces.nkinds; k++)
        if (r->pieces.promote[k] >= 0)
            return 0;
    return !r->custodial.dirs && !(r->ends & TV_END_REACH);
}

int tv_shoot_queen(const tv_rules *r) { return tv_shoot_fast(r) && queen_shape(r); }

/* The run from c along d, from its neighbour's run: without a branch on
 * the edge or the neighbour (a new game's sweeps missed some 300 guesses). */
static inline uint8_t run_past(const tv_rules *r, const tv_state *s, const tv_shoot_board *b, int c, int d)
{
    int nb = r->nb[c][d], at = nb >= 0 ? nb : c, open = (nb >= 0) & (s->cells[at] == TV_EMPTY);
    return (uint8_t)(open * (1 + b->run[at][d]));
}

static void build(const tv_rules *r, const tv_state *s, tv_shoot_board *b)
{
    b->queen = queen_shape(r);
    b->plain = plain_moves(r);
    for (int d = 0; d < 8; d++)
        b->delta[d] = tv_grid_offset(&r->grid, d);
    /* N, NE, E and NW lead to higher cells, the others to lower ones: two
     * sweeps find every run from the runs of the neighbours. */
    static const int up[4] = {0, 1, 2, 7}, down[4] = {3, 4, 5, 6};
    for (int c = r->ncells - 1; c >= 0; c--)
        for (int i = 0; i < 4; i++)
            b->run[c][up[i]] = run_past(r, s, b, c, up[i]);
    memset(b->pieces, 0, sizeof b->pieces);
    for (int c = 0; c < r->ncells; c++) {
        if (tv_cell_is_piece(s->cells[c]))
            b->pieces[tv_cell_colour(s->cells[c]) - 1][c >> 6] |= 1ull << (c & 63);
        for (int i = 0; i < 4; i++)
            b->run[c][down[i]] = run_past(r, s, b, c, down[i]);
        b->reach[c] = (uint8_t)(b->queen ? run_sum(b->run[c]) : reach_of(r, b->run[c]));
    }
    b->arrows_max = 0;
    for (int c = 0; c < r->ncells && b->queen; c++)
        if (run_sum(r->run[c]) > b->arrows_max)
            b->arrows_max = run_sum(r->run[c]);
}

/* What a board holds of its position (not the count's or the pairs' outputs). */
static void copy_board(const tv_rules *r, tv_shoot_board *to, const tv_shoot_board *from)
{
    to->queen = from->queen;
    to->plain = from->plain;
    to->arrows_max = from->arrows_max;
    memcpy(to->delta, from->delta, sizeof to->delta);
    memcpy(to->pieces, from->pieces, sizeof to->pieces);
    memcpy(to->run, from->run, (size_t)r->ncells * sizeof to->run[0]);
    memcpy(to->reach, from->reach, (size_t)r->ncells);
}

void tv_shoot_init(const tv_rules *r, const tv_state *s, tv_shoot_board *b)
{
    /* This thread's last board built, and its cells: a host that plays
     * game after game starts each from the same position, and building the
     * board was a tenth of a random Amazons game. */
    static _Thread_local struct {
        uint64_t id; /* the rules' (0: none yet) */
        uint8_t cells[TV_MAX_CELLS];
        tv_shoot_board b;
    } last;
    if (r->id && last.id == r->id && !memcmp(last.cells, s->cells, (size_t)r->ncells)) {
        copy_board(r, b, &last.b);
        return;
    }
    build(r, s, b);
    if (r->id) {
        copy_board(r, &last.b, b);
        memcpy(last.cells, s->cells, (size_t)r->ncells);
        last.id = r->id;
    }
}

/* Cell x has just become empty (or occupied): the runs that end at x, seen
 * from the cells behind it along each direction, grow over it (or stop).
 * With a range that cannot bind (`fixed`) an arrow count changes as its
 * run does. */
static void changed(const tv_rules *r, const uint8_t *cells, tv_shoot_board *b, int x, int fixed)
{
    const tv_gen *g = &r->pieces.gen[0];
    int open = cells[x] == TV_EMPTY;
    for (int d = 0; d < 8; d++) {
        int back = tv_compass_reverse(d), run = open ? 1 + b->run[x][d] : 0, y = r->nb[x][back];
        if (!(g->shoot_dirs >> d & 1)) {
            for (; y >= 0; y = r->nb[y][back]) {
                b->run[y][d] = (uint8_t)run++;
                if (cells[y] != TV_EMPTY)
                    break;
            }
        } else if (fixed) {
            for (; y >= 0; y = r->nb[y][back]) {
                b->reach[y] = (uint8_t)(b->reach[y] + run - b->run[y][d]);
                b->run[y][d] = (uint8_t)run++;
                if (cells[y] != TV_EMPTY)
                    break;
            }
        } else {
            for (; y >= 0; y = r->nb[y][back]) {
                b->reach[y] = (uint8_t)(b->reach[y] - capped(g, b->run[y][d]) + capped(g, run));
                b->run[y][d] = (uint8_t)run++;
                if (cells[y] != TV_EMPTY)
                    break;
            }
        }
    }
}

/* changed() for the queen shape: every run that ends at x grows (or
 * shrinks) by the same 1 + run beyond x, and so does the cell's arrows; the
 * cells behind x are its run that way and the cell that stops it. */
static void changed_queen(const tv_rules *r, tv_shoot_board *b, int x, int open)
{
    uint64_t w;
    memcpy(&w, b->run[x], sizeof w);
    int sign = open ? 1 : -1;
    /* the cells that stop the runs, one a direction (or the spare entry past the edge) */
#pragma GCC unroll 8
    for (int d = 0; d < 8; d++) {
        int back = d ^ 4, inc = sign * (1 + b->run[x][d]);
        int y = r->nb[x + b->run[x][back] * b->delta[back]][back];
        y = y >= 0 ? y : TV_MAX_CELLS;
        b->run[y][d] = (uint8_t)(b->run[y][d] + inc);
        b->reach[y] = (uint8_t)(b->reach[y] + inc);
    }
    /* the runs behind x, along the directions where there are some */
    for (unsigned some = ~tv_bits_zero_bytes(w) & 0xffu; some; some &= some - 1) {
        int back = tv_bits_lowest32(some), d = back ^ 4, inc = sign * (1 + b->run[x][d]);
        int step = b->delta[back], n = b->run[x][back], y = x;
        for (int k = 0; k < n; k++) {
            y += step;
            b->run[y][d] = (uint8_t)(b->run[y][d] + inc);
            b->reach[y] = (uint8_t)(b->reach[y] + inc);
        }
    }
}

/* The arrows of the move `steps` cells along d from `from` that fly back
 * over `from` (empty once the piece left) beyond those reach[to] counts. */
static inline int back_arrows(const tv_gen *g, const tv_shoot_board *b, int from, int d, int steps)
{
    int back = tv_compass_reverse(d);
    return g->shoot_dirs >> back & 1 ? capped(g, steps + b->run[from][back]) - capped(g, steps - 1) : 0;
}

/* The arrow at index `left` (below the pair's count) of the move `steps`
 * cells along d from `from` to `to`: in compass order, nearest first. */
static tv_move arrow_at(const tv_rules *r, const tv_gen *gen, const tv_shoot_board *b, int me, int from, int to,
                        int d, int steps, int left)
{
    for (unsigned ad = (unsigned)gen->shoot_abs[me]; ad; ad &= ad - 1) {
        int a = tv_bits_lowest32(ad);
        int fly = a == tv_compass_reverse(d) ? capped(gen, steps + b->run[from][a]) : capped(gen, b->run[to][a]);
        if (left < fly) /* the cells on the way are on the board: the run says so */
            return tv_pmove_shot(from, to, to + (left + 1) * (tv_compass_dcol(a) + tv_compass_drow(a) * r->grid.width));
        left -= fly;
    }
    return TV_MOVE_NONE;
}

/* The moves of the piece on `from` in tv_pieces_moves' order, counted into
 * *n; with pick >= *n, the move at index pick once *n would pass it (else
 * TV_MOVE_NONE). Along one direction the pairs' counts are summed first,
 * and the pair is looked for only in the direction that holds the index.
 * When the shot's range cannot bind (`fixed`: it is at least the board's
 * side), the arrows back over `from` are the same for every distance. */
static tv_move piece_moves(const tv_rules *r, const tv_shoot_board *b, int from, int v, int me, int fixed, int pick,
                           int *n)
{
    const tv_pieces *p = &r->pieces;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *gen = &p->gen[i];
        if (!(gen->kinds & (1 << tv_cell_kind(v))))
            continue;
        int reach = gen->type == TV_GEN_STEP ? 1 : gen->max;
        for (unsigned dirs = (unsigned)gen->abs[me]; dirs; dirs &= dirs - 1) {
            int d = tv_bits_lowest32(dirs), len = min_int(b->run[from][d], reach);
            if (len == 0)
                continue;
            int delta = tv_grid_offset(&r->grid, d), sum = 0, to = from;
            if (fixed) {
                int back = tv_compass_reverse(d), extra = gen->shoot_dirs >> back & 1 ? 1 + b->run[from][back] : 0;
                sum = len * extra;
                for (int k = 1; k <= len; k++)
                    sum += b->reach[to += delta];
            } else {
                for (int k = 1; k <= len; k++)
                    sum += b->reach[to += delta] + back_arrows(gen, b, from, d, k);
            }
            if (pick < 0 || pick >= *n + sum) {
                *n += sum;
                continue;
            }
            to = from;
            for (int k = 1; k <= len; k++) {
                int c = b->reach[to += delta] + back_arrows(gen, b, from, d, k);
                if (pick < *n + c)
                    return arrow_at(r, gen, b, me, from, to, d, k, pick - *n);
                *n += c;
            }
        }
    }
    return TV_MOVE_NONE;
}

/* Over the mover's pieces in cell order: PIECES { from = 64 * w_ + tv_bits_lowest(set_) ... }. */
#define PIECES                                                                   \
    for (int w_ = 0; w_ < (r->ncells + 63) / 64; w_++)                           \
        for (uint64_t set_ = b->pieces[me][w_]; set_; set_ &= set_ - 1)

/* The queen shape's moves of the piece on `from`, by direction into line:
 * along d, each landing cell's arrows plus the 1 + run back over `from`. */
static int queen_moves(const tv_shoot_board *b, int from, uint16_t line[8])
{
    uint64_t w;
    memcpy(&w, b->run[from], sizeof w);
    int total = 0;
    memset(line, 0, 8 * sizeof line[0]);
    for (unsigned open = ~tv_bits_zero_bytes(w) & 0xffu; open; open &= open - 1) {
        int d = tv_bits_lowest32(open), len = b->run[from][d], step = b->delta[d];
        int sum = len * (1 + b->run[from][d ^ 4]);
        for (int k = 1, to = from + step; k <= len; k++, to += step)
            sum += b->reach[to];
        line[d] = (uint16_t)sum;
        total += sum;
    }
    return total;
}

/* The queen shape's move at index k (below the piece's count) of the piece on `from`. */
static tv_move queen_pick(const tv_rules *r, const tv_shoot_board *b, int from, int me, int k)
{
    for (int d = 0; d < 8; d++) {
        if (k >= b->line[from][d]) {
            k -= b->line[from][d];
            continue;
        }
        int back = 1 + b->run[from][d ^ 4], step = b->delta[d], to = from;
        for (int steps = 1; steps <= b->run[from][d]; steps++) {
            int c = b->reach[to += step] + back;
            if (k < c)
                return arrow_at(r, &r->pieces.gen[0], b, me, from, to, d, steps, k);
            k -= c;
        }
        return TV_MOVE_NONE;
    }
    return TV_MOVE_NONE;
}

int tv_shoot_count(const tv_rules *r, const tv_state *s, tv_shoot_board *b)
{
    int me = tv_colour_of(s, s->to_move) - 1, fixed = fixed_range(r), n = 0;
    if (b->queen) {
        int kinds = r->pieces.gen[0].kinds;
        PIECES {
            int from = 64 * w_ + tv_bits_lowest(set_);
            int c = kinds >> tv_cell_kind(s->cells[from]) & 1 ? queen_moves(b, from, b->line[from]) : 0;
            b->moves[from] = (uint16_t)c;
            n += c;
        }
        return n;
    }
    PIECES {
        int from = 64 * w_ + tv_bits_lowest(set_), before = n;
        piece_moves(r, b, from, s->cells[from], me, fixed, -1, &n);
        b->moves[from] = (uint16_t)(n - before);
    }
    return n;
}

tv_move tv_shoot_pick(const tv_rules *r, const tv_state *s, const tv_shoot_board *b, int k)
{
    int me = tv_colour_of(s, s->to_move) - 1, fixed = fixed_range(r), n = 0;
    PIECES {
        int from = 64 * w_ + tv_bits_lowest(set_);
        if (k >= n + b->moves[from]) {
            n += b->moves[from];
            continue;
        }
        if (b->queen)
            return queen_pick(r, b, from, me, k - n);
        return piece_moves(r, b, from, s->cells[from], me, fixed, k, &n);
    }
    return TV_MOVE_NONE;
}

int tv_shoot_sync(const tv_rules *r, const tv_state *s, tv_shoot_board *b, uint8_t *was, int most)
{
    int differ = 0;
    for (int c = 0; c < r->ncells; c++)
        if (was[c] != s->cells[c] && ++differ > most)
            return -1;
    int fixed = fixed_range(r);
    for (int c = 0; c < r->ncells; c++) {
        if (was[c] == s->cells[c])
            continue;
        int open = s->cells[c] == TV_EMPTY, opened = was[c] == TV_EMPTY;
        for (int k = 0; k < 2; k++) /* the pieces' bits: the one that left, the one that came */
            if (tv_cell_is_piece(k ? s->cells[c] : was[c])) {
                uint64_t *own = b->pieces[tv_cell_colour(k ? s->cells[c] : was[c]) - 1];
                own[c >> 6] = k ? own[c >> 6] | 1ull << (c & 63) : own[c >> 6] & ~(1ull << (c & 63));
            }
        was[c] = s->cells[c];
        if (open == opened) /* a piece for another, or a block for a piece: no run changes */
            continue;
        if (b->queen)
            changed_queen(r, b, c, open);
        else
            changed(r, was, b, c, fixed);
    }
    return differ;
}

int tv_shoot_apply(const tv_rules *r, tv_state *s, tv_shoot_board *b, tv_move m, int *progress, tv_error *err)
{
    int rc = 0;
    if (b->queen && b->plain) { /* what tv_pieces_apply does to a legal move here */
        int piece = s->cells[tv_pmove_from(m)];
        if ((rc = tv_state_put_grid(r, s, NULL, tv_pmove_from(m), TV_EMPTY, err)) ||
            (rc = tv_state_put_grid(r, s, NULL, tv_pmove_to(m), piece, err)) ||
            (rc = tv_state_put_grid(r, s, NULL, tv_pmove_arrow(m), TV_BLOCK, err)))
            return rc;
        *progress = 0;
    } else if ((rc = tv_pieces_apply(r, s, m, NULL, progress, err)) < 0) {
        return rc;
    }
    /* The runs follow the cells one write at a time, as tv_pieces_apply made
     * them: the start emptied, the piece landed, the arrow (maybe on the start). */
    int from = tv_pmove_from(m), to = tv_pmove_to(m), arrow = tv_pmove_arrow(m), piece = s->cells[to];
    s->cells[to] = TV_EMPTY;
    s->cells[arrow] = TV_EMPTY;
    int fixed = fixed_range(r);
    if (b->queen && arrow == from) { /* the start filled again: only the landing closes */
        s->cells[to] = (uint8_t)piece;
        s->cells[arrow] = TV_BLOCK;
        changed_queen(r, b, to, 0);
    } else if (b->queen) {
        changed_queen(r, b, from, 1);
        s->cells[to] = (uint8_t)piece;
        changed_queen(r, b, to, 0);
        s->cells[arrow] = TV_BLOCK;
        changed_queen(r, b, arrow, 0);
    } else {
        changed(r, s->cells, b, from, fixed);
        s->cells[to] = (uint8_t)piece;
        changed(r, s->cells, b, to, fixed);
        s->cells[arrow] = TV_BLOCK;
        changed(r, s->cells, b, arrow, fixed);
    }
    uint64_t *own = b->pieces[tv_cell_colour(piece) - 1];
    own[from >> 6] &= ~(1ull << (from & 63));
    own[to >> 6] |= 1ull << (to & 63);
    return rc;
}

int tv_shoot_pairs(const tv_rules *r, const tv_state *s, tv_shoot_board *b)
{
    int me = tv_colour_of(s, s->to_move) - 1, kinds = r->pieces.gen[0].kinds, n = 0, j = 0;
    PIECES {
        int from = 64 * w_ + tv_bits_lowest(set_);
        if (!(kinds >> tv_cell_kind(s->cells[from]) & 1))
            continue;
        n += run_sum(b->run[from]);
        b->piece_at[j] = (uint16_t)from;
        b->pairs_upto[j++] = (uint16_t)n;
    }
    b->npieces = j;
    return n;
}

tv_move tv_shoot_pairs_draw(const tv_rules *r, const tv_state *s, tv_shoot_board *b, int pairs, tv_rng *rng)
{
    int me = tv_colour_of(s, s->to_move) - 1;
    for (long tries = (long)TV_SHOOT_TRIES * b->arrows_max; tries > 0; tries--) {
        int i = (int)tv_rng_below(rng, (uint32_t)pairs), j = 0, d = 0;
        for (int p = 0; p < b->npieces; p++) /* the pieces whose pairs all come before i */
            j += b->pairs_upto[p] <= i;
        int from = b->piece_at[j];
        i -= j ? b->pairs_upto[j - 1] : 0;
        /* the piece's pairs: along each direction, nearest first; the bytes
         * of the runs times 0x0101.. are their sums up to each direction
         * (below 256: eight runs of a side under 32) */
        uint64_t w, upto;
        memcpy(&w, b->run[from], sizeof w);
        upto = w * 0x0101010101010101ull;
        for (int e = 0; e < 7; e++)
            d += (int)(upto >> (8 * e) & 255) <= i;
        i -= d ? (int)(upto >> (8 * (d - 1)) & 255) : 0;
        int to = from + (i + 1) * b->delta[d], arrows = b->reach[to] + 1 + b->run[from][d ^ 4];
        int u = (int)tv_rng_below(rng, (uint32_t)b->arrows_max);
        if (u < arrows)
            return arrow_at(r, &r->pieces.gen[0], b, me, from, to, d, i + 1, u);
    }
    int n = tv_shoot_count(r, s, b);
    return tv_shoot_pick(r, s, b, (int)tv_rng_below(rng, (uint32_t)n));
}
