/* Game variables and hands: the state a ruleset declares beyond its cells
 * and scores (game { vars = { ... }, hands = { ... } }). Variables are
 * integers in a declared range, flags, or cells (a ko point, an en-passant
 * cell), once or per player; hands are pieces off the board, per player and
 * kind. They live in the flat state after the cells (fixed size per
 * ruleset), are hashed, undone with the move, written in position strings,
 * and read and written by hooks (core/play/tv_vars_state.h). */
#ifndef TV_VARS_H
#define TV_VARS_H

#include <stdint.h>

#include "tv_state.h"

#define TV_MAX_VARS 16
#define TV_VAR_NAME 16
#define TV_VAR_LIMIT 1000000000 /* |min|, |max| of an integer variable */
#define TV_HAND_MAX 255          /* pieces of one kind in one hand */

enum { TV_VAR_INT, TV_VAR_FLAG, TV_VAR_CELL };

typedef struct tv_var {
    char name[TV_VAR_NAME];
    int type;       /* TV_VAR_* */
    int min, max;   /* a flag: 0..1; a cell: -1 (none) .. ncells - 1 */
    int init;       /* the start's value (a cell: -1 or a cell) */
    int per_player; /* one value per player (two slots) */
    int slot;       /* derived: its first value's index in the state's slots */
} tv_var;

typedef struct tv_vars {
    int n;                               /* variables, sorted by name */
    tv_var var[TV_MAX_VARS];
    int hands;                           /* 1: the state keeps pieces in hand */
    uint8_t hand_start[2][TV_MAX_KINDS]; /* by player index and kind */
    /* Derived by tv_rules_finish. */
    int nslots;                          /* int32 values */
    int offset, size;                    /* the extras' bytes in the state (0 size: none) */
} tv_vars;

/* The most bytes the extras take: every variable per player, and the hands. */
#define TV_STATE_EXTRA_MAX (TV_MAX_VARS * 2 * 4 + 2 * TV_MAX_KINDS)
_Static_assert(TV_STATE_EXTRA_MAX == TV_STATE_EXTRA_ROOM, "tv_state.h's room for the extras");

#endif
