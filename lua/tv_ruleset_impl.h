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
