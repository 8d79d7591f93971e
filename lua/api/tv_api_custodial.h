/* The ruleset API for custodial capture (tv_api_custodial.c): the custodial{}
 * constructor, and its reader for the custodial field of place{} and move{}. */
#ifndef TV_API_CUSTODIAL_H
#define TV_API_CUSTODIAL_H

#include <lua.h>

#include "tv_rules.h"

/* custodial { directions = "orthogonal", count = {1, 8}, corners = true } */
int tv_api_custodial(lua_State *L);

/* The custodial field of the table at idx (place{}, move{}) into c: left
 * zero (no capture) when absent; `what` names the table in messages. */
void tv_read_custodial_field(lua_State *L, int idx, const char *what, tv_custodial *c);

#endif
