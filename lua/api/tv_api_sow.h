/* The mancala part of the ruleset API. */
#ifndef TV_API_SOW_H
#define TV_API_SOW_H

#include <lua.h>

#include "tv_rules.h"

int tv_api_mancala(lua_State *L); /* mancala { holes, seeds, stores } */
int tv_api_sow(lua_State *L);     /* sow { direction, origin_first, ..., capture = {...} } */

/* Check mancala{} / sow{} tables at idx completely (raw reads) and fill w;
 * messages start with pre. A sow's stores default to w->stores. */
void tv_read_mancala(lua_State *L, int idx, const char *pre, tv_sow *w);
void tv_read_sow(lua_State *L, int idx, const char *pre, tv_sow *w);

#endif
