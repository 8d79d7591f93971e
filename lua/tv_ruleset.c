/* Loading a ruleset: a fresh sandboxed VM, the API, one run of the script. */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_hmove.h"
#include "tv_hturns.h"
#include "tv_ruleset_impl.h"

/* The libraries, the API and the state view, in a protected call. */
static int setup(lua_State *L)
{
    tv_ruleset *rs = tv_ruleset_of(L);
    tv_vm_open_libs(L);
    tv_api_open(L);
    tv_view_open(L, &rs->view, &rs->rules);
    return 0;
}

static tv_ruleset *fail(tv_ruleset *rs, tv_error *err, int code, const char *file, const char *msg)
{
    /* Lua's messages already start with file:line; ours get the file. */
    if (strncmp(msg, file, strlen(file)) == 0)
        tv_error_set(err, code, "%s", msg);
    else
        tv_error_set(err, code, "%s: %s", file, msg);
    tv_ruleset_free(rs);
    return NULL;
}

tv_ruleset *tv_ruleset_load(const char *file, const char *source, size_t len,
                            const tv_options *opts, const tv_limits *limits, tv_error *err)
{
    tv_ruleset *rs = calloc(1, sizeof *rs);
    if (!rs) {
        tv_error_set(err, TV_ENOMEM, "out of memory");
        return NULL;
    }
    tv_rules_init(&rs->rules);
    tv_hooks_init(&rs->hooks);
    if (limits)
        rs->limits = *limits;
    if (!rs->limits.memory)
        rs->limits.memory = TV_DEFAULT_MEMORY;
    if (!rs->limits.load_steps)
        rs->limits.load_steps = TV_DEFAULT_LOAD_STEPS;
    if (!rs->limits.hook_steps)
        rs->limits.hook_steps = TV_DEFAULT_HOOK_STEPS;
    if (rs->limits.load_ms <= 0)
        rs->limits.load_ms = TV_DEFAULT_LOAD_MS;
    if (rs->limits.hook_ms <= 0)
        rs->limits.hook_ms = TV_DEFAULT_HOOK_MS;
    rs->api.given = opts;

    if (!tv_vm_init(&rs->vm, rs->limits.memory, rs))
        return fail(rs, err, TV_ENOMEM, file, "cannot create a Lua VM");
    lua_State *L = rs->L = rs->vm.L;
    if (tv_vm_setup(&rs->vm, setup) != LUA_OK)
        return fail(rs, err, TV_ELIMIT, file, lua_tostring(L, -1));

    /* "@file" makes Lua's messages read file:line. */
    size_t flen = strlen(file);
    char *chunkname = malloc(flen + 2);
    if (!chunkname)
        return fail(rs, err, TV_ENOMEM, file, "out of memory");
    chunkname[0] = '@';
    memcpy(chunkname + 1, file, flen + 1);
    int status = tv_vm_parse(&rs->vm, source, len, chunkname);
    free(chunkname);
    if (status == LUA_OK)
        status = tv_vm_call(&rs->vm, 0, 1, rs->limits.load_steps, rs->limits.load_ms);
    if (status != LUA_OK)
        return fail(rs, err, TV_ERULES, file, lua_tostring(L, -1));
    if (!rs->api.game_built || lua_type(L, -1) != LUA_TTABLE)
        return fail(rs, err, TV_ERULES, file, "the script must end with: return game { ... }");
    if (opts && opts->n && !rs->api.options_declared)
        return fail(rs, err, TV_ERULES, file, "this ruleset has no options");
    lua_settop(L, 0);
    rs->api.given = NULL;
    if (tv_hmove_rules(&rs->rules) && !(rs->rules.hooks.turns = tv_hturns_new(rs->limits.turns)))
        return fail(rs, err, TV_ENOMEM, file, "out of memory");
    if (tv_rules_phases(&rs->rules, err))
        return fail(rs, err, TV_ENOMEM, file, "out of memory");
    lua_gc(L, LUA_GCCOLLECT);
    return rs;
}

void tv_ruleset_free(tv_ruleset *rs)
{
    if (!rs)
        return;
    tv_vm_close(&rs->vm);
    tv_hturns_free(rs->rules.hooks.turns);
    tv_rules_free_phases(&rs->rules);
    free(rs);
}

const tv_rules *tv_ruleset_rules(const tv_ruleset *rs) { return &rs->rules; }
int tv_ruleset_option_count(const tv_ruleset *rs) { return rs->api.nopt; }
unsigned long tv_ruleset_vm_entries(const tv_ruleset *rs) { return tv_vm_entries(&rs->vm); }
const char *tv_ruleset_options_text(const tv_ruleset *rs) { return rs->api.options_text; }

const tv_option_info *tv_ruleset_option(const tv_ruleset *rs, int i)
{
    return i >= 0 && i < rs->api.nopt ? &rs->api.opt[i] : NULL;
}
