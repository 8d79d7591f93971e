/* Variables the rules declare for themselves while they are finished (the
 * chess family's castling rights and en-passant cell, Go's ko point and
 * pass count): found by name when the ruleset declared one of that type, or
 * added. */
#ifndef TV_VARS_KEEP_H
#define TV_VARS_KEEP_H

#include "tv_rules.h"

/* The variable called name, of this type, per player or not, with its
 * start value and, for an integer, its range 0..max: its index, or an error
 * code naming `whose` ("the chess family's") when the name is taken by a
 * variable of another shape or no room is left. */
int tv_vars_keep(tv_rules *r, const char *name, int type, int per_player, int init, int max, const char *whose,
                 tv_error *err);

#endif
