/* Field checks shared by the ruleset API constructors. */
#ifndef TV_FIELDS_H
#define TV_FIELDS_H

#include <stddef.h>

#include <lua.h>

/* Raises an error naming the first key of table idx that is not in known
 * (a NULL-terminated list). */
void tv_check_known(lua_State *L, int idx, const char *what, const char *const known[]);

/* Raises an error unless argument 1 is a table. */
void tv_check_table_arg(lua_State *L, const char *what);

/* Integer field key of table idx in [min, max]; def when absent (an error
 * when def is below min, meaning "required"). */
long tv_int_field(lua_State *L, int idx, const char *what, const char *key, long min, long max, long def);

/* String field copied into buf; returns 0 when absent (an error if required). */
int tv_str_field(lua_State *L, int idx, const char *what, const char *key, char *buf, size_t size,
                 int required);

/* A constructor's result: argument 1 tagged with kind. */
int tv_tagged(lua_State *L, const char *kind);

/* The kind of the value at idx: its "kind" tag, or its Lua type name. */
const char *tv_kind_of(lua_State *L, int idx);

#endif
