/* The connection part of the ruleset API: hex{} (a rhombus of hexagons) and
 * connect{} (join your sides), compiled into tv_rules.grid and .join. */
#ifndef TV_API_HEX_H
#define TV_API_HEX_H

#include <lua.h>

#include "tv_rules.h"

int tv_api_hex(lua_State *L);     /* hex { size = 11 } or hex { width = 9, height = 11 } */
int tv_api_connect(lua_State *L); /* connect { sides = { "rows", "columns" }, diagonals = false } */

/* Check hex{} / connect{} tables at idx completely (raw reads) and fill the
 * description; messages start with pre. */
void tv_read_hex(lua_State *L, int idx, const char *pre, tv_grid *g);
void tv_read_connect(lua_State *L, int idx, const char *pre, tv_join *k);

/* shapes { ring = true, bridge = true, fork = true }: Havannah's goal. */
int tv_api_shapes(lua_State *L);
void tv_read_shapes(lua_State *L, int idx, const char *pre, tv_shapes *k);

#endif
