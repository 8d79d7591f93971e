/* Directions in a ruleset: one vocabulary for every primitive that takes
 * them (rulesets/README.md, "Directions"), read into what each primitive
 * needs. Words, separated by spaces or commas:
 *
 *   forward, backward                     one way (towards the opponent, back)
 *   diagonal_forward, diagonal_backward   both diagonals, one way
 *   sideways or h                         along the row, both ways
 *   v                                     along the column, both ways
 *   diagonal or d                         both diagonals, both ways
 *   orthogonal                            h and v;  all: h, v and d
 *
 * and h, v, d may be run together ("hvd", "hd"), as line directions always
 * were. A word means the same everywhere; a one-way word is refused where a
 * direction is a line, which has no way (a run, a line goal, a bracket). */
#ifndef TV_DIRECTIONS_H
#define TV_DIRECTIONS_H

#include <lua.h>

#include "tv_rules.h"

typedef enum tv_dirs_use {
    TV_DIRS_MOVER, /* step, slide, jump, shoot, line_count: a TV_N.. mask, forward = TV_N for the mover */
    TV_DIRS_BOARD, /* custodial, flips: a TV_N.. mask of the board, both ways of each line */
    TV_DIRS_LINES  /* line goals, runs, open lines: a TV_DIR_H.. mask */
} tv_dirs_use;

/* Field key of table idx as directions for use: the mask, or def when the
 * field is absent (def < 0: required). Errors name "<what>.<key>", the word
 * and the words this use accepts. */
int tv_directions_field(lua_State *L, int idx, const char *what, const char *key, tv_dirs_use use, int def);

#endif
