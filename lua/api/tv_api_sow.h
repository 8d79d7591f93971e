/* The mancala part of the ruleset API. */
#ifndef TV_API_SOW_H
#define TV_API_SOW_H

#include <lua.h>

#include "tv_rules.h"

int tv_api_mancala(lua_State *L); /* mancala { holes, seeds, stores } */
int tv_api_sow(lua_State *L);     /* sow { direction, origin_first, ..., capture = {...} } */

/* Copy checked mancala{} / sow{} tables at idx into the rules. */
void tv_read_mancala(lua_State *L, tv_rules *r, int idx);
void tv_read_sow(lua_State *L, tv_rules *r, int idx);

#endif
