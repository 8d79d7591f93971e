/* The Lua C module: require "tavola" from a stock lua5.4 interpreter (or any
 * Lua 5.4 host) and play any ruleset through the same ABI as other hosts.
 * Built as tavola.so and not linked against liblua: the host provides Lua.
 *
 *   local tavola = require "tavola"
 *   local g = tavola.load("pahtum", { holes = 7, seed = 42 })
 *   g:play("d4"); print(g:status(), g:scores())
 *   local v, h = g:vars(), g:hands()   -- a ruleset's game variables and hands
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "tavola.h"

#define GAME_META "tavola.game"

static const tavola_api *t;

typedef struct lgame {
    tavola_game *g; /* it keeps its ruleset alive */
} lgame;

static lgame *check_game(lua_State *L)
{
    lgame *lg = luaL_checkudata(L, 1, GAME_META);
    if (!lg->g)
        luaL_error(L, "the game was closed");
    return lg;
}

/* Text and numbers are checked before they reach the ABI, which takes C
 * strings (cut at the first NUL) and C ints (a wider integer would wrap):
 * each is refused with an error naming it instead. */
static const char *no_nul(lua_State *L, const char *s, size_t len, const char *what)
{
    if (strlen(s) != len)
        luaL_error(L, "%s: a NUL byte at %d (it would cut the text short)", what, (int)strlen(s));
    return s;
}

static const char *check_text(lua_State *L, int arg, const char *what)
{
    size_t len;
    const char *s = luaL_checklstring(L, arg, &len);
    return no_nul(L, s, len, what);
}

static int check_int(lua_State *L, int arg, const char *what)
{
    lua_Integer n = luaL_checkinteger(L, arg);
    if (n < INT_MIN || n > INT_MAX)
        luaL_error(L, "%s: %I is outside %d..%d (not wrapped)", what, n, INT_MIN, INT_MAX);
    return (int)n;
}

/* Options from a table {holes = 7, swap = true} or a string "holes=7". */
static const char *options_text(lua_State *L, int idx, char *buf, size_t size, uint64_t *seed)
{
    buf[0] = '\0';
    if (lua_isnoneornil(L, idx))
        return buf;
    if (lua_type(L, idx) == LUA_TSTRING)
        return check_text(L, idx, "options");
    luaL_checktype(L, idx, LUA_TTABLE);
    size_t used = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        size_t len;
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : NULL;
        if (!key)
            luaL_error(L, "options: keys must be option names");
        no_nul(L, key, len, "option name");
        if (strcmp(key, "seed") == 0) {
            *seed = (uint64_t)luaL_checkinteger(L, -1);
        } else {
            const char *value = luaL_tolstring(L, -1, &len);
            no_nul(L, value, len, "option value");
            int n = snprintf(buf + used, size - used, "%s%s=%s", used ? "," : "", key, value);
            if (n < 0 || (size_t)n >= size - used)
                luaL_error(L, "options: too long");
            used += (size_t)n;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return buf;
}

/* tavola.load(name [, options]) -> game, or nil and a message */
static int l_load(lua_State *L)
{
    const char *name = check_text(L, 1, "ruleset name");
    char opts[4096], err[1024];
    uint64_t seed = 0;
    const char *text = options_text(L, 2, opts, sizeof opts, &seed);
    lgame *lg = lua_newuserdatauv(L, sizeof *lg, 0);
    lg->g = NULL;
    luaL_setmetatable(L, GAME_META);
    tavola_ruleset *rs = t->ruleset_load(name, text, err, sizeof err);
    if (!rs) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        return 2;
    }
    lg->g = t->game_new(rs, seed);
    if (!lg->g)
        snprintf(err, sizeof err, "%s", t->ruleset_error(rs));
    t->ruleset_free(rs);
    if (!lg->g) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        return 2;
    }
    return 1;
}

static int l_list(lua_State *L)
{
    char names[16384];
    int n = t->list(names, sizeof names);
    lua_createtable(L, n > 0 ? n : 0, 0);
    int i = 1;
    for (char *p = names, *nl; n > 0 && (nl = strchr(p, '\n')); p = nl + 1) {
        lua_pushlstring(L, p, (size_t)(nl - p));
        lua_rawseti(L, -2, i++);
    }
    return 1;
}

static int l_add_path(lua_State *L)
{
    lua_pushboolean(L, t->add_path(check_text(L, 1, "folder")) == TAVOLA_OK);
    return 1;
}

/* Pushes true, or nil and the game's error message. */
static int outcome(lua_State *L, lgame *lg, int rc)
{
    if (rc == TAVOLA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    luaL_pushfail(L);
    lua_pushstring(L, t->error(lg->g));
    return 2;
}

static int g_play(lua_State *L)
{
    lgame *lg = check_game(L);
    return outcome(L, lg, t->play_text(lg->g, check_text(L, 2, "move")));
}

static int g_undo(lua_State *L)
{
    lgame *lg = check_game(L);
    return outcome(L, lg, t->undo(lg->g));
}

static int g_set_position(lua_State *L)
{
    lgame *lg = check_game(L);
    return outcome(L, lg, t->set_position(lg->g, check_text(L, 2, "position")));
}

/* Room for the most moves a position of g's game can have (max_moves: an
 * Amazons position has thousands), as a userdata Lua collects. */
static tavola_move *moves_room(lua_State *L, lgame *lg, int *cap)
{
    *cap = t->max_moves(t->game_ruleset(lg->g));
    return lua_newuserdatauv(L, (size_t)*cap * sizeof(tavola_move), 0);
}

static int g_moves(lua_State *L)
{
    lgame *lg = check_game(L);
    int cap;
    tavola_move *moves = moves_room(L, lg, &cap);
    int n = t->legal_moves(lg->g, moves, cap);
    if (n < 0)
        return luaL_error(L, "%s", t->error(lg->g));
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        char text[TAVOLA_MOVE_TEXT_MAX];
        t->move_text(lg->g, moves[i], text, sizeof text);
        lua_pushstring(L, text);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int g_max_moves(lua_State *L)
{
    lua_pushinteger(L, t->max_moves(t->game_ruleset(check_game(L)->g)));
    return 1;
}

static int g_random_move(lua_State *L)
{
    lgame *lg = check_game(L);
    tavola_move m;
    if (t->choose(lg->g, "random", (uint64_t)luaL_optinteger(L, 2, 0), &m))
        return outcome(L, lg, -1);
    char text[TAVOLA_MOVE_TEXT_MAX];
    t->move_text(lg->g, m, text, sizeof text);
    lua_pushstring(L, text);
    return 1;
}

static int g_status(lua_State *L)
{
    lua_pushstring(L, t->status(check_game(L)->g) == TAVOLA_OVER ? "over" : "ongoing");
    return 1;
}

static int g_winner(lua_State *L)
{
    int w = t->winner(check_game(L)->g);
    if (w < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, w);
    return 1;
}

static int g_scores(lua_State *L)
{
    lgame *lg = check_game(L);
    lua_pushinteger(L, t->score(lg->g, 1));
    lua_pushinteger(L, t->score(lg->g, 2));
    return 2;
}

static int g_to_move(lua_State *L) { lua_pushinteger(L, t->to_move(check_game(L)->g)); return 1; }
static int g_ply(lua_State *L) { lua_pushinteger(L, t->ply(check_game(L)->g)); return 1; }

static int g_position(lua_State *L)
{
    char buf[4096];
    t->position(check_game(L)->g, buf, sizeof buf);
    lua_pushstring(L, buf);
    return 1;
}

static int g_draw(lua_State *L)
{
    lgame *lg = check_game(L);
    int how = lua_toboolean(L, 2) ? TAVOLA_DRAW_ROWS : TAVOLA_DRAW_BOARD;
    char buf[16384];
    t->draw(lg->g, how, buf, sizeof buf);
    lua_pushstring(L, buf);
    return 1;
}

static int g_perft(lua_State *L)
{
    lgame *lg = check_game(L);
    int64_t n = t->perft(lg->g, check_int(L, 2, "depth"));
    if (n < 0)
        return luaL_error(L, "%s", t->error(lg->g));
    lua_pushinteger(L, (lua_Integer)n);
    return 1;
}

static int g_name(lua_State *L)
{
    lua_pushstring(L, t->ruleset_name(t->game_ruleset(check_game(L)->g)));
    return 1;
}

static int g_options(lua_State *L)
{
    lua_pushstring(L, t->ruleset_options(t->game_ruleset(check_game(L)->g)));
    return 1;
}

/* g:family() -> "pieces", "pieces", "from-to: a2-a3, ...": the family of
 * moves, the family below the hooks, what the move text looks like. */
static int g_family(lua_State *L)
{
    const tavola_ruleset *rs = t->game_ruleset(check_game(L)->g);
    if (t->size < offsetof(tavola_api, ruleset_family) + sizeof t->ruleset_family)
        return luaL_error(L, "family: the library has no ruleset_family (its table is older than this module)");
    const char *family, *data_family, *move_text;
    t->ruleset_family(rs, &family, &data_family, &move_text);
    lua_pushstring(L, family);
    lua_pushstring(L, data_family);
    lua_pushstring(L, move_text);
    return 3;
}

/* g:option_info() -> { {name=, type=, default=, doc=, min=, max=, choices=}, ... }:
 * each declared option as `tavola list --json` writes it, min and max only
 * where declared, choices a list of strings. */
static int g_option_info(lua_State *L)
{
    const tavola_ruleset *rs = t->game_ruleset(check_game(L)->g);
    if (t->size < offsetof(tavola_api, ruleset_option_range) + sizeof t->ruleset_option_range)
        return luaL_error(L, "option_info: the library has no ruleset_option_range (its table is older than this "
                             "module)");
    static const char *const types[] = {"", "bool", "int", "number", "string"};
    int n = t->ruleset_option_count(rs);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        const char *name, *def, *doc, *choices;
        double min, max;
        int type = t->ruleset_option_type(rs, i);
        t->ruleset_option(rs, i, &name, &def, &doc);
        int nchoices = t->ruleset_option_range(rs, i, &min, &max, &choices);
        lua_createtable(L, 0, 6);
        lua_pushstring(L, name);
        lua_setfield(L, -2, "name");
        lua_pushstring(L, type >= 1 && type <= 4 ? types[type] : "string");
        lua_setfield(L, -2, "type");
        lua_pushstring(L, def);
        lua_setfield(L, -2, "default");
        lua_pushstring(L, doc);
        lua_setfield(L, -2, "doc");
        const double bound[2] = {min, max};
        const char *const key[2] = {"min", "max"};
        for (int k = 0; k < 2; k++) {
            if (bound[k] == HUGE_VAL || bound[k] == -HUGE_VAL)
                continue;
            if (type == 2) /* an int option's bounds are whole numbers within 2^53 */
                lua_pushinteger(L, (lua_Integer)bound[k]);
            else
                lua_pushnumber(L, bound[k]);
            lua_setfield(L, -2, key[k]);
        }
        if (nchoices > 0) {
            lua_createtable(L, nchoices, 0);
            for (int k = 1; k <= nchoices; k++) {
                size_t len = strcspn(choices, "\n");
                lua_pushlstring(L, choices, len);
                lua_rawseti(L, -2, k);
                choices += len + (choices[len] == '\n');
            }
            lua_setfield(L, -2, "choices");
        }
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* Whether the library has the calls for game variables and hands. */
static int has_vars(void) { return t->size >= offsetof(tavola_api, hand) + sizeof t->hand; }

/* One value of a variable: an integer, a flag as a boolean, a cell by name
 * ("b2") or false for none (a table keeps no nil). */
static void push_var(lua_State *L, int type, int32_t v, int width)
{
    if (type == TAVOLA_VAR_FLAG)
        lua_pushboolean(L, v != 0);
    else if (type == TAVOLA_VAR_CELL && (v < 0 || width <= 0))
        lua_pushboolean(L, 0);
    else if (type == TAVOLA_VAR_CELL)
        lua_pushfstring(L, "%c%d", 'a' + (int)(v % width), (int)(v / width + 1));
    else
        lua_pushinteger(L, v);
}

/* g:vars(): the game variables by name ({ ko = "b2", passes = { 0, 1 } });
 * an empty table for a ruleset that declares none. */
static int g_vars(lua_State *L)
{
    lgame *lg = check_game(L);
    lua_newtable(L);
    if (!has_vars())
        return 1;
    const tavola_ruleset *rs = t->game_ruleset(lg->g);
    int dims[TAVOLA_OBS_DIMS] = {0, 0, 0};
    t->observation_shape(rs, dims); /* a grid's width: a cell's name */
    for (int i = 0, n = t->var_count(rs); i < n; i++) {
        const char *name = "";
        int type = 0, per_player = 0;
        int32_t v = 0;
        t->var_info(rs, i, &name, &type, NULL, NULL, &per_player);
        if (per_player) {
            lua_createtable(L, 2, 0);
            for (int p = 1; p <= 2; p++) {
                t->var_get(lg->g, i, p, &v);
                push_var(L, type, v, dims[2]);
                lua_rawseti(L, -2, p);
            }
        } else {
            t->var_get(lg->g, i, 0, &v);
            push_var(L, type, v, dims[2]);
        }
        lua_setfield(L, -2, name);
    }
    return 1;
}

/* g:hands(): each player's pieces in hand by letter ({ { M = 8 }, { m = 9 } }). */
static int g_hands(lua_State *L)
{
    lgame *lg = check_game(L);
    lua_createtable(L, 2, 0);
    int kinds = has_vars() ? t->hand_kinds(t->game_ruleset(lg->g)) : 0;
    for (int p = 1; p <= 2; p++) {
        lua_newtable(L);
        for (int k = 0; k < kinds; k++) {
            char letter = '?';
            int n = t->hand(lg->g, p, k, &letter);
            if (n > 0) {
                lua_pushinteger(L, n);
                lua_setfield(L, -2, (char[]){letter, '\0'});
            }
        }
        lua_rawseti(L, -2, p);
    }
    return 1;
}

static int g_clone(lua_State *L)
{
    lgame *lg = check_game(L);
    lgame *c = lua_newuserdatauv(L, sizeof *c, 0);
    c->g = NULL;
    luaL_setmetatable(L, GAME_META);
    if (!(c->g = t->game_clone(lg->g)))
        return luaL_error(L, "clone: %s", t->ruleset_error(t->game_ruleset(lg->g)));
    return 1;
}

static int g_close(lua_State *L)
{
    lgame *lg = luaL_checkudata(L, 1, GAME_META);
    t->game_free(lg->g);
    lg->g = NULL;
    return 0;
}

static int g_tostring(lua_State *L)
{
    lgame *lg = luaL_checkudata(L, 1, GAME_META);
    if (!lg->g)
        lua_pushstring(L, "tavola game (closed)");
    else
        lua_pushfstring(L, "tavola game %s, ply %d", t->ruleset_name(t->game_ruleset(lg->g)), t->ply(lg->g));
    return 1;
}

int luaopen_tavola(lua_State *L);

TAVOLA_EXPORT int luaopen_tavola(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"play", g_play}, {"undo", g_undo}, {"moves", g_moves}, {"max_moves", g_max_moves}, {"random_move", g_random_move},
        {"status", g_status}, {"winner", g_winner}, {"scores", g_scores}, {"to_move", g_to_move},
        {"ply", g_ply}, {"position", g_position}, {"set_position", g_set_position}, {"draw", g_draw},
        {"perft", g_perft}, {"name", g_name}, {"options", g_options}, {"option_info", g_option_info},
        {"family", g_family}, {"vars", g_vars}, {"hands", g_hands}, {"clone", g_clone},
        {"close", g_close}, {NULL, NULL}};
    static const luaL_Reg functions[] = {
        {"load", l_load}, {"list", l_list}, {"add_path", l_add_path}, {NULL, NULL}};
    t = tavola_get_api(TAVOLA_ABI_VERSION);
    if (!t || t->size < offsetof(tavola_api, max_moves) + sizeof t->max_moves)
        return luaL_error(L, "tavola: ABI version %d (with max_moves) is not available", TAVOLA_ABI_VERSION);
    if (luaL_newmetatable(L, GAME_META)) {
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, g_close);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, g_close);
        lua_setfield(L, -2, "__close");
        lua_pushcfunction(L, g_tostring);
        lua_setfield(L, -2, "__tostring");
    }
    lua_pop(L, 1);
    luaL_newlib(L, functions);
    lua_pushstring(L, t->version);
    lua_setfield(L, -2, "version");
    return 1;
}
