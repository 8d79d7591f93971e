/* Game variables and hands in the ruleset API (tv_api_vars.c):
 *   vars  = { ko = { cell = true }, phase = { min = 0, max = 2 },
 *             passes = { min = 0, max = 2, per_player = true },
 *             castled = { flag = true, per_player = true } },
 *   hands = { man = { 9, 9 } },
 * compiled into tv_rules.vars (core/rules/tv_vars.h); and the view's
 * methods that read and write them (s:var, s:set_var, s:hand, s:set_hand). */
#ifndef TV_API_VARS_H
#define TV_API_VARS_H

#include <lua.h>

#include "tv_rules.h"

/* Reads vars{} / hands{} at idx completely (raw reads) into r->vars;
 * hands after the kinds (game.pieces). */
void tv_read_vars(lua_State *L, int idx, tv_rules *r);
void tv_read_hands(lua_State *L, int idx, tv_rules *r);

/* Adds s:var, s:set_var, s:hand and s:set_hand to the view's table on top. */
void tv_view_vars_open(lua_State *L);

#endif
