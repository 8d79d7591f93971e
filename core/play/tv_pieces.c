/* Pieces that move: move generation, the capture rule, promotion and the
 * effect of a move (tv_pieces.h). A chain of jumps is found depth first;
 * a jumped enemy leaves the board at once (so it cannot be jumped twice and
 * the cell it stood on is free for a later landing, as in OpenSpiel's
 * checkers), a jumped own piece stays, and the moving piece has left its
 * start cell. Line counts and leaps are in tv_pieces_line.c. */
#include "tv_pieces.h"
#include "tv_bits.h"

#include <stdio.h>
#include <string.h>

#include "tv_custodial.h"
#include "tv_pieces_after.h"
#include "tv_pieces_special.h"
#include "tv_royal.h"
#include "tv_vars_state.h"
#include "tv_pieces_line.h"
#include "tv_cells.h"
#include "tv_movetext.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef tv_pieces_ray ray;

/* The search for moves: the position, the mover's plan, and where the
 * moves go. */
typedef struct gen_ctx {
    const tv_rules *r;
    const tv_pieces_plan *p;
    const uint8_t *cells;
    int colour, me;     /* the mover's colour and colour index */
    tv_move *out;
    int8_t *len;        /* captures of each move found (0: none) */
    int n, cap, longest, err; /* cap: the search stops past it (r->max_moves; fewer for tv_pieces_any) */
    int rc;             /* an error a search below set in err (err = 1 too) */
    int ep;             /* the cell an en-passant capture may land on, or -1 */
    /* the chain being searched */
    int from;
    int8_t dirs[TV_PMOVE_CHAIN_LIMIT];
    int16_t taken[TV_PMOVE_CHAIN_LIMIT]; /* the enemy jumped, or -1 for an own piece */
    int16_t at[TV_PMOVE_CHAIN_LIMIT];    /* the landings */
    tv_plines lines;    /* line_count: the pieces on each line, counted once */
    /* Small boards: the enemy's cells, the cells from which a piece of each
     * kind can begin a jump, and for each stepper's rays the cells from which
     * a step lands where it may. */
    uint64_t enemies, jumpers[TV_MAX_KINDS], steps_from[TV_MAX_KINDS][TV_PIECES_STEP_SETS];
} gen_ctx;

static void add(gen_ctx *g, tv_move m, int captures)
{
    if (g->n >= g->cap) { /* no position has more than max_moves (tv_bound.h); a wrong bound is an error */
        g->err = 1;
        return;
    }
    g->len[g->n] = (int8_t)captures;
    g->out[g->n++] = m;
    if (captures > g->longest)
        g->longest = captures;
}

/* What `cell` holds while the chain is on its way: its start and the pieces
 * it took are empty (before the first jump, what the board holds: a cell
 * next to the start or two away is not the start). */
static inline int chain_cell(const gen_ctx *g, int cell, int depth)
{
    if (depth == 0)
        return g->cells[cell];
    if (cell == g->from)
        return TV_EMPTY;
    for (int i = 0; i < depth; i++)
        if (g->taken[i] == cell)
            return TV_EMPTY;
    return g->cells[cell];
}

/* Whether the chain has stood on `cell` (its start or a landing): a chain
 * over own pieces never does so twice, which bounds it. */
static int landed(const gen_ctx *g, int cell, int depth)
{
    if (cell == g->from)
        return 1;
    for (int i = 0; i < depth; i++)
        if (g->at[i] == cell)
            return 1;
    return 0;
}

/* The enemy pieces the first `depth` jumps take. */
static int taken(const gen_ctx *g, int depth)
{
    int n = 0;
    for (int i = 0; i < depth; i++)
        n += g->taken[i] >= 0;
    return n;
}

/* The kind a piece of `kind` becomes on `cell`. */
static int promoted(const tv_rules *r, int colour, int kind, int cell)
{
    int to = r->pieces.promote[kind];
    return to >= 0 && tv_pieces_far(r, colour, cell, r->pieces.promote_rows) ? to : kind;
}

/* The jumps on from `cell` by a piece of `kind` that has made `depth` jumps
 * (the last by a chaining generator when depth > 0); each complete chain is
 * a move. Returns whether any jump was found from here. Depth is bounded by
 * chain_max (rules check that the enemy's pieces fit). */
static int jumps(gen_ctx *g, int cell, int kind, int depth)
{
    const tv_rules *r = g->r;
    const tv_pieces *p = &r->pieces;
    int found = 0;
    for (unsigned gens = g->p->jumping[kind]; gens; gens &= gens - 1) {
        const tv_gen *gen = &p->gen[tv_bits_lowest(gens)];
        if (depth && !gen->chain)
            continue;
        for (unsigned dirs = (unsigned)gen->abs[g->me]; dirs; dirs &= dirs - 1) {
            int d = tv_bits_lowest(dirs);
            int over = r->nb[cell][d], land = over < 0 ? -1 : r->nb[over][d];
            if (land < 0)
                continue;
            int v = chain_cell(g, over, depth), enemy = tv_cell_colour(v) != g->colour;
            if (!tv_cell_is_piece(v) || !(gen->over & (enemy ? TV_OVER_ENEMY : TV_OVER_OWN)) ||
                chain_cell(g, land, depth) != TV_EMPTY || ((gen->over & TV_OVER_OWN) && landed(g, land, depth)))
                continue;
            found = 1;
            if (depth == p->chain_max) { /* cannot happen: the rules bound chains by the enemy's pieces */
                g->err = 1;
                return found;
            }
            g->dirs[depth] = (int8_t)d;
            g->taken[depth] = (int16_t)(enemy ? over : -1); /* an own piece jumped stays */
            g->at[depth] = (int16_t)land;
            int next = promoted(r, g->colour, kind, land), ends = next != kind && p->promote_ends;
            if (ends || !gen->chain || !jumps(g, land, next, depth + 1))
                add(g, tv_pmove_chain(p->jump_dirs, g->from, g->dirs, depth + 1), taken(g, depth + 1));
        }
    }
    return found;
}

/* Line counts and leaps (tv_pieces_line.h): simple moves, captures 0 or 1. */
static void line_or_leap(gen_ctx *g, const tv_gen *gen, int from)
{
    int n = gen->type == TV_GEN_LEAP
                ? tv_pleap_moves(g->r, gen, g->cells, g->colour, from, g->out, g->len, g->n)
                : tv_pline_moves(g->r, gen, g->cells, g->colour, from, &g->lines, g->out, g->len, g->n);
    if (n < 0) {
        g->err = 1;
        return;
    }
    for (; g->n < n; g->n++)
        if (g->len[g->n] > g->longest)
            g->longest = g->len[g->n];
    if (g->n >= g->cap && g->cap < g->r->max_moves) /* a search cut short (tv_pieces_any): enough found */
        g->err = 1;
}

/* The moves of a generator that shoots, of the piece on `from`: each step
 * or slide to an empty cell `to`, then each arrow, a slide from `to` over
 * empty cells, `from` being empty now (tv_shoot.c walks the same order). */
static void shots(gen_ctx *g, const tv_gen *gen, int from)
{
    const tv_rules *r = g->r;
    int reach = gen->type == TV_GEN_STEP ? 1 : gen->max;
    for (unsigned dirs = (unsigned)gen->abs[g->me]; dirs && !g->err; dirs &= dirs - 1) {
        int d = tv_bits_lowest(dirs), to = from;
        for (int k = 0; k < reach && (to = r->nb[to][d]) >= 0 && g->cells[to] == TV_EMPTY; k++)
            for (unsigned arrows = (unsigned)gen->shoot_abs[g->me]; arrows; arrows &= arrows - 1) {
                int a = tv_bits_lowest(arrows), at = to;
                for (int j = 0; j < gen->shoot_max && (at = r->nb[at][a]) >= 0; j++) {
                    if (g->cells[at] != TV_EMPTY && at != from)
                        break;
                    if (g->n >= g->cap) {
                        g->err = 1;
                        return;
                    }
                    g->len[g->n] = 0;
                    g->out[g->n++] = tv_pmove_shot(from, to, at);
                }
            }
    }
}

/* The moves of a game whose moves all shoot (tv_rules_finish: no other
 * generator, no jumps), kept apart so that other games' loop stays as it is. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void all_shots(gen_ctx *g, const tv_state *s)
{
    const tv_pieces *p = &g->r->pieces;
    for (int c = 0; c < g->r->ncells && !g->err; c++) {
        int v = s->cells[c];
        if (!tv_cell_is_piece(v) || tv_cell_colour(v) != g->colour)
            continue;
        for (int i = 0; i < p->ngens && !g->err; i++)
            if (p->gen[i].kinds & (1 << tv_cell_kind(v)))
                shots(g, &p->gen[i], c);
    }
}

/* What a ray's land says of a cell holding v: 0 it may not end there, 1 a
 * move, 2 a capture (a value with no colour but a kind is no empty cell). */
static inline int land_on(int land, int v)
{
    int colour = v & 3;
    return colour == 0 && v ? 0 : (land >> 2 * colour) & 3;
}

/* A step or slide with conditions (tv_pieces_special.h): from some rows
 * only, at least `min` cells, or landing on the en-passant cell. */
static void special_ray(gen_ctx *g, const ray *x, int from)
{
    const tv_rules *r = g->r;
    const tv_gen *gen = &r->pieces.gen[x->gen];
    if (gen->from_rows) {
        int row = from / r->grid.width;
        if (g->colour == TV_STONE2)
            row = r->grid.height - 1 - row;
        if (!(gen->from_rows >> row & 1))
            return;
    }
    int reach = gen->type == TV_GEN_STEP ? 1 : gen->max, least = gen->min > 1 ? gen->min : 1, to = from;
    for (int k = 1; k <= reach && !g->err; k++) {
        if ((to = r->nb[to][x->dir]) < 0)
            break;
        int v = g->cells[to], what = land_on(x->land, v);
        if (what && k >= least)
            add(g, tv_pmove_simple(from, to, what - 1), what - 1);
        else if (v == TV_EMPTY && k == 1 && to == g->ep && (gen->en_passant & TV_EP_TAKES))
            add(g, tv_pmove_simple(from, to, 1), 1);
        if (v != TV_EMPTY)
            break;
    }
}

/* The moves but jumps of the piece of `kind` on `from`, ray by ray: the hot
 * loop, with what it reads and writes in locals. */
static void moves_of(gen_ctx *g, int from, int kind)
{
    const int16_t(*nb)[8] = g->r->nb;
    const uint8_t *cells = g->cells;
    tv_move *out = g->out;
    int8_t *len = g->len;
    const ray *x = g->p->ray + g->p->first[kind], *end = x + g->p->nrays[kind];
    int n = g->n, took = 0, limit = g->cap; /* took: whether a move found here takes */
    for (; x < end; x++) {
        int dir = x->dir, reach = x->reach, land = x->land, to = from;
        if (reach == 1) { /* a step */
            to = nb[from][dir];
            int what = to < 0 ? 0 : land_on(land, cells[to]);
            if (what) {
                if (n == limit) {
                    g->err = 1;
                    break;
                }
                int takes = what - 1;
                len[n] = (int8_t)takes;
                out[n++] = tv_pmove_simple(from, to, takes);
                took |= takes;
            }
            continue;
        }
        if (reach == 0) { /* a line count, a leap, or a step or slide with conditions */
            g->n = n;
            const tv_gen *gen = &g->r->pieces.gen[x->gen];
            if (gen->type == TV_GEN_STEP || gen->type == TV_GEN_SLIDE)
                special_ray(g, x, from);
            else
                line_or_leap(g, gen, from);
            n = g->n;
            if (g->err)
                break;
            continue;
        }
        /* a slide: the cells along dir are `step` apart, as many as the edge allows */
        int step = g->p->delta[dir], left = g->r->run[from][dir];
        for (reach = reach < left ? reach : left; reach > 0; reach--) {
            to += step;
            int v = cells[to], what = land_on(land, v);
            if (what) {
                if (n == limit) {
                    g->err = 1;
                    break;
                }
                int takes = what - 1;
                len[n] = (int8_t)takes;
                out[n++] = tv_pmove_simple(from, to, takes);
                took |= takes;
            }
            if (v != TV_EMPTY)
                break;
        }
    }
    g->n = n;
    if (took > g->longest)
        g->longest = took;
}

/* Cells c such that c + delta is in set a (|delta| < 64). */
static inline uint64_t back(uint64_t a, int delta) { return delta >= 0 ? a >> delta : a << -delta; }

enum { WORDS = TV_PIECES_WORDS };
#define WIDE_RAYS 32 /* the most rays of steppers the sets are kept for (tv_pieces_plan.wide) */

#if defined(__GNUC__)
#define HOT inline __attribute__((always_inline))
#else
#define HOT inline
#endif

/* Sets bit `cell` of the multiword set x. */
static inline void put(uint64_t *x, int cell) { x[cell >> 6] |= 1ull << (cell & 63); }

/* The cells with a neighbour along each direction as multiword sets: the
 * board less the edge column and row a step that way leaves (as
 * tv_grid_dir_sources on one word), the edges set a row and a column at a
 * time, not cell by cell: a playout derives its plans twice a game. */
static void wide_sources(const tv_grid *g, uint64_t (*valid)[WORDS])
{
    int w = g->width, h = g->height, n = w * h, nw = (n + 63) / 64;
    uint64_t board[WORDS], first_col[WORDS] = {0}, last_col[WORDS] = {0}, first_row[WORDS] = {0},
                           last_row[WORDS] = {0};
    for (int i = 0; i < nw; i++)
        board[i] = n - 64 * i >= 64 ? ~0ull : (1ull << (n - 64 * i)) - 1;
    for (int row = 0; row < h; row++) {
        put(first_col, row * w);
        put(last_col, row * w + w - 1);
    }
    for (int col = 0; col < w; col++) {
        put(first_row, col);
        put(last_row, (h - 1) * w + col);
    }
    memset(valid, 0, 8 * sizeof *valid);
    for (int d = 0; d < 8; d++) {
        int dc = tv_compass_dcol(d), dr = tv_compass_drow(d);
        for (int i = 0; i < nw && tv_grid_touch(g, dc, dr); i++)
            valid[d][i] = board[i] & (dc > 0 ? ~last_col[i] : dc < 0 ? ~first_col[i] : ~0ull) &
                          (dr > 0 ? ~last_row[i] : dr < 0 ? ~first_row[i] : ~0ull);
    }
}

void tv_pieces_plan_for(const tv_rules *r, int colour, tv_pieces_plan *p)
{
    const tv_pieces *ps = &r->pieces;
    int enemy = colour ^ 3, nray = 0;
    p->colour = colour;
    p->me = colour - 1;
    p->nkinds = ps->nkinds ? ps->nkinds : 1;
    memset(p->nrays, 0, sizeof p->nrays); /* a kind past nkinds (no piece is one) moves nothing */
    memset(p->jumping, 0, sizeof p->jumping);
    memset(p->jump_dirs, 0, sizeof p->jump_dirs);
    memset(p->jump_own, 0, sizeof p->jump_own);
    memset(p->stepper, 0, sizeof p->stepper);
    for (int k = 0; k < p->nkinds; k++) {
        int steps = 1;
        p->first[k] = (uint16_t)nray;
        for (int i = 0; i < ps->ngens; i++) {
            const tv_gen *gen = &ps->gen[i];
            if (!(gen->kinds & (1 << k)))
                continue;
            if (gen->type == TV_GEN_JUMP) {
                int over = gen->over ? gen->over : TV_OVER_ENEMY;
                p->jumping[k] |= (uint16_t)(1u << i);
                if (over & TV_OVER_ENEMY)
                    p->jump_dirs[k] |= (uint8_t)gen->abs[p->me];
                if (over & TV_OVER_OWN)
                    p->jump_own[k] |= (uint8_t)gen->abs[p->me];
                continue;
            }
            ray x = {.dir = 0, .reach = 0, .gen = (int8_t)i, .land = 0};
            if (gen->type != TV_GEN_STEP && gen->type != TV_GEN_SLIDE) {
                p->ray[nray++] = x;
                steps = 0;
                continue;
            }
            /* a step or slide with conditions keeps reach 0: special_ray */
            int plain = !gen->from_rows && gen->min <= 1 && !gen->en_passant;
            x.reach = (int8_t)(!plain ? 0 : gen->type == TV_GEN_STEP ? 1 : gen->max);
            x.land = (uint8_t)(((gen->to & TV_TO_EMPTY) ? 1 : 0) << 2 * TV_EMPTY |
                               ((gen->to & TV_TO_ENEMY) ? 2 : 0) << 2 * enemy);
            steps &= x.reach == 1;
            for (unsigned dirs = (unsigned)gen->abs[p->me]; dirs; dirs &= dirs - 1) {
                x.dir = (int8_t)tv_bits_lowest(dirs);
                p->ray[nray++] = x;
            }
        }
        p->nrays[k] = (uint8_t)(nray - p->first[k]);
        p->stepper[k] = (uint8_t)(steps && p->nrays[k] <= TV_PIECES_STEP_SETS);
    }
    if (ps->royal)
        tv_attack_plan_for(r, colour ^ 3, &p->attacks);
    /* The board's edges as bit sets, where the board fits a word; past
     * that, as sets of several words when some kind only steps (the others
     * gain nothing from them). */
    int n = r->ncells, steppers = 0;
    p->small = n <= 64 && !ps->after; /* captures taken after the move: tv_pieces_after.c, any board */
    for (int k = 0; k < p->nkinds; k++) {
        p->step_first[k] = (uint8_t)steppers;
        steppers += p->stepper[k] ? p->nrays[k] : 0;
    }
    p->step_rays = steppers;
    p->wide = n > 64 && !ps->after && !ps->shoots && steppers > 0 && steppers <= WIDE_RAYS;
    p->words = (n + 63) / 64;
    memset(p->valid, 0, sizeof p->valid);
    memset(p->valid2, 0, sizeof p->valid2);
    for (int d = 0; d < 8; d++) /* on any board: the slides' steps */
        p->delta[d] = (int16_t)tv_grid_offset(&r->grid, d);
    if (p->wide)
        wide_sources(&r->grid, p->wvalid);
    if (!p->small && !p->wide)
        return;
    if (p->small) {
        p->board = n == 64 ? ~0ull : (1ull << n) - 1;
        tv_grid_dir_sources(&r->grid, p->valid);
        for (int d = 0; d < 8; d++)
            p->valid2[d] = p->valid[d] & back(p->valid[d], p->delta[d]);
    }
    for (int k = 0; k < p->nkinds; k++)
        for (int i = 0; p->stepper[k] && i < p->nrays[k]; i++)
            p->step_delta[k][i] = (int8_t)p->delta[p->ray[p->first[k] + i].dir];
}

#define ONES 0x0101010101010101ull

/* Cells c..c+7 of a board of n as a word, cell c + i in byte i (the cells
 * past the board read as empty). */
static inline uint64_t eight(const uint8_t *cells, int c, int n)
{
    uint64_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (c + 8 <= n)
        memcpy(&x, cells + c, 8);
    else
        memcpy(&x, cells + c, (size_t)(n - c));
#else
    for (int i = 0; i < 8 && c + i < n; i++)
        x |= (uint64_t)cells[c + i] << 8 * i;
#endif
    return x;
}

/* Bit i set where byte i of x is 0. */
static inline uint64_t zero_bytes(uint64_t x)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
    x = ~(((x & low7) + low7) | x | low7); /* 0x80 in the zero bytes, 0 elsewhere */
    return ((x >> 7) * 0x0102040810204080ull) >> 56;
}

/* The cells holding a piece of `colour` as a bit set (cell c: bit c % 64 of
 * word c / 64), found eight cells at a time. Returns the words written. */
static int pieces_of(const uint8_t *cells, int n, int colour, uint64_t *set)
{
    int words = (n + 63) / 64;
    for (int w = 0; w < words; w++) {
        uint64_t bits = 0;
        for (int c = 64 * w; c < 64 * w + 64 && c < n; c += 8)
            bits |= zero_bytes((eight(cells, c, n) & 3 * ONES) ^ (uint64_t)colour * ONES) << (c - 64 * w);
        set[w] = bits;
    }
    return words;
}

/* Up to 64 cells from `at` (`left` of them on the board) as sets, cell
 * at + i to bit i: the empty ones, the mover's, the enemy's and, with
 * several kinds, the mover's by kind (of[k * stride]); cells past the board
 * read as empty (the caller masks them). */
static inline __attribute__((always_inline)) void read_cells(const gen_ctx *g, int at, int left, uint64_t *empty,
                                                             uint64_t *mine, uint64_t *enemies, uint64_t *of,
                                                             int stride)
{
    int kinds = g->p->nkinds;
    uint64_t e = 0, o = 0, t = 0;
    for (int k = 0; k < kinds && kinds > 1; k++)
        of[k * stride] = 0;
#if defined(__SSE2__)
    /* sixteen cells at a time: a compare of bytes and their top bits */
    const __m128i three = _mm_set1_epi8(3), zero = _mm_setzero_si128();
    const __m128i own = _mm_set1_epi8((char)g->colour), enemy = _mm_set1_epi8((char)(g->colour ^ 3));
    for (int j = 0; j < 64 && j < left; j += 16) {
        uint8_t tail[16] = {0};
        const uint8_t *cells = g->cells + at + j;
        if (left - j < 16) { /* the cells past the board read as empty */
            memcpy(tail, cells, (size_t)(left - j));
            cells = tail;
        }
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)cells), colours = _mm_and_si128(x, three);
        e |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, zero)) << j;
        o |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(colours, own)) << j;
        t |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(colours, enemy)) << j;
        for (int k = 0; k < kinds && kinds > 1; k++) {
            __m128i piece = _mm_set1_epi8((char)tv_piece(g->colour, k));
            of[k * stride] |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, piece)) << j;
        }
    }
#else
    for (int j = 0; j < 64 && j < left; j += 8) {
        uint64_t x = eight(g->cells, at + j, g->r->ncells), colours = x & 3 * ONES;
        e |= zero_bytes(x) << j;
        t |= zero_bytes(colours ^ (uint64_t)(g->colour ^ 3) * ONES) << j;
        o |= zero_bytes(colours ^ (uint64_t)g->colour * ONES) << j;
        for (int k = 0; k < kinds && kinds > 1; k++)
            of[k * stride] |= zero_bytes(x ^ (uint64_t)tv_piece(g->colour, k) * ONES) << j;
    }
#endif
    *empty = e, *mine = o, *enemies = t;
}

/* A small board as bit sets: the mover's pieces by kind (of[k]), the
 * enemy's, each kind's jumpers, and for each ray of a stepper the cells from
 * which it lands where it may (the empty or the enemy's cells shifted back,
 * within the board's edges). */
static void small_board(gen_ctx *g, uint64_t *of)
{
    const tv_pieces_plan *p = g->p;
    int n = g->r->ncells, kinds = p->nkinds;
    uint64_t empty = 0, enemies = 0, mine = 0;
    read_cells(g, 0, n, &empty, &mine, &enemies, of, 1);
    if (kinds == 1)
        of[0] = mine;
    empty &= p->board; /* the cells past the board read as empty */
    for (int k = 0; k < kinds; k++) {
        const ray *x = p->ray + p->first[k];
        for (int i = 0; p->stepper[k] && i < p->nrays[k]; i++) {
            int d = x[i].dir, land = x[i].land;
            uint64_t onto = ((land >> 2 * TV_EMPTY) & 3 ? empty : 0) | ((land >> 2 * (g->colour ^ 3)) & 3 ? enemies : 0);
            g->steps_from[k][i] = p->valid[d] & back(onto, p->delta[d]);
        }
        uint64_t from = 0;
        for (unsigned dirs = p->jump_dirs[k] | p->jump_own[k]; dirs; dirs &= dirs - 1) {
            int d = tv_bits_lowest(dirs);
            uint64_t over = (p->jump_dirs[k] >> d & 1 ? enemies : 0) | (p->jump_own[k] >> d & 1 ? mine : 0);
            from |= p->valid2[d] & back(over, p->delta[d]) & back(empty, 2 * p->delta[d]);
        }
        g->jumpers[k] = from;
    }
    g->enemies = enemies;
}

/* The moves on a small board, piece by piece in the cells' order. A
 * stepper's steps are laid out first, as the rays each of its cells has a
 * step along (the cells from which a ray's step lands, one by one), so a
 * piece is visited only when it has a step or a jump; the hot loop keeps
 * its count in locals. Other kinds' moves as on any board; jumps only from
 * the jumpers. */
static void small_moves(gen_ctx *g)
{
    const tv_pieces_plan *p = g->p;
    uint64_t of[TV_MAX_KINDS], visit = 0;
    uint16_t rays_at[64]; /* bit i: the stepper on that cell steps along its ray i */
    small_board(g, of);
    memset(rays_at, 0, sizeof rays_at);
    for (int k = 0; k < p->nkinds; k++) {
        if (!p->stepper[k])
            visit |= of[k];
        for (int i = 0; p->stepper[k] && i < p->nrays[k]; i++) {
            uint64_t from = g->steps_from[k][i] & of[k];
            visit |= from;
            for (; from; from &= from - 1)
                rays_at[tv_bits_lowest(from)] |= (uint16_t)(1u << i);
        }
        visit |= g->jumpers[k] & of[k];
    }
    tv_move *out = g->out;
    int8_t *len = g->len;
    const uint8_t *cells = g->cells;
    uint64_t enemies = g->enemies;
    int n = g->n, took = 0, limit = g->cap;
    for (; visit && !g->err; visit &= visit - 1) {
        int c = tv_bits_lowest(visit), kind = tv_cell_kind(cells[c]);
        if (p->stepper[kind]) {
            const int8_t *delta = p->step_delta[kind];
            unsigned rays = rays_at[c];
            if (n > limit - TV_PIECES_STEP_SETS) { /* near the bound: count first */
                int more = 0;
                for (unsigned left = rays; left; left &= left - 1)
                    more++;
                if (n + more > limit) {
                    g->err = 1;
                    break;
                }
            }
            for (; rays; rays &= rays - 1) {
                int to = c + delta[tv_bits_lowest(rays)], takes = (int)(enemies >> to & 1);
                len[n] = (int8_t)takes;
                out[n++] = tv_pmove_simple(c, to, takes);
                took |= takes;
            }
        } else {
            g->n = n;
            moves_of(g, c, kind);
            n = g->n;
        }
        if (g->jumpers[kind] >> c & 1) {
            g->n = n;
            g->from = c;
            jumps(g, c, kind, 0);
            n = g->n;
        }
    }
    g->n = n;
    if (took > g->longest)
        g->longest = took;
}

/* ---- boards past 64 cells: the steppers by multiword sets ------------------ */

/* out = the cells c of m such that c + by is in x (0 < |by| < 64): the words
 * shifted by -by cells, each taking the bits that cross from its neighbour
 * (tv_flip_wide.c's step, the other way). out may be x or m: each word
 * reads only words of x not written yet, and its own of m. */
static HOT void back_words(int nw, const uint64_t *x, int by, const uint64_t *m, uint64_t *out)
{
    if (by > 0) { /* towards lower cells: each word takes the low bits of the one above */
        for (int i = 0; i < nw - 1; i++)
            out[i] = ((x[i] >> by) | (x[i + 1] << (64 - by))) & m[i];
        out[nw - 1] = (x[nw - 1] >> by) & m[nw - 1];
    } else {
        int s = -by;
        for (int i = nw - 1; i > 0; i--)
            out[i] = ((x[i] << s) | (x[i - 1] >> (64 - s))) & m[i];
        out[0] = (x[0] << s) & m[0];
    }
}

/* The board as sets of nw words, as small_board reads it: the mover's
 * pieces by kind (of[k]), all its pieces, the enemy's and the empty cells. */
static HOT void wide_sets(const gen_ctx *g, int nw, uint64_t (*of)[WORDS], uint64_t *mine, uint64_t *enemies,
                          uint64_t *empty)
{
    int n = g->r->ncells, kinds = g->p->nkinds;
    for (int w = 0; w < nw; w++) {
        uint64_t e = 0, o = 0, t = 0;
        int left = n - 64 * w; /* the cells of this word and on */
        read_cells(g, 64 * w, left, &e, &o, &t, &of[0][w], WORDS);
        if (kinds == 1)
            of[0][w] = o;
        empty[w] = left >= 64 ? e : e & ((1ull << left) - 1); /* not the cells past the board */
        mine[w] = o;
        enemies[w] = t;
    }
}

/* The sets a ply's moves are read from: per word w, the cells to visit,
 * those that may begin a jump, and for ray j of the steppers (step_first)
 * the cells from which its step lands where it may, and from which it takes
 * ([w * step_rays + j]). */
typedef struct wide_sets_t {
    uint64_t visit[WORDS], jumpers[WORDS];
    uint64_t from[WORDS * WIDE_RAYS], takes[WORDS * WIDE_RAYS];
} wide_sets_t;

static HOT void wide_rays(gen_ctx *g, int nw, wide_sets_t *ws)
{
    const tv_pieces_plan *p = g->p;
    const int R = p->step_rays, foe = g->colour ^ 3;
    uint64_t of[TV_MAX_KINDS][WORDS], mine[WORDS], enemies[WORDS], empty[WORDS];
    wide_sets(g, nw, of, mine, enemies, empty);
    for (int w = 0; w < nw; w++)
        ws->visit[w] = ws->jumpers[w] = 0;
    for (int k = 0; k < p->nkinds; k++) {
        const ray *x = p->ray + p->first[k];
        for (int i = 0; p->stepper[k] && i < p->nrays[k]; i++) {
            int d = x[i].dir, j = p->step_first[k] + i;
            int to_empty = (x[i].land >> 2 * TV_EMPTY) & 3, to_enemy = (x[i].land >> 2 * foe) & 3;
            uint64_t at[WORDS], onto[WORDS], took[WORDS] = {0};
            for (int w = 0; w < nw; w++) {
                at[w] = p->wvalid[d][w] & of[k][w];
                onto[w] = (to_empty ? empty[w] : 0) | (to_enemy ? enemies[w] : 0);
            }
            back_words(nw, onto, p->delta[d], at, onto);
            if (to_enemy) /* a step that never takes (a pawn's straight step) needs no second shift */
                back_words(nw, enemies, p->delta[d], at, took);
            for (int w = 0; w < nw; w++) {
                ws->from[w * R + j] = onto[w];
                ws->takes[w * R + j] = took[w];
                ws->visit[w] |= onto[w];
            }
        }
        for (int w = 0; w < nw && !p->stepper[k]; w++)
            ws->visit[w] |= of[k][w];
        /* jumpers: an enemy (or own piece) next to them that way and an
         * empty cell beyond, both on the board */
        for (unsigned dirs = p->jump_dirs[k] | p->jump_own[k]; dirs; dirs &= dirs - 1) {
            int d = tv_bits_lowest(dirs), enemy = p->jump_dirs[k] >> d & 1, own = p->jump_own[k] >> d & 1;
            uint64_t over[WORDS], at[WORDS];
            back_words(nw, empty, p->delta[d], p->wvalid[d], over);
            for (int w = 0; w < nw; w++) {
                over[w] &= (enemy ? enemies[w] : 0) | (own ? mine[w] : 0);
                at[w] = p->wvalid[d][w] & of[k][w];
            }
            back_words(nw, over, p->delta[d], at, at);
            for (int w = 0; w < nw; w++) {
                ws->jumpers[w] |= at[w];
                ws->visit[w] |= at[w];
            }
        }
    }
}

/* A visited stepper's steps: its rays read off the sets at its bit b, in
 * their order. With room for all its rays, each ray's move is written and
 * counted only when the ray has one (no branch on the position); near the
 * bound, counted first and the moves alone written, or none (*err). */
static HOT int wide_steps(const uint64_t *from, const uint64_t *takes, const int8_t *delta, int rays, int c, int b,
                          tv_move *out, int8_t *len, int n, int limit, int *took, int *err)
{
    int room = n + rays <= limit, tk_any = 0;
    if (!room) {
        int more = 0;
        for (int i = 0; i < rays; i++)
            more += (int)(from[i] >> b & 1);
        if (n + more > limit) {
            *err = 1;
            return n;
        }
    }
    for (int i = 0; i < rays; i++) {
        int on = (int)(from[i] >> b & 1), tk = (int)(takes[i] >> b & 1), to = c + (delta[i] & -on);
        if (room || on) {
            len[n] = (int8_t)tk;
            out[n] = tv_pmove_simple(c, to, tk);
        }
        n += on;
        tk_any |= tk;
    }
    *took |= tk_any;
    return n;
}

/* The moves of a lone kind that only steps (Breakthrough, Clobber), `rays`
 * steps a piece: every own piece visited is of that kind. A word's sets of
 * each ray are read once and the offsets copied to locals (the captures
 * written are bytes, which could alias the plan's offsets: each write would
 * read them again); with `rays` a constant the rays are unrolled. */
static HOT int steps_only_in(const wide_sets_t *ws, int nw, int R, const int8_t *delta_of, int rays, tv_move *out,
                             int8_t *len, int n, int limit, int *took, int *err)
{
    int delta[TV_PIECES_STEP_SETS], tk_any = 0;
    for (int i = 0; i < rays; i++)
        delta[i] = delta_of[i];
    for (int w = 0; w < nw; w++) {
        uint64_t f[TV_PIECES_STEP_SETS], t[TV_PIECES_STEP_SETS], bits = ws->visit[w];
        for (int i = 0; i < rays; i++) {
            f[i] = ws->from[w * R + i];
            t[i] = ws->takes[w * R + i];
        }
        if (n + tv_bits_count(bits) * rays > limit) { /* near the bound: piece by piece */
            for (; bits && !*err; bits &= bits - 1) {
                int b = tv_bits_lowest(bits);
                n = wide_steps(f, t, delta_of, rays, 64 * w + b, b, out, len, n, limit, &tk_any, err);
            }
            if (*err)
                break;
            continue;
        }
        for (; bits; bits &= bits - 1) { /* room for every ray of the word's pieces */
            int b = tv_bits_lowest(bits), c = 64 * w + b;
#pragma GCC unroll 16
            for (int i = 0; i < rays; i++) {
                int on = (int)(f[i] >> b & 1), tk = (int)(t[i] >> b & 1);
                len[n] = (int8_t)tk;
                out[n] = tv_pmove_simple(c, c + (delta[i] & -on), tk);
                n += on;
                tk_any |= tk;
            }
        }
    }
    *took |= tk_any;
    return n;
}

/* steps_only_in built for three steps (Breakthrough) and four (Clobber). */
static void steps_only(gen_ctx *g, const wide_sets_t *ws, int *took)
{
    const tv_pieces_plan *p = g->p;
    int rays = p->nrays[0], nw = p->words, R = p->step_rays;
    const int8_t *delta = p->step_delta[0];
    if (rays == 3)
        g->n = steps_only_in(ws, nw, R, delta, 3, g->out, g->len, g->n, g->cap, took, &g->err);
    else if (rays == 4)
        g->n = steps_only_in(ws, nw, R, delta, 4, g->out, g->len, g->n, g->cap, took, &g->err);
    else
        g->n = steps_only_in(ws, nw, R, delta, rays, g->out, g->len, g->n, g->cap, took, &g->err);
}

/* The moves of the pieces in ws.visit, as small_moves makes them: a
 * stepper's steps off the sets, other kinds' moves ray by ray, then the
 * jumps of those that may jump. */
static void wide_visit(gen_ctx *g, const wide_sets_t *ws, int *took)
{
    const tv_pieces_plan *p = g->p;
    const uint8_t *cells = g->cells;
    int n = g->n, R = p->step_rays;
    for (int w = 0; w < p->words && !g->err; w++)
        for (uint64_t bits = ws->visit[w]; bits && !g->err; bits &= bits - 1) {
            int b = tv_bits_lowest(bits), c = 64 * w + b, kind = tv_cell_kind(cells[c]);
            if (p->stepper[kind]) {
                int j = w * R + p->step_first[kind];
                n = wide_steps(ws->from + j, ws->takes + j, p->step_delta[kind], p->nrays[kind], c, b, g->out, g->len,
                               n, g->cap, took, &g->err);
            } else {
                g->n = n;
                moves_of(g, c, kind);
                n = g->n;
            }
            if (!g->err && (ws->jumpers[w] >> b & 1)) {
                g->n = n;
                g->from = c;
                jumps(g, c, kind, 0);
                n = g->n;
            }
        }
    g->n = n;
}


/* How a generation over g ends (the moves of a small board or a wide one):
 * the count written, then the moves' count, an error, or cap + 1 when the
 * moves passed a cap below the ruleset's bound. */
static int moves_found(const gen_ctx *g, int cap, int *written, int *longest, tv_error *err)
{
    if (written)
        *written = g->n;
    if (g->rc)
        return g->rc;
    if (g->err && cap < g->r->max_moves)
        return cap + 1;
    if (g->err)
        return tv_error_set(err, TV_ELIMIT, "pieces: a position with more than %d legal moves", g->r->max_moves);
    *longest = g->longest;
    return g->n;
}

/* all_moves on a board past 64 cells with steppers (tv_pieces_plan.wide),
 * in small_moves' order: piece by piece in the cells' order, a stepper's
 * steps in its rays' order, then its jumps; a piece visited when it has a
 * step or a jump, or is no stepper. The sets are made with the words
 * unrolled for the usual sizes (9x9 to 16x16). A function of its own, not
 * inlined, that all_moves hands over to on entry: the small boards' loop is
 * built as it was (a branch in its middle cost them 1-2% in time). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int wide_moves(const tv_rules *r, const tv_pieces_plan *p, const tv_state *s, tv_move *out, int8_t *len,
                      int *longest, int cap, int *written, tv_error *err)
{
    gen_ctx g; /* as all_moves sets it */
    g.r = r, g.p = p, g.cells = s->cells, g.colour = p->colour, g.me = p->me;
    g.out = out, g.len = len, g.n = g.longest = g.err = g.rc = 0, g.from = -1, g.cap = cap;
    g.ep = r->pieces.ep_var >= 0 ? tv_var_get(r, s, r->pieces.ep_var, 0) : -1;
    g.lines.ready = 0;
    wide_sets_t ws;
    int took = 0;
    switch (p->words) {
    case 2:
        wide_rays(&g, 2, &ws);
        break;
    case 3:
        wide_rays(&g, 3, &ws);
        break;
    case 4:
        wide_rays(&g, 4, &ws);
        break;
    default:
        wide_rays(&g, p->words, &ws);
    }
    if (p->nkinds == 1 && !p->jumping[0]) /* every visited piece is a stepper of kind 0 */
        steps_only(&g, &ws, &took);
    else
        wide_visit(&g, &ws, &took);
    if (took > g.longest)
        g.longest = took;
    return moves_found(&g, cap, written, longest, err);
}

/* Whether a jump of the piece of `kind` could begin on `cell`: a piece it
 * may go over next to it (an enemy, or an own piece) and an empty cell
 * beyond (most pieces have none: jumps is not called). */
static inline int may_jump(const gen_ctx *g, int cell, int kind)
{
    const int16_t(*nb)[8] = g->r->nb;
    unsigned enemy = g->p->jump_dirs[kind], own = g->p->jump_own[kind];
    for (unsigned dirs = enemy | own; dirs; dirs &= dirs - 1) {
        int d = tv_bits_lowest(dirs), over = nb[cell][d], v = over < 0 ? TV_EMPTY : g->cells[over];
        if (!tv_cell_is_piece(v) || !((tv_cell_colour(v) == g->colour ? own : enemy) >> d & 1))
            continue;
        if (nb[over][d] >= 0 && g->cells[nb[over][d]] == TV_EMPTY)
            return 1;
    }
    return 0;
}

/* The captures of the piece on `from` whose pieces leave after the move
 * (tv_pieces_after.h). A search cut short by cap (tv_pieces_any) is no
 * error; any other is. */
static void after_captures(gen_ctx *g, const tv_state *s, int from, int kind, tv_error *err)
{
    tv_error mine;
    int n = tv_after_captures(g->r, s->cells, g->colour, from, kind, g->out, g->len, g->n, g->cap, &mine);
    if (n < 0) {
        g->err = 1;
        if (g->cap >= g->r->max_moves) {
            g->rc = n;
            if (err)
                *err = mine;
        }
        return;
    }
    for (; g->n < n; g->n++)
        if (g->len[g->n] > g->longest)
            g->longest = g->len[g->n];
}

/* Every move of the mover, before the capture rule; the captures of each
 * into len, the most of them into *longest. Returns the count or TV_ELIMIT;
 * with a cap below the rules' bound, cap + 1 once more moves than cap are
 * found (the search stops; *written, when not NULL, says how many of them
 * are in out: a stepper's steps are all written or none, so maybe fewer). */
static int all_moves(const tv_rules *r, const tv_pieces_plan *p, const tv_state *s, tv_move *out, int8_t *len,
                     int *longest, int cap, int *written, tv_error *err)
{
    if (p->wide)
        return wide_moves(r, p, s, out, len, longest, cap, written, err);
    gen_ctx g; /* not zeroed whole: what is read is written first */
    g.r = r, g.p = p, g.cells = s->cells, g.colour = p->colour, g.me = p->me;
    g.out = out, g.len = len, g.n = g.longest = g.err = g.rc = 0, g.from = -1, g.cap = cap;
    g.ep = r->pieces.ep_var >= 0 ? tv_var_get(r, s, r->pieces.ep_var, 0) : -1;
    g.lines.ready = 0;
    uint64_t own[(TV_MAX_CELLS + 63) / 64];
    int words = p->small || r->pieces.shoots ? 0 : pieces_of(s->cells, r->ncells, g.colour, own);
    if (r->pieces.shoots)
        all_shots(&g, s);
    else if (p->small)
        small_moves(&g);
    for (int w = 0; w < words && !g.err; w++)
        for (uint64_t bits = own[w]; bits && !g.err; bits &= bits - 1) {
            int c = 64 * w + tv_bits_lowest(bits), kind = tv_cell_kind(s->cells[c]);
            moves_of(&g, c, kind);
            if (r->pieces.after) {
                if (p->jumping[kind] && !g.err && tv_after_can_capture(r, s->cells, g.colour, c, kind))
                    after_captures(&g, s, c, kind, err);
            } else if (p->jumping[kind] && may_jump(&g, c, kind)) {
                g.from = c;
                jumps(&g, c, kind, 0);
            }
        }
    return moves_found(&g, cap, written, longest, err);
}

/* all_moves, then the chess family's rules: choices of promotion and
 * castling (r->pieces.special), and with `filter` the check test (royal
 * kinds), after which *longest is that of the moves kept. */
static int legal_moves(const tv_rules *r, const tv_pieces_plan *p, const tv_state *s, tv_move *out, int8_t *len,
                       int *longest, int cap, int filter, tv_error *err)
{
    int n = all_moves(r, p, s, out, len, longest, cap, NULL, err);
    const tv_pieces *ps = &r->pieces;
    if (n < 0 || (!ps->special && !ps->royal))
        return n;
    if (ps->special && (n = tv_special_promotions(r, s, p->colour, out, len, n, r->max_moves)) >= 0 && ps->ncastles)
        n = tv_special_castles(r, s, p->colour, out, len, n, r->max_moves);
    if (n < 0)
        return tv_error_set(err, TV_ELIMIT, "pieces: a position with more than %d legal moves", r->max_moves);
    if (filter && ps->royal) {
        n = tv_special_filter_planned(r, &p->attacks, s, out, len, n);
        *longest = 0;
        for (int i = 0; i < n && ps->capture != TV_CAPTURE_FREE; i++) /* the capture rule reads it */
            *longest = len[i] > *longest ? len[i] : *longest;
    }
    return n;
}

/* The capture rule on moves[0..n): only captures when one is mandatory and
 * there is one, only the longest when the longest is. Returns the count. */
static int capture_rule(const tv_rules *r, tv_move *moves, const int8_t *len, int n, int longest)
{
    int rule = r->pieces.capture, keep = 0;
    if (rule == TV_CAPTURE_FREE || longest == 0)
        return n;
    int least = rule == TV_CAPTURE_LONGEST ? longest : 1;
    for (int i = 0; i < n; i++)
        if (len[i] >= least)
            moves[keep++] = moves[i];
    return keep;
}

/* ---- counted steps: a playout's draw without the list ---------------------- */

int tv_pieces_counted(const tv_rules *r, const tv_pieces_plan *p)
{
    const tv_pieces *q = &r->pieces;
    return p->small && p->nkinds == 1 && p->stepper[0] && !(p->jump_dirs[0] | p->jump_own[0]) &&
           q->capture == TV_CAPTURE_FREE && !q->royal && !q->special && !q->after && !q->shoots && !q->phase_var;
}

int tv_pieces_step_sets(const tv_rules *r, const tv_pieces_plan *p, const tv_state *s, uint64_t *src,
                        uint64_t *enemies)
{
    gen_ctx g; /* small_board reads these and writes its sets */
    g.r = r, g.p = p, g.cells = s->cells, g.colour = p->colour, g.me = p->me;
    uint64_t of[TV_MAX_KINDS];
    small_board(&g, of);
    int n = 0;
    for (int i = 0; i < p->nrays[0]; i++) {
        src[i] = g.steps_from[0][i] & of[0];
        n += tv_bits_count(src[i]);
    }
    *enemies = g.enemies;
    return n;
}

tv_move tv_pieces_step_pick(const tv_pieces_plan *p, const uint64_t *src, uint64_t enemies, int k)
{
    int nr = p->nrays[0];
    uint64_t visit = 0;
    for (int i = 0; i < nr; i++)
        visit |= src[i];
    for (; visit; visit &= visit - 1) { /* the pieces in the cells' order, each its rays in order */
        int c = tv_bits_lowest(visit);
        unsigned rays = 0;
        for (int i = 0; i < nr; i++)
            rays |= (unsigned)(src[i] >> c & 1) << i;
        int here = tv_bits_count(rays);
        if (k < here) {
            int to = c + p->step_delta[0][tv_bits_select(rays, (unsigned)k)];
            return tv_pmove_simple(c, to, (int)(enemies >> to & 1));
        }
        k -= here;
    }
    return TV_MOVE_NONE;
}

int tv_pieces_moves_planned(const tv_rules *r, const tv_pieces_plan *p, const tv_state *s, tv_move *out,
                            tv_error *err)
{
    int8_t len[TV_MOVES_LIMIT];
    int longest, n = legal_moves(r, p, s, out, len, &longest, r->max_moves, 1, err);
    return n >= 0 && longest ? capture_rule(r, out, len, n, longest) : n;
}

/* The plan of the mover of `colour` under r: the last four rules' two plans
 * each are kept by this thread (a plan follows from the rules alone, and
 * rules never change once finished; their id tells them apart where an
 * address could be reused), so a search, a host's move-by-move loop or a
 * game whose phase changes the rules every ply (tv_pieces_phase) does not
 * derive it at every position. */
#define KEPT_RULES 4
static const tv_pieces_plan *plan_of(const tv_rules *r, int colour)
{
    static _Thread_local struct {
        uint64_t id;
        int ready[2];
        tv_pieces_plan plan[2];
    } kept[KEPT_RULES];
    static _Thread_local unsigned next;
    int i = 0;
    while (i < KEPT_RULES && (kept[i].id != r->id || !r->id))
        i++;
    if (i == KEPT_RULES) { /* the oldest entry goes */
        i = (int)(next++ % KEPT_RULES);
        kept[i].id = r->id;
        kept[i].ready[0] = kept[i].ready[1] = 0;
    }
    if (!kept[i].ready[colour - 1]) {
        tv_pieces_plan_for(r, colour, &kept[i].plan[colour - 1]);
        kept[i].ready[colour - 1] = r->id != 0;
    }
    return &kept[i].plan[colour - 1];
}

int tv_pieces_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    r = tv_pieces_phase(r, s);
    const tv_pieces_plan *p = plan_of(r, tv_colour_of(s, s->to_move));
    if (cap >= r->max_moves)
        return tv_pieces_moves_planned(r, p, s, out, err);
    tv_move local[TV_MOVES_LIMIT];
    int n = tv_pieces_moves_planned(r, p, s, local, err);
    if (n > cap) /* never a list cut short that looks complete */
        return tv_error_set(err, TV_ELIMIT, "pieces: %d legal moves, room for %d", n, cap);
    if (n > 0)
        memcpy(out, local, (size_t)n * sizeof *out);
    return n;
}

int tv_pieces_any(const tv_rules *r, const tv_state *s, tv_error *err)
{
    r = tv_pieces_phase(r, s);
    /* Shots (every move of such a game) stop at the first one found; other
     * games' are all found (max_moves). A move is a legal one: the capture
     * rule keeps a capture when there is one. */
    tv_move some[TV_MOVES_LIMIT];
    int8_t len[TV_MOVES_LIMIT];
    const tv_pieces_plan *p = plan_of(r, tv_colour_of(s, s->to_move));
    if (r->pieces.royal) { /* the check test until one move passes: of the first few found, then of all */
        enum { FEW = 8 };
        int longest, written, n = all_moves(r, p, s, some, len, &longest, FEW, &written, err);
        if (n < 0)
            return n;
        if (written > 0 && tv_special_any_legal(r, &p->attacks, s, some, written))
            return 1;
        if (n <= FEW && !r->pieces.ncastles) /* every move looked at (a promotion is legal as its move is) */
            return 0;
        n = legal_moves(r, p, s, some, len, &longest, r->max_moves, 0, err);
        return n <= 0 ? n : tv_special_any_legal(r, &p->attacks, s, some, n);
    }
    int longest, n = legal_moves(r, p, s, some, len, &longest, r->pieces.shoots ? 1 : r->max_moves, 1, err);
    return n > 1 ? 1 : n;
}

static int refuse(const tv_rules *r, tv_move m, tv_error *err, const char *why, int cell)
{
    char name[TV_PMOVE_CHAIN_LIMIT * 4 + 8], at[8] = "";
    tv_move_text(r, m, name, sizeof name);
    if (cell >= 0)
        tv_grid_cell_name(&r->grid, cell, at, sizeof at);
    return tv_error_set(err, TV_EILLEGAL, "%s: %s%s", name, why, at);
}

/* Why a slide from `a` to `b` (a != b) over empty cells (and `vacated`)
 * cannot be made in s: not along a line, onto an occupied cell, or blocked
 * on the way (*at: that cell); NULL when it could. */
static const char *line_refusal(const tv_rules *r, const tv_state *s, int a, int b, int vacated, int *at)
{
    int dc = tv_grid_col(&r->grid, b) - tv_grid_col(&r->grid, a), dr = tv_grid_row(&r->grid, b) - tv_grid_row(&r->grid, a);
    int dir = -1;
    for (int d = 0; d < 8 && (dc == 0 || dr == 0 || dc == dr || dc == -dr); d++)
        if ((dc > 0) - (dc < 0) == tv_compass_dcol(d) && (dr > 0) - (dr < 0) == tv_compass_drow(d))
            dir = d;
    if (dir < 0)
        return vacated < 0 ? "the piece moves along a line" : "the arrow flies along a line from the piece's new cell";
    if (s->cells[b] != TV_EMPTY && b != vacated) {
        *at = b;
        if (vacated >= 0)
            return s->cells[b] == TV_BLOCK ? "the arrow cannot land on the block on " : "the arrow cannot land on the piece on ";
        return s->cells[b] == TV_BLOCK ? "a block stands on " : "a piece stands on ";
    }
    for (int c = r->nb[a][dir]; c >= 0 && c != b; c = r->nb[c][dir])
        if (s->cells[c] != TV_EMPTY && c != vacated) {
            *at = c;
            return vacated < 0 ? "the way is blocked on " : "the arrow's way is blocked on ";
        }
    return NULL;
}

/* Why the shot m, or a move that should shoot, is not among moves[0..n)
 * when its piece could make the move itself; NULL when it could not (the
 * general reasons follow). *at: the cell the reason names, or -1. */
static const char *shot_refusal(const tv_rules *r, const tv_state *s, const tv_move *moves, int n, tv_move m,
                                int *at)
{
    int from = tv_pmove_from(m), to = tv_pmove_to(m), landed = 0, plain = 0;
    for (int i = 0; i < n; i++)
        if (tv_pmove_from(moves[i]) == from && tv_pmove_to(moves[i]) == to) {
            landed |= tv_pmove_is_shot(moves[i]);
            plain |= !tv_pmove_is_shot(moves[i]);
        }
    if (!tv_pmove_is_shot(m))
        return landed && !plain ? "this move shoots an arrow too: write it from-to/arrow" : NULL;
    if (!landed && plain)
        return "this move shoots no arrow";
    if (!landed) { /* the piece's own part */
        const char *why = line_refusal(r, s, from, to, -1, at);
        return why ? why : "the piece cannot move so (its directions or its range)";
    }
    int arrow = tv_pmove_arrow(m);
    if (arrow == to)
        return "the arrow cannot land where the piece stands";
    const char *why = line_refusal(r, s, to, arrow, from, at);
    return why ? why : "the arrow cannot fly so (its directions or its range)";
}

/* The moves of the piece on `from` alone, as all_moves makes them: where no
 * rule weighs one piece's moves against another's (no capture rule, no
 * royal kind or special move, no captures after the move), a move is legal
 * when it is among these. 1 when m is, 0 when not (or a limit: the whole
 * check then says why). */
static int among_moves_from(const tv_rules *r, const tv_pieces_plan *p, const tv_state *s, int from, tv_move m)
{
    tv_move out[TV_MOVES_LIMIT];
    int8_t len[TV_MOVES_LIMIT];
    gen_ctx g;
    g.r = r, g.p = p, g.cells = s->cells, g.colour = p->colour, g.me = p->me;
    g.out = out, g.len = len, g.n = g.longest = g.err = g.rc = 0, g.from = -1, g.cap = r->max_moves;
    g.ep = -1;
    g.lines.ready = 0;
    int kind = tv_cell_kind(s->cells[from]);
    if (r->pieces.shoots) {
        for (int i = 0; i < r->pieces.ngens && !g.err; i++)
            if (r->pieces.gen[i].kinds & (1 << kind))
                shots(&g, &r->pieces.gen[i], from);
    } else {
        moves_of(&g, from, kind);
        if (p->jumping[kind] && !g.err && may_jump(&g, from, kind)) {
            g.from = from;
            jumps(&g, from, kind, 0);
        }
    }
    if (g.err || g.rc)
        return 0;
    for (int i = 0; i < g.n; i++)
        if (out[i] == m)
            return 1;
    return 0;
}

int tv_pieces_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    r = tv_pieces_phase(r, s);
    tv_move moves[TV_MOVES_LIMIT];
    int8_t len[TV_MOVES_LIMIT];
    tv_pieces_plan p;
    int colour = tv_colour_of(s, s->to_move);
    tv_pieces_plan_for(r, colour, &p);
    const tv_pieces *ps = &r->pieces;
    if (!ps->royal && !ps->special && !ps->after && ps->capture == TV_CAPTURE_FREE && ps->ep_var < 0) {
        /* A host's move-by-move loop: the piece's own moves, not the whole list
         * (Amazons' 2,000 turns a ply); a refusal still gets its reason below. */
        int path[TV_PMOVE_CHAIN_LIMIT + 1], np = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1);
        if (np > 0 && tv_cell_is_piece(s->cells[path[0]]) && tv_cell_colour(s->cells[path[0]]) == colour &&
            among_moves_from(r, &p, s, path[0], m))
            return TV_OK;
    }
    int longest, n = legal_moves(r, &p, s, moves, len, &longest, r->max_moves, 0, err);
    if (n < 0)
        return n;
    int path[TV_PMOVE_CHAIN_LIMIT + 1], np = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1), at = -1;
    if (np < 0)
        return refuse(r, m, err, "not a move of this game", -1);
    int from = path[0], to = path[np - 1], v = s->cells[from];
    if (!tv_cell_is_piece(v) || tv_cell_colour(v) != colour)
        return refuse(r, m, err, "no piece of yours on ", from);
    for (int i = 0; i < n; i++)
        if (moves[i] == m) {
            const char *why = tv_special_refusal(r, s, colour, m);
            if (why)
                return refuse(r, m, err, why, -1);
            if (r->pieces.royal && r->pieces.capture != TV_CAPTURE_FREE) { /* the capture rule over the moves the check test keeps */
                n = legal_moves(r, &p, s, moves, len, &longest, r->max_moves, 1, err);
                for (i = 0; i < n && moves[i] != m; i++)
                    ;
            }
            if (capture_rule(r, moves + i, len + i, 1, longest) == 1)
                return TV_OK;
            return refuse(r, m, err, r->pieces.capture == TV_CAPTURE_LONGEST && len[i]
                                         ? "the longest capture is mandatory here" : "a capture is mandatory here", -1);
        }
    if (tv_cell_is_piece(s->cells[to]) && tv_cell_colour(s->cells[to]) == colour && to != from)
        return refuse(r, m, err, "your own piece stands on ", to);
    if (r->pieces.shoots) {
        const char *why = shot_refusal(r, s, moves, n, m, &at);
        if (why)
            return refuse(r, m, err, why, at);
    }
    if (r->pieces.after && tv_pieces_is_chain(r, m)) { /* c3xe5(7): the captures between the two are fewer */
        int between = 0;
        for (int i = 0; i < n; i++)
            between += tv_pieces_is_chain(r, moves[i]) && tv_pmove_from(moves[i]) == from && tv_pmove_to(moves[i]) == to;
        if (between) {
            char why[80];
            snprintf(why, sizeof why, "%d capture%s from there taking different pieces end on ", between,
                     between == 1 ? "" : "s");
            return refuse(r, m, err, why, to);
        }
    }
    if (tv_pieces_is_chain(r, m)) /* a chain cut short: some legal chain goes on from here */
        for (int i = 0; i < n; i++) {
            int other[TV_PMOVE_CHAIN_LIMIT + 1], no = tv_pieces_path(r, moves[i], other, TV_PMOVE_CHAIN_LIMIT + 1);
            if (no > np && memcmp(other, path, (size_t)np * sizeof *path) == 0)
                return refuse(r, m, err, "the chain must go on: another jump is possible from ", to);
        }
    /* the same cells, with or without the capture mark */
    for (int i = 0; i < n; i++)
        if (!tv_pieces_is_chain(r, m) && !tv_pieces_is_chain(r, moves[i]) && tv_pmove_from(moves[i]) == from &&
            tv_pmove_to(moves[i]) == to)
            return refuse(r, m, err, tv_pmove_captures(m) ? "nothing to capture on " : "this move captures on ", to);
    for (int i = 0; i < r->pieces.ngens && !tv_pieces_is_chain(r, m); i++) /* a line count's own reasons */
        if (r->pieces.gen[i].type == TV_GEN_LINE_COUNT && (r->pieces.gen[i].kinds & (1 << tv_cell_kind(v)))) {
            int at;
            const char *why = tv_pline_why(r, &r->pieces.gen[i], s->cells, colour, from, to, &at);
            if (why)
                return refuse(r, m, err, why, at);
        }
    return refuse(r, m, err, "the piece cannot move so", -1);
}

static int kinds_of_rules(const tv_rules *r) { return r->pieces.nkinds ? r->pieces.nkinds : 1; }

int tv_pieces_arrow(const tv_rules *r, tv_move m)
{
    int cells[2];
    return r->pieces.shoots && tv_pmove_is_shot(m) && tv_pieces_path(r, m, cells, 2) == 2 ? tv_pmove_arrow(m) : -1;
}

int tv_pieces_path(const tv_rules *r, tv_move m, int *cells, int size)
{
    if (m < 0 || r->moves != TV_MOVES_PIECES || size < 2)
        return -1;
    int from = tv_pmove_from(m);
    if (from >= r->ncells)
        return -1;
    cells[0] = from;
    if (r->pieces.shoots) { /* no chains: simple moves and shots */
        if (tv_pieces_is_chain(r, m) && (!tv_pmove_is_shot(m) || tv_pmove_arrow(m) >= r->ncells))
            return -1;
        cells[1] = tv_pmove_to(m);
        return cells[1] < r->ncells ? 2 : -1;
    }
    if (r->pieces.special) { /* a plain move, a promotion to a kind, a castling of the game */
        int promotes = tv_pmove_promotes(m);
        if (m >= 2 * TV_PMOVE_CASTLE || (tv_pmove_is_castle(m) ? tv_pmove_castle(m) >= r->pieces.ncastles
                                                                : promotes >= kinds_of_rules(r)))
            return -1;
        cells[1] = tv_pmove_to(m);
        return cells[1] < r->ncells ? 2 : -1;
    }
    if (!tv_pieces_is_chain(r, m)) {
        cells[1] = tv_pmove_to(m);
        return cells[1] < r->ncells ? 2 : -1;
    }
    if (r->pieces.after) { /* a capture taken after the move: its two ends, no capture mark */
        cells[1] = tv_pmove_to(m);
        return cells[1] < r->ncells && !tv_pmove_captures(m) ? 2 : -1; /* it may end where it began */
    }
    int8_t dirs[TV_PMOVE_CHAIN_LIMIT];
    int len = tv_pmove_chain_dirs(r->pieces.jump_dirs, m, dirs);
    if (len < 1 || len > r->pieces.chain_max || len + 1 > size)
        return -1;
    int cell = from;
    for (int i = 0; i < len; i++) {
        int over = r->nb[cell][dirs[i]];
        cell = over < 0 ? -1 : r->nb[over][dirs[i]];
        if (cell < 0)
            return -1;
        cells[i + 1] = cell;
    }
    return len + 1;
}

/* A capture whose pieces leave after the move (tv_pieces_after.h): the
 * pieces it takes in s, then the piece to its end, promoted there. */
static int after_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *progress, tv_error *err)
{
    int16_t taken[TV_PMOVE_CHAIN_LIMIT];
    int path[2], rc, n = tv_pieces_path(r, m, path, 2) < 0 ? 0 : tv_after_taken(r, s->cells, m, taken, err);
    if (n < 0)
        return n;
    if (n == 0)
        return tv_error_set(err, TV_EINVAL, "pieces: move %d is not a capture in this position", (int)m);
    int from = path[0], to = path[1], v = s->cells[from], colour = tv_cell_colour(v), kind = tv_cell_kind(v);
    if ((rc = tv_state_put_grid(r, s, u, from, TV_EMPTY, err)))
        return rc;
    for (int i = 0; i < n; i++)
        if ((rc = tv_state_put_grid(r, s, u, taken[i], TV_EMPTY, err)))
            return rc;
    int became = promoted(r, colour, kind, to);
    if ((rc = tv_state_put_grid(r, s, u, to, tv_piece(colour, became), err)))
        return rc;
    *progress = 1;
    return (r->ends & TV_END_REACH) && tv_pieces_far(r, colour, to, 1);
}

int tv_pieces_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *progress, tv_error *err)
{
    if (r->pieces.special) {
        int path[2];
        if (tv_pieces_path(r, m, path, 2) < 0)
            return tv_error_set(err, TV_EINVAL, "pieces: move %d is not a move of this game", (int)m);
        return tv_special_apply(r, s, m, u, progress, err);
    }
    if (r->pieces.after && tv_pieces_is_chain(r, m))
        return after_apply(r, s, m, u, progress, err);
    int path[TV_PMOVE_CHAIN_LIMIT + 1], np = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1);
    if (np < 0)
        return tv_error_set(err, TV_EINVAL, "pieces: move %d is not a move of this game", (int)m);
    /* The cells are on the board (the path says so) and the values are the
     * game's: the writes need no checks. */
    int from = path[0], v = s->cells[from], colour = tv_cell_colour(v), kind = tv_cell_kind(v), rc;
    int shot = r->pieces.shoots && tv_pmove_is_shot(m);
    int captured = shot || tv_pieces_is_chain(r, m) ? 0 : tv_pmove_captures(m);
    if ((rc = tv_state_put_grid(r, s, u, from, TV_EMPTY, err)))
        return rc;
    for (int i = 1; i < np && tv_pieces_is_chain(r, m) && !shot; i++) { /* the jumped enemies, between the landings */
        int over = (path[i - 1] + path[i]) / 2, enemy = tv_cell_colour(s->cells[over]) != colour;
        captured += enemy;
        if (enemy && (rc = tv_state_put_grid(r, s, u, over, TV_EMPTY, err)))
            return rc;
        kind = promoted(r, colour, kind, path[i]);
    }
    int to = path[np - 1], was = kind;
    kind = promoted(r, colour, kind, to);
    if ((rc = tv_state_put_grid(r, s, u, to, tv_piece(colour, kind), err)))
        return rc;
    if (shot && (rc = tv_state_set(r, s, u, tv_pmove_arrow(m), TV_BLOCK, err)))
        return rc;
    if (r->custodial.dirs && (rc = tv_custodial_capture(r, s, u, to, s->to_move, NULL, err)) != 0) {
        if (rc < 0)
            return rc;
        captured += rc;
    }
    *progress = captured > 0 || kind != tv_cell_kind(v) || was != kind || (r->pieces.progress_kinds >> tv_cell_kind(v) & 1);
    return (r->ends & TV_END_REACH) && tv_pieces_far(r, colour, to, 1);
}
