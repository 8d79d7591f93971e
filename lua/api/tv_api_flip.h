/* The ruleset API for flips: place { flips = "all" } (Othello), read into
 * tv_rules.flip. */
#ifndef TV_API_FLIP_H
#define TV_API_FLIP_H

#include <lua.h>

#include "tv_rules.h"

/* The flips field of the place{} table at idx (what names it in messages):
 * the directions along which a placement brackets and turns enemy runs, as a
 * TV_N.. mask; 0 when the field is absent. */
int tv_read_flips(lua_State *L, int idx, const char *what);

#endif
