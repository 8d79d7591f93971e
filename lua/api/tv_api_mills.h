/* The ruleset API for mill games (Nine Men's Morris): the graph{} board and
 * the mills{} moves, with their readers (tv_api_mills.c). */
#ifndef TV_API_MILLS_H
#define TV_API_MILLS_H

#include <lua.h>

#include "tv_rules.h"

/* graph { width = 7, height = 7, lines = { "a1 d1 g1", ... }, links = { "a1 b2 c3" } }:
 * points named as the grid's cells; each line a path of points (its
 * neighbours linked), each of links a path linked that makes no line. */
int tv_api_graph(lua_State *L);
void tv_read_graph(lua_State *L, int idx, const char *pre, tv_grid *grid, tv_graph *g);

/* mills { fly = 3 }: fly 0 never. */
int tv_api_mills(lua_State *L);
void tv_read_mills(lua_State *L, int idx, const char *what, tv_mills *m);

#endif
