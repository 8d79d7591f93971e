/* The ruleset API for groups and liberties (Go): the groups{} constructor
 * and its reader for moves = groups { ... } (tv_api_groups.c). */
#ifndef TV_API_GROUPS_H
#define TV_API_GROUPS_H

#include <lua.h>

#include "tv_rules.h"

/* groups { pass = false, suicide = false, komi = 0, limit = 0 } */
int tv_api_groups(lua_State *L);

/* The groups{} table at idx into g (on); `what` names it in messages. */
void tv_read_groups(lua_State *L, int idx, const char *what, tv_groups *g);

#endif
