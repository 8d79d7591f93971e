/* Option strings as hosts write them: "holes=7,swap=true". A value may itself
 * hold commas ("holes=c3,e5,d4,swap=true"): a piece without '=' continues the
 * value before it. */
#ifndef TV_OPTIONS_H
#define TV_OPTIONS_H

#include "tv_error.h"

#define TV_OPTIONS_MAX 32
#define TV_OPTION_KEY_MAX 64
#define TV_OPTION_VALUE_MAX 256

/* The type of a declared option: the Lua type of its default (an integer or
 * a float for a number). A value given for it must have that type. The same
 * numbers as tavola.h's TAVOLA_OPTION_*. */
enum { TV_OPTION_BOOL = 1, TV_OPTION_INT = 2, TV_OPTION_NUMBER = 3, TV_OPTION_STRING = 4 };

typedef struct tv_options {
    int n;
    char key[TV_OPTIONS_MAX][TV_OPTION_KEY_MAX];
    char value[TV_OPTIONS_MAX][TV_OPTION_VALUE_MAX];
} tv_options;

/* Adds or replaces one option; the key must be a name [a-z_][a-z0-9_]*. */
int tv_options_set(tv_options *o, const char *key, const char *value, tv_error *err);

/* Adds "key=value" (as given to the CLI's -o). */
int tv_options_add_pair(tv_options *o, const char *pair, tv_error *err);

/* Parses a whole option string into o (which keeps what it had). */
int tv_options_parse(tv_options *o, const char *text, tv_error *err);

/* The value of key, or NULL. */
const char *tv_options_get(const tv_options *o, const char *key);

#endif
