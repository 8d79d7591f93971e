/* The ruleset API for evaluation as data (tv_api_eval.c). */
#ifndef TV_API_EVAL_H
#define TV_API_EVAL_H

#include <lua.h>

#include "tv_rules.h"

/* game.evaluate = { material, advancement, centre, mobility, mobile, score,
 * open_lines, connection, two_distance, two_distance_cells, corners, stable }: read raw and checked completely into r->eval, against the
 * board, the kinds and the goal already read. */
void tv_read_eval(lua_State *L, int idx, tv_rules *r);

#endif
