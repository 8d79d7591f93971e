/* Field checks shared by the ruleset API constructors. Every read is raw: no
 * metamethod of a table a ruleset gives runs while C reads it. */
#ifndef TV_FIELDS_H
#define TV_FIELDS_H

#include <stddef.h>

#include <lua.h>

/* Pushes field key of table idx, read raw; returns its type. */
int tv_rawfield(lua_State *L, int idx, const char *key);

/* The value at idx as a message shows it (no __tostring); returns buf. */
const char *tv_describe(lua_State *L, int idx, char *buf, size_t size);

/* Raises an error naming the first key of table idx that is not in known
 * (a NULL-terminated list; the tag "kind" is always allowed). */
void tv_check_known(lua_State *L, int idx, const char *what, const char *const known[]);

/* Raises an error unless the value at idx (argument 1) is a table. */
void tv_check_table(lua_State *L, int idx, const char *what);
void tv_check_table_arg(lua_State *L, const char *what);

/* Integer field key of table idx in [min, max]; def when absent (an error
 * when def is below min, meaning "required"). */
long tv_int_field(lua_State *L, int idx, const char *what, const char *key, long min, long max, long def);

/* String field copied into buf; returns 0 when absent (an error if required). */
int tv_str_field(lua_State *L, int idx, const char *what, const char *key, char *buf, size_t size,
                 int required);

/* A word chosen from words[] (NULL-terminated): the value at idx must be one
 * of them, as a string; returns its index. The error names every word, each
 * with its gloss when glosses[] (parallel to words[], or NULL) has one:
 * "<what>: 'up' is not ccw or cw". An empty word is accepted but not
 * listed (a placeholder that keeps indices equal to an enum's values). */
int tv_word_at(lua_State *L, int idx, const char *what, const char *const words[], const char *const glosses[]);

/* Field key of table idx as a word of words[] (tv_word_at); def when absent.
 * Messages name the field: "<what>.<key>: ...". */
int tv_field_word(lua_State *L, int idx, const char *what, const char *key, const char *const words[],
                  const char *const glosses[], int def);

/* Boolean field; def when absent. */
int tv_bool_field(lua_State *L, int idx, const char *what, const char *key, int def);

/* The raw length of the list at idx, checked to be in [min, max]. */
int tv_list_len(lua_State *L, int idx, const char *what, int min, int max);

/* A constructor's result: argument 1 tagged with kind. */
int tv_tagged(lua_State *L, const char *kind);

/* The kind of the value at idx: its "kind" tag, or its Lua type name. */
const char *tv_kind_of(lua_State *L, int idx);

#endif
