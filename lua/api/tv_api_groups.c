/* groups { ... } (tv_api_groups.h): every field read and range-checked once. */
#include "tv_api_groups.h"

#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "tv_fields.h"

void tv_read_groups(lua_State *L, int idx, const char *what, tv_groups *g)
{
    static const char *const known[] = {"pass", "suicide", "komi", "limit", "superko", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(g, 0, sizeof *g);
    g->on = 1;
    g->pass = tv_bool_field(L, idx, what, "pass", 0);
    g->suicide = tv_bool_field(L, idx, what, "suicide", 0);
    g->superko = tv_bool_field(L, idx, what, "superko", 0);
    g->limit = (int)tv_int_field(L, idx, what, "limit", 0, TV_MAX_MAX_PLIES, 0);
    if (tv_rawfield(L, idx, "komi") != LUA_TNIL) {
        int isnum = 0;
        lua_Number k = lua_tonumberx(L, -1, &isnum);
        if (!isnum || !(fabs(k) <= 2 * TV_MAX_CELLS) || floor(2 * k) != 2 * k)
            luaL_error(L, "%s.komi: expected a number of points in halves (7.5, 6, -0.5), at most %d", what,
                       2 * TV_MAX_CELLS);
        g->komi2 = (int)(2 * k);
    }
    lua_pop(L, 1);
}

int tv_api_groups(lua_State *L)
{
    tv_groups scratch;
    tv_read_groups(L, 1, "groups", &scratch);
    return tv_tagged(L, "groups");
}
