/* The ruleset API for pieces that move (tv_api_pieces.c). */
#ifndef TV_API_PIECES_H
#define TV_API_PIECES_H

#include <lua.h>

#include "tv_rules.h"

int tv_api_step(lua_State *L);  /* step { directions = "forward", to = "empty" } */
int tv_api_slide(lua_State *L); /* slide { directions = "orthogonal", to = "any", max = 7 } */
int tv_api_jump(lua_State *L);  /* jump { directions = "diagonal", chain = true } */
int tv_api_shoot(lua_State *L); /* shoot { directions = "all" }: slide { after = shoot {...} } */
int tv_api_move(lua_State *L);  /* move { man = { step {...}, jump {...} }, capture = ..., promote = {...} } */

/* game{}'s fields, read raw and checked completely: pieces (the kinds, before
 * the setup and the moves), setup (rows, top first, or one "row/row" string),
 * and moves = move { ... } against the kinds declared. */
void tv_read_pieces(lua_State *L, int idx, tv_pieces *p);
void tv_read_setup(lua_State *L, int idx, tv_rules *r);
void tv_read_moves_pieces(lua_State *L, int idx, tv_rules *r);

/* A kind's name or a list of them at idx, as a mask of p's kinds (without
 * known_kinds: names are only checked to be strings). */
int tv_read_kinds(lua_State *L, int idx, const char *what, const tv_pieces *p, int known_kinds);

#endif
