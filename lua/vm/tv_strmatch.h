/* string.find, match, gmatch and gsub with every step of the matcher charged
 * to the call's budget (Lua's own matcher can backtrack for hours).
 * tv_vm_libs.c puts them in the string table. */
#ifndef TV_STRMATCH_H
#define TV_STRMATCH_H

#include <lua.h>

int tv_strmatch_find(lua_State *L);
int tv_strmatch_match(lua_State *L);
int tv_strmatch_gmatch(lua_State *L);
int tv_strmatch_gsub(lua_State *L);

#endif
