/* graph { ... } and mills { ... } (tv_api_mills.h): every field read and
 * range-checked once; the lines' shape is checked at load (tv_graph_rules.c). */
#include "tv_api_mills.h"

#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

#include "tv_fields.h"

/* The points of the string at idx ("a1 d1 g1") into cells; their count. */
static int read_path(lua_State *L, int idx, const char *what, const tv_grid *grid, int16_t *cells, int max)
{
    char got[64];
    if (lua_type(L, idx) != LUA_TSTRING)
        luaL_error(L, "%s: expected points as a string, as \"a1 d1 g1\", got %s", what,
                   tv_describe(L, idx, got, sizeof got));
    size_t len;
    const char *p = lua_tolstring(L, idx, &len);
    int n = 0;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        char name[8];
        size_t k = strcspn(p, " ");
        if (k >= sizeof name)
            luaL_error(L, "%s: '%.20s' is not a cell of this %dx%d board", what, p, grid->width, grid->height);
        memcpy(name, p, k);
        name[k] = '\0';
        int c = tv_grid_parse_cell(grid, name);
        if (c < 0)
            luaL_error(L, "%s: '%s' is not a cell of this %dx%d board", what, name, grid->width, grid->height);
        if (n == max)
            luaL_error(L, "%s: more than %d points", what, max);
        cells[n++] = (int16_t)c;
        p += k;
    }
    if (n < 2)
        luaL_error(L, "%s: expected two points or more, as \"a1 d1 g1\"", what);
    return n;
}

void tv_read_graph(lua_State *L, int idx, const char *pre, tv_grid *grid, tv_graph *g)
{
    static const char *const known[] = {"width", "height", "lines", "links", NULL};
    char what[64], item[96];
    snprintf(what, sizeof what, "%sgraph", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(g, 0, sizeof *g);
    memset(grid, 0, sizeof *grid);
    grid->width = (int)tv_int_field(L, idx, what, "width", 1, TV_MAX_SIDE, 0);
    grid->height = (int)tv_int_field(L, idx, what, "height", 1, TV_MAX_SIDE, 0);
    g->on = 1;
    if (tv_rawfield(L, idx, "lines") != LUA_TTABLE)
        luaL_error(L, "%s.lines: expected a list of lines, as { \"a1 d1 g1\", \"a1 a4 a7\" }", what);
    snprintf(item, sizeof item, "%s.lines", what);
    g->nlines = tv_list_len(L, -1, item, 1, TV_GRAPH_LINES);
    for (int i = 0; i < g->nlines; i++) {
        lua_rawgeti(L, -1, i + 1);
        snprintf(item, sizeof item, "%s.lines[%d]", what, i + 1);
        g->line_len[i] = (uint8_t)read_path(L, -1, item, grid, g->line[i], TV_GRAPH_LINE_MAX);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    int t = tv_rawfield(L, idx, "links");
    if (t != LUA_TNIL) {
        if (t != LUA_TTABLE)
            luaL_error(L, "%s.links: expected a list of paths, as { \"a1 b2 c3\" }", what);
        snprintf(item, sizeof item, "%s.links", what);
        int n = tv_list_len(L, -1, item, 0, TV_GRAPH_LINES);
        for (int i = 0; i < n; i++) {
            int16_t path[TV_GRAPH_LINE_MAX];
            lua_rawgeti(L, -1, i + 1);
            snprintf(item, sizeof item, "%s.links[%d]", what, i + 1);
            int k = read_path(L, -1, item, grid, path, TV_GRAPH_LINE_MAX);
            for (int j = 1; j < k; j++) {
                if (g->nextra == TV_GRAPH_LINES)
                    luaL_error(L, "%s.links: more than %d links", what, TV_GRAPH_LINES);
                g->extra[g->nextra][0] = path[j - 1];
                g->extra[g->nextra++][1] = path[j];
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

int tv_api_graph(lua_State *L)
{
    tv_graph scratch; /* 16 KB, most of it derived at load: a static would be shared between threads */
    tv_grid grid;
    tv_read_graph(L, 1, "", &grid, &scratch);
    return tv_tagged(L, "graph");
}

void tv_read_mills(lua_State *L, int idx, const char *what, tv_mills *m)
{
    static const char *const known[] = {"fly", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(m, 0, sizeof *m);
    m->on = 1;
    m->fly = (int)tv_int_field(L, idx, what, "fly", 0, TV_MAX_CELLS, 3);
}

int tv_api_mills(lua_State *L)
{
    tv_mills scratch;
    tv_read_mills(L, 1, "mills", &scratch);
    return tv_tagged(L, "mills");
}
