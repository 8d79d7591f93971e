/* The ruleset API (tv_api.c): game, grid, place, runs, options, and what
 * the script declares through it while it loads. */
#ifndef TV_API_H
#define TV_API_H

#include <lua.h>

#include "tv_ruleset.h"

typedef struct tv_api_state {
    const tv_options *given; /* host options, during the load only */
    int options_declared;    /* options{} ran */
    int game_built;          /* game{} ran */
    int nopt;
    tv_option_info opt[TV_RULESET_OPTIONS_MAX];
    char options_text[TV_OPTIONS_MAX * (TV_OPTION_KEY_MAX + TV_OPTION_VALUE_MAX)];
} tv_api_state;

/* Puts the constructors in the globals (in setup, protected). */
void tv_api_open(lua_State *L);

#endif
