/* The floor below the move families: every write of a cell, the hash, and
 * the counts derived from the cells. The kernel, the families and their
 * primitives, the play hooks and the position reader all change cells
 * through here, so that the hash, the undo record and the counts stay true.
 * Nothing here knows a family. */
#ifndef TV_CELLS_H
#define TV_CELLS_H

#include <string.h>

#include "tv_bits.h"
#include "tv_rules.h"

/* Bit i of the result: byte i of x is `colour`. */
static inline uint64_t tv_cells_bytes_equal(uint64_t x, int colour)
{
    return tv_bits_zero_bytes(x ^ (0x0101010101010101ull * (uint8_t)colour));
}

/* The cells of s that hold `colour`, as a bit set (64 cells or fewer), read
 * eight at a time. The last eight end at the last cell: a state's head lies
 * before its cells, so the read stays inside the state on any board. */
static inline uint64_t tv_cells_colour_bits(const tv_state *s, int ncells, int colour)
{
    uint64_t bits = 0, x;
    int c = 0;
    for (; c + 8 <= ncells; c += 8) {
        memcpy(&x, s->cells + c, 8);
        bits |= tv_cells_bytes_equal(x, colour) << c;
    }
    if (c < ncells) {
        memcpy(&x, s->cells + ncells - 8, 8);
        bits |= tv_cells_bytes_equal(x, colour) >> (8 - (ncells - c)) << c;
    }
    return bits;
}

/* Starts the undo record u of a move about to be played on s: the header,
 * no cell yet. Every record is started here (the kept bits must be clear). */
static inline void tv_undo_start(const tv_rules *r, tv_undo *u, const tv_state *s)
{
    memcpy(u->head, s, TV_STATE_HEAD);
    if (r->vars.size) /* the variables and hands: a few bytes, kept whole */
        memcpy(u->extra, (const unsigned char *)s + r->vars.offset, (size_t)r->vars.size);
    u->n = 0;
    memset(u->kept, 0, (size_t)(r->ncells + 7) / 8);
}

/* Records cell's value before the move, on the move's first write of it
 * only: a grid's record never fills (at most ncells entries). */
static inline void tv_undo_keep(tv_undo *u, int cell, int old)
{
    uint8_t bit = (uint8_t)(1u << (cell & 7));
    if (u->kept[cell >> 3] & bit)
        return;
    u->kept[cell >> 3] |= bit;
    u->cell[u->n] = (uint16_t)cell;
    u->old[u->n++] = (uint8_t)old;
}

/* Sets one cell (a grid's contents, a hole's seeds) with its undo entry (u
 * may be NULL), its hash and its counts; refuses a cell off the board, a
 * value its game cannot hold, a hole that would overflow, and a hole when a
 * play hook's sowings have filled the undo record (tv_sow_apply keeps every
 * hole at each sowing, unmarked). */
int tv_state_set(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int value, tv_error *err);

/* tv_state_set on a grid, for a cell on the board and a value its game
 * allows (the caller knows both): the undo record, the hash, the counts. */
static inline int tv_state_put_grid(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int value, tv_error *err)
{
    (void)err; /* nothing here fails: the record holds the whole board */
    int old = s->cells[cell];
    if (u)
        tv_undo_keep(u, cell, old);
    s->hash ^= r->zcell[cell][old] ^ r->zcell[cell][value];
    s->empty = (uint16_t)(s->empty + (value == TV_EMPTY) - (old == TV_EMPTY));
    int now = tv_cell_is_piece(value), was = tv_cell_is_piece(old);
    s->stones = (uint16_t)(s->stones + now - was);
    if (now)
        s->owned[tv_cell_colour(value) - 1]++;
    if (was)
        s->owned[tv_cell_colour(old) - 1]--;
    s->cells[cell] = (uint8_t)value;
    return TV_OK;
}

/* Takes back the move recorded in u (the last one played on s): the cells
 * it changed, in reverse order, then the state's header. */
void tv_unplay(const tv_rules *r, tv_state *s, const tv_undo *u);

/* The players exchange colours (the swap move; s:swap() in a play hook):
 * the stones stay, each player takes the other's colour and its points. The
 * undo record's header restores it. */
void tv_swap_colours(const tv_rules *r, tv_state *s);

/* Recomputes the Zobrist hash from scratch (tests compare it with the
 * incremental one): the cells' keys, then tv_state_hash_rest's. */
uint64_t tv_state_hash(const tv_rules *r, const tv_state *s);

/* The part of s's hash that is not its cells: the side to move, the flags,
 * the variables and hands (s->hash ^ this: the board alone, as positional
 * superko compares it). */
uint64_t tv_state_hash_rest(const tv_rules *r, const tv_state *s);

/* The counts derived from a grid's cells: empty cells, pieces, pieces by colour. */
void tv_state_count(const tv_rules *r, tv_state *s);

/* The empty cells of cells[0..n), counted eight at a time; the k-th of them
 * in cell order (k below that count): a random placement drawn as the k-th
 * move of a list, without the list. */
int tv_cells_empty_count(const uint8_t *cells, int n);
int tv_cells_empty_at(const uint8_t *cells, int n, int k);

/* Whether s's hash and counts are what its cells, side to move and flags
 * give (Stockfish's pos_is_ok): 1, or 0 with what differs in why[0..size). */
int tv_state_ok(const tv_rules *r, const tv_state *s, char *why, int size);

/* Built with -DTV_STATE_CHECKS (the sanitizer build of make check), every
 * hand-over of the turn, in the kernel and in every fast path, asserts
 * tv_state_ok: after every move on boards of up to TV_STATE_CHECK_CELLS
 * cells (every shipped game but the largest: the fast paths are the same
 * code there), every 64th ply above (a recount of 676 cells a ply would
 * make a 26x26 search under ASan a hundred times slower); otherwise this
 * costs nothing. */
#define TV_STATE_CHECK_CELLS 400
#ifdef TV_STATE_CHECKS
void tv_state_assert_ok(const tv_rules *r, const tv_state *s);
#define TV_STATE_CHECK(r, s) tv_state_assert_ok((r), (s))
#else
#define TV_STATE_CHECK(r, s) ((void)0)
#endif

#endif
