#include "tv_vars_keep.h"

#include <stdio.h>
#include <string.h>

int tv_vars_keep(tv_rules *r, const char *name, int type, int per_player, int init, int max, const char *whose,
                 tv_error *err)
{
    tv_vars *v = &r->vars;
    for (int i = 0; i < v->n; i++)
        if (!strcmp(v->var[i].name, name)) {
            if (v->var[i].type != type || v->var[i].per_player != per_player)
                return tv_error_set(err, TV_ERULES, "vars.%s: the name is %s own", name, whose);
            return i;
        }
    if (v->n == TV_MAX_VARS)
        return tv_error_set(err, TV_ERULES, "vars: %s rules need %s, beyond %d variables", whose, name, TV_MAX_VARS);
    tv_var *x = &v->var[v->n];
    memset(x, 0, sizeof *x);
    snprintf(x->name, sizeof x->name, "%s", name);
    x->type = type;
    x->per_player = per_player;
    x->init = init;
    x->min = type == TV_VAR_CELL ? -1 : 0;
    x->max = type == TV_VAR_CELL ? r->ncells - 1 : max;
    return v->n++;
}
