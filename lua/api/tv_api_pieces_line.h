/* The ruleset API for two more generators of pieces that move
 * (tv_api_pieces_line.c): line_count{} and leap{}, read into a tv_gen for
 * core/play/tv_pieces_line.c. */
#ifndef TV_API_PIECES_LINE_H
#define TV_API_PIECES_LINE_H

#include <lua.h>

#include "tv_rules.h"

int tv_api_line_count(lua_State *L); /* line_count { directions = "all", to = "any" } */
int tv_api_leap(lua_State *L);       /* leap { offsets = { {1, 2}, {2, 1} }, to = "any" } */

/* The generator at idx into g (completely checked; errors name `what`). */
void tv_read_line_count(lua_State *L, int idx, const char *what, tv_gen *g);
void tv_read_leap(lua_State *L, int idx, const char *what, tv_gen *g);

/* tv_api_pieces.c's reader of `to`. */
int tv_api_pieces_to(lua_State *L, int idx, const char *what, int def);

#endif
