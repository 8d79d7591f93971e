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
    int steps_exhausted; /* a limit was hit (TV_STOP_*): every instruction errors, pcall cannot swallow it */
    int armed;           /* a protected call is running: the memory cap applies */
    int loading;         /* the script's main chunk is running (load limits, not hook limits) */
    int grain;           /* instructions between two checks of the count hook */
    long long deadline_ns, last_ns; /* wall clock (CLOCK_MONOTONIC) of the current call */
    long clock_mark;                /* steps_left at which charged C work looks at the clock again */
    char stop_where[128];           /* "file:line: " where the limit was hit */
    int mem_refused;                /* the allocator refused a request in this protected step */
    char mem_where[128];            /* "file:line: " of that request */
    int hook_ref[TV_HOOK_COUNT];
    int view_ref;       /* the state view handed to hooks (a table of methods) */
    const void *view_id; /* its address: what a method checks its self against */
    struct view *view;  /* the state it shows */
    int (*batch_fn)(void *); /* the batch running (tv_sandbox_batch) */
    void *batch_arg;
    int batch_rc;     /* what batch_fn returned */
    int hook_running; /* TV_HOOK_* called last in the batch (names its errors) */
    int batching;     /* a batch runs (read under the lock only) */
};

static inline tv_ruleset *tv_ruleset_of(lua_State *L)
{
    return *(tv_ruleset **)lua_getextraspace(L);
}

enum { TV_STOP_NONE, TV_STOP_STEPS, TV_STOP_TIME, TV_STOP_MEMORY };

/* tv_sandbox.c: a VM with only the safe libraries and the limits armed.
 * tv_sandbox_new makes the bare VM; setup (which opens the libraries with
 * tv_sandbox_open, then the API) runs protected, under the memory cap. */
lua_State *tv_sandbox_new(tv_ruleset *rs);
int tv_sandbox_setup(tv_ruleset *rs, lua_CFunction setup);
void tv_sandbox_open(lua_State *L);
/* Parses a text chunk under the memory cap. */
int tv_sandbox_parse(tv_ruleset *rs, const char *source, size_t len, const char *chunkname);
/* Counts work done in C (pattern matching, sorting) against the instruction
 * budget of the current call; raises the limit's error when it is spent, or
 * when the call's time is up. */
void tv_sandbox_charge(lua_State *L, long steps);

/* tv_strmatch.c: string.find, match, gmatch and gsub with every step of the
 * matcher counted (Lua's own matcher can backtrack for hours). */
void tv_strmatch_open(lua_State *L);
/* Calls the function below nargs arguments under the instruction budget;
 * returns a Lua status and leaves the results or the error message. */
int tv_sandbox_call(tv_ruleset *rs, int nargs, int nresults, unsigned long steps);
/* Runs fn(arg) in one protected call, with the hooks' limits armed; fn
 * calls hooks with tv_sandbox_call_in_batch, each with a fresh budget and
 * no protected call of its own: an error in one ends the batch. Returns a
 * Lua status (the message on the stack) and leaves fn's result in
 * rs->batch_rc. */
int tv_sandbox_batch(tv_ruleset *rs, int (*fn)(void *), void *arg);
/* In a batch, the stack slots of hook TV_HOOK_x and of the view. */
#define TV_BATCH_HOOK_SLOT(which) ((which) + 1)
#define TV_BATCH_VIEW_SLOT (TV_HOOK_COUNT + 1)
void tv_sandbox_call_in_batch(tv_ruleset *rs, int which, int nargs, int nresults);

/* tv_api.c: the ruleset API (game, grid, place, runs, options). */
void tv_api_open(lua_State *L);

/* tv_hooks.c: the state view and the C trampolines that call Lua hooks. */
void tv_hooks_open(lua_State *L, tv_ruleset *rs);
void tv_hooks_install(tv_ruleset *rs);

#endif
