/* The most legal moves one piece can have, derived from a ruleset's move
 * generators (tv_rules_finish: max_moves is the pieces a side can have
 * times this, plus a shooting game's shots). A true upper bound over every
 * position, not an estimate: each generator is counted on the empty board,
 * where a step, slide or leap reaches the most cells, and a piece's chains
 * of jumps are counted as every sequence of jumps the board's geometry and
 * the enemy's pieces allow, whatever stands where (tests/games/test_bound.c
 * plays random games and perft against it). */
#ifndef TV_BOUND_H
#define TV_BOUND_H

#include "tv_rules.h"

/* The most moves but shots (steps, slides, leaps, line counts, jumps and
 * their chains) of one piece of r, over both colours, every kind and cell,
 * when the enemy has at most `enemies` pieces; or of one kind (kind >= 0:
 * its own moves, and chains as any kind it may become on the way). Needs the generators' derived
 * directions (abs) and chain_max. Stops counting once past cap: then the
 * result is above cap but not the bound. */
long tv_bound_piece_moves(const tv_rules *r, int kind, int enemies, long cap);

#endif
