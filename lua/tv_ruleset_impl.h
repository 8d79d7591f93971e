/* Inside of a loaded ruleset, shared by the files of lua/ only. Each part
 * belongs to one file, which keeps its own struct; the ruleset holds them. */
#ifndef TV_RULESET_IMPL_H
#define TV_RULESET_IMPL_H

#include <lua.h>

#include "tv_api.h"
#include "tv_hooks.h"
#include "tv_ruleset.h"
#include "tv_view.h"
#include "tv_vm.h"

/* The bounds of the numbers a ruleset hands C. A run's points: each entry
 * within TV_RUN_POINTS_MAX, and the most a whole board can score (every
 * stone in a run of the best points per stone, in every direction) within
 * TV_RUN_TOTAL_MAX. A score (what hooks return and s:add_score makes)
 * within TV_SCORE_MAX: runs scored later keep it inside int32. */
#define TV_RUN_POINTS_MAX 10000000
#define TV_RUN_TOTAL_MAX 400000000
#define TV_SCORE_MAX 1000000000

/* The most |points| a board of ncells can score with these runs (n entries). */
static inline long long tv_runs_worst(const int32_t *points, int n, int ncells)
{
    long long per_stone = 0;
    for (int len = 1; len <= n; len++) {
        long long p = points[len] < 0 ? -(long long)points[len] : points[len];
        long long each = (p + len - 1) / len;
        if (each > per_stone)
            per_stone = each;
    }
    return per_stone * ncells * 4;
}

struct tv_ruleset {
    tv_vm vm;         /* the sandbox (lua/vm); its user pointer is the ruleset */
    lua_State *L;     /* vm.L, once made */
    tv_rules rules;   /* what the script compiled to (tv_api.c writes it) */
    tv_limits limits; /* with the defaults filled in (tv_ruleset.c) */
    tv_api_state api; /* tv_api.c */
    tv_hookset hooks; /* tv_hooks.c */
    tv_view view;     /* tv_view.c */
};

static inline tv_ruleset *tv_ruleset_of(lua_State *L)
{
    return tv_vm_user(L);
}

/* Calls the function below nargs arguments with a hook's time limit and the
 * given instruction budget (tests drive the VM of a loaded ruleset so). */
static inline int tv_sandbox_call(tv_ruleset *rs, int nargs, int nresults, unsigned long steps)
{
    return tv_vm_call(&rs->vm, nargs, nresults, steps, rs->limits.hook_ms);
}

#endif
