/* Inside of a loaded ruleset, shared by the files of lua/ only. */
#ifndef TV_RULESET_IMPL_H
#define TV_RULESET_IMPL_H

#include <pthread.h>

#include <lua.h>

#include "tv_ruleset.h"

enum { TV_HOOK_MOVES, TV_HOOK_SCORE, TV_HOOK_ENDS, TV_HOOK_PLAY, TV_HOOK_COUNT };

struct tv_ruleset {
    lua_State *L;
    pthread_mutex_t lock; /* one hook call at a time in this VM */
    tv_rules rules;
    tv_limits limits;
    const tv_options *given; /* host options, during the load only */
    int options_declared;    /* options{} ran */
    int game_built;          /* game{} ran */
    int nopt;
    tv_option_info opt[TV_RULESET_OPTIONS_MAX];
    char options_text[TV_OPTIONS_MAX * (TV_OPTION_KEY_MAX + TV_OPTION_VALUE_MAX)];
    unsigned long vm_entries;
    size_t mem_used;
    long steps_left;     /* instruction budget of the current call into the VM */
    int steps_exhausted; /* once set, every instruction errors: pcall cannot swallow it */
    int hook_ref[TV_HOOK_COUNT];
    int view_ref; /* the state view handed to hooks */
};

static inline tv_ruleset *tv_ruleset_of(lua_State *L)
{
    return *(tv_ruleset **)lua_getextraspace(L);
}

/* tv_sandbox.c: a VM with only the safe libraries and the limits armed. */
lua_State *tv_sandbox_new(tv_ruleset *rs);
/* Calls the function below nargs arguments under the instruction budget;
 * returns a Lua status and leaves the results or the error message. */
int tv_sandbox_call(tv_ruleset *rs, int nargs, int nresults, unsigned long steps);

/* tv_api.c: the ruleset API (game, grid, place, runs, options). */
void tv_api_open(lua_State *L);

/* tv_hooks.c: the state view and the C trampolines that call Lua hooks. */
void tv_hooks_open(lua_State *L, tv_ruleset *rs);
void tv_hooks_install(tv_ruleset *rs);

#endif
