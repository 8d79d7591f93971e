/* The layout of a whole move from a moves hook (a grid game whose moves a
 * hook lists, tv_hmove_rules): a non-negative 31-bit integer that says the
 * whole turn, so that move text, action ids and records need no state.
 *
 *   m < 2^29, bit 20 clear  a cell, or a drop:     c | (kind + 1) << 21
 *                           ("d4": kind bits 0; "K@d4": a piece of kind K
 *                           from the mover's hand, K its letter)
 *   m < 2^29, bit 20 set    a from-to:            from | to << 10 | 1 << 20 |
 *                           (promotion + 1) << 21 ("a1-a3", "e7-e8=Q")
 *   2^29 <= m < 2^30        a chain of jumps:     2^29 | from | code << 10,
 *                           each jump to the cell two steps away in one of
 *                           the eight directions, code numbering the
 *                           directions as tv_pmove_chain does over all eight
 *                           (never straight back): at most
 *                           TV_HMOVE_CHAIN_MAX jumps ("a1xc1xc3")
 *   m >= 2^30               a cell removed after a from-to or a placement:
 *                           2^30 | a | b << 10 | x << 20 ("d2-d3xf4" moves
 *                           d2 to d3 and removes f4; a == b: "@a1xg7"
 *                           places a stone on a1 and removes g7)
 *   x == 1023               a turn of several parts: 2^30 | 1023 << 20 | i,
 *                           i its index in the ruleset's table of turns
 *                           (core/play/tv_hturns.h; "d1-d7/g7")
 *
 * A plain cell is the cell itself, as every placement game's move, so a
 * moves hook that lists cells keeps its moves. Cells are below 1024
 * (TV_MAX_CELLS = 676), kinds below TV_MAX_KINDS (8): 4 bits hold kind + 1. */
#ifndef TV_HMOVE_H
#define TV_HMOVE_H

#include <stdint.h>

#include "tv_pmove.h"
#include "tv_rules.h"
#include "tv_state.h"

#define TV_HMOVE_FROMTO (1 << 20)
#define TV_HMOVE_CHAIN (1 << 29)
#define TV_HMOVE_REMOVE (1 << 30)
#define TV_HMOVE_CHAIN_DIRS 255 /* all eight directions */
#define TV_HMOVE_CHAIN_CODES (1 << 19)
#define TV_HMOVE_TURN (TV_HMOVE_REMOVE | 1023 << 20)

enum { TV_HMOVE_CELL, TV_HMOVE_DROP, TV_HMOVE_STEP, TV_HMOVE_JUMPS, TV_HMOVE_TAKE, TV_HMOVE_TURNS };

/* The longest chain: codes of chains of 1..L jumps in 8 directions, never
 * straight back (8, 56, 392, ... of them), stay below 2^19 up to L = 6. */
#define TV_HMOVE_CHAIN_MAX 6

static inline tv_move tv_hmove_drop(int cell, int kind) { return (tv_move)(cell | (kind + 1) << 21); }
static inline tv_move tv_hmove_step(int from, int to, int promote)
{
    return (tv_move)(from | to << 10 | TV_HMOVE_FROMTO | (promote + 1) << 21);
}
static inline tv_move tv_hmove_take(int from, int to, int removed)
{
    return (tv_move)(TV_HMOVE_REMOVE | from | to << 10 | removed << 20);
}
/* The turn at index i (below 2^20) of the table of turns. */
static inline tv_move tv_hmove_turn(int i) { return (tv_move)(TV_HMOVE_TURN | i); }
static inline int tv_hmove_turn_index(tv_move m) { return m & ((1 << 20) - 1); }

/* Whether r's moves are whole moves of a hook: a moves hook on a square grid
 * whose description names no other kind of move (placement). */
static inline int tv_hmove_rules(const tv_rules *r)
{
    return r->hooks.moves && r->board == TV_BOARD_GRID && !r->grid.hex && r->data_family == TV_FAMILY_PLACE;
}

/* The shape of a non-negative m (TV_HMOVE_*). */
static inline int tv_hmove_shape(tv_move m)
{
    if (m >= TV_HMOVE_TURN)
        return TV_HMOVE_TURNS;
    if (m >= TV_HMOVE_REMOVE)
        return TV_HMOVE_TAKE;
    if (m >= TV_HMOVE_CHAIN)
        return TV_HMOVE_JUMPS;
    if (m & TV_HMOVE_FROMTO)
        return TV_HMOVE_STEP;
    return m >> 21 ? TV_HMOVE_DROP : TV_HMOVE_CELL;
}

static inline int tv_hmove_from(tv_move m) { return m & 1023; }
static inline int tv_hmove_to(tv_move m) { return (m >> 10) & 1023; }      /* steps, takes */
static inline int tv_hmove_removed(tv_move m) { return (m >> 20) & 1023; } /* takes */
/* The kind of a drop, the promotion of a step (-1: none). */
static inline int tv_hmove_kind(tv_move m) { return ((m >> 21) & 15) - 1; }

/* A chain from `from` along dirs[0..len). */
static inline tv_move tv_hmove_chain(int from, const int8_t *dirs, int len)
{
    tv_move p = tv_pmove_chain(TV_HMOVE_CHAIN_DIRS, from, dirs, len); /* 2^21 + from + 1024 * code */
    return (tv_move)(TV_HMOVE_CHAIN | (p - TV_PMOVE_CHAIN_BASE));
}

/* The directions of chain m into dirs[0..TV_PMOVE_CHAIN_LIMIT): its length,
 * or -1 when m is no chain the layout holds. */
static inline int tv_hmove_chain_dirs(tv_move m, int8_t *dirs)
{
    if (tv_hmove_shape(m) != TV_HMOVE_JUMPS || ((m - TV_HMOVE_CHAIN) >> 10) >= TV_HMOVE_CHAIN_CODES)
        return -1;
    int len = tv_pmove_chain_dirs(TV_HMOVE_CHAIN_DIRS, TV_PMOVE_CHAIN_BASE + (m - TV_HMOVE_CHAIN), dirs);
    return len > TV_HMOVE_CHAIN_MAX ? -1 : len;
}

#endif
