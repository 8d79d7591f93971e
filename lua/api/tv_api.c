/* The ruleset API: the functions a ruleset script calls. Each checks its table
 * as soon as it is called, so a wrong field or type is reported with the
 * file:line of the call and the field's name. game{} compiles everything into
 * the C rule description. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_sow.h"
#include "tv_fields.h"
#include "tv_ruleset_impl.h"

/* ---- constructors ------------------------------------------------------ */

static int api_grid(lua_State *L)
{
    static const char *const known[] = {"width", "height", NULL};
    tv_check_table_arg(L, "grid");
    tv_check_known(L, 1, "grid", known);
    tv_int_field(L, 1, "grid", "width", 1, TV_MAX_SIDE, 0);
    tv_int_field(L, 1, "grid", "height", 1, TV_MAX_SIDE, 0);
    return tv_tagged(L, "grid");
}

static int api_place(lua_State *L)
{
    static const char *const known[] = {"swap_after", NULL};
    if (lua_isnone(L, 1))
        lua_newtable(L);
    tv_check_table_arg(L, "place");
    tv_check_known(L, 1, "place", known);
    tv_int_field(L, 1, "place", "swap_after", 0, TV_MAX_CELLS, 0);
    return tv_tagged(L, "place");
}

static int api_drop(lua_State *L)
{
    static const char *const known[] = {"swap_after", NULL};
    if (lua_isnone(L, 1))
        lua_newtable(L);
    tv_check_table_arg(L, "drop");
    tv_check_known(L, 1, "drop", known);
    tv_int_field(L, 1, "drop", "swap_after", 0, TV_MAX_CELLS, 0);
    return tv_tagged(L, "drop");
}

static int api_line(lua_State *L)
{
    static const char *const known[] = {"length", "directions", "exact", NULL};
    tv_check_table_arg(L, "line");
    tv_check_known(L, 1, "line", known);
    tv_int_field(L, 1, "line", "length", 2, TV_MAX_SIDE, 0);
    char dirs[8] = "hvd";
    tv_str_field(L, 1, "line", "directions", dirs, sizeof dirs, 0);
    if (tv_dirs_parse(dirs) <= 0)
        luaL_error(L, "line.directions: '%s' is not made of h, v and d", dirs);
    if (lua_getfield(L, 1, "exact") != LUA_TNIL && !lua_isboolean(L, -1))
        luaL_error(L, "line.exact: expected true or false, got %s", luaL_typename(L, -1));
    lua_pop(L, 1);
    return tv_tagged(L, "line");
}

static int api_runs(lua_State *L)
{
    static const char *const known[] = {"directions", "points", NULL};
    tv_check_table_arg(L, "runs");
    tv_check_known(L, 1, "runs", known);
    char dirs[8] = "hv";
    tv_str_field(L, 1, "runs", "directions", dirs, sizeof dirs, 0);
    if (tv_dirs_parse(dirs) <= 0)
        luaL_error(L, "runs.directions: '%s' is not made of h, v and d", dirs);
    if (lua_getfield(L, 1, "points") != LUA_TTABLE)
        luaL_error(L, "runs.points: expected a table of points by run length, as {0, 0, 3, 10}");
    lua_Integer n = luaL_len(L, -1);
    if (n < 1 || n > TV_MAX_SIDE)
        luaL_error(L, "runs.points: expected 1..%d entries, got %d", TV_MAX_SIDE, (int)n);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        if (!lua_isinteger(L, -1))
            luaL_error(L, "runs.points[%d]: expected an integer, got %s", (int)i, luaL_typename(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return tv_tagged(L, "runs");
}

/* ---- options{} --------------------------------------------------------- */

static int cmp_info(const void *a, const void *b)
{
    return strcmp(((const tv_option_info *)a)->name, ((const tv_option_info *)b)->name);
}

/* Converts the host's text for an option to the type of its default. */
static void push_option_value(lua_State *L, const tv_option_info *o, int def_type, int is_int,
                              const char *text)
{
    if (def_type == LUA_TBOOLEAN) {
        static const char *const yes[] = {"true", "yes", "on", "1"}, *const no[] = {"false", "no", "off", "0"};
        for (int i = 0; i < 4; i++) {
            if (strcmp(text, yes[i]) == 0 || strcmp(text, no[i]) == 0) {
                lua_pushboolean(L, strcmp(text, yes[i]) == 0);
                return;
            }
        }
        luaL_error(L, "option %s: expected true or false, got '%s'", o->name, text);
    } else if (def_type == LUA_TNUMBER) {
        if (!lua_stringtonumber(L, text) || (is_int && !lua_isinteger(L, -1)))
            luaL_error(L, "option %s: expected %s, got '%s'", o->name, is_int ? "an integer" : "a number", text);
    } else {
        lua_pushstring(L, text);
    }
}

static int api_options(lua_State *L)
{
    tv_ruleset *rs = tv_ruleset_of(L);
    tv_check_table_arg(L, "options");
    if (rs->api.options_declared)
        luaL_error(L, "options: may only be declared once");
    if (rs->api.game_built) /* from a hook: the options in force are the host's business */
        luaL_error(L, "options: may only be declared while loading, before game {}");
    rs->api.options_declared = 1;
    rs->api.nopt = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_error(L, "options: keys must be option names");
        const char *name = lua_tostring(L, -2);
        tv_error e;
        tv_options probe = {0};
        if (tv_options_set(&probe, name, "", &e))
            luaL_error(L, "options: %s", e.msg);
        if (rs->api.nopt == TV_RULESET_OPTIONS_MAX)
            luaL_error(L, "options: more than %d options", TV_RULESET_OPTIONS_MAX);
        if (lua_type(L, -1) != LUA_TTABLE)
            luaL_error(L, "options.%s: expected { default = ..., doc = \"...\" }", name);
        static const char *const known[] = {"default", "doc", NULL};
        char what[TV_OPTION_KEY_MAX + 16];
        snprintf(what, sizeof what, "options.%s", name);
        tv_check_known(L, lua_gettop(L), what, known);
        tv_option_info *o = &rs->api.opt[rs->api.nopt++];
        memset(o, 0, sizeof *o);
        snprintf(o->name, sizeof o->name, "%s", name);
        tv_str_field(L, lua_gettop(L), what, "doc", o->doc, sizeof o->doc, 0);
        int t = lua_getfield(L, -1, "default");
        if (t != LUA_TBOOLEAN && t != LUA_TNUMBER && t != LUA_TSTRING)
            luaL_error(L, "%s.default: expected a boolean, number or string, got %s", what, luaL_typename(L, -1));
        snprintf(o->def, sizeof o->def, "%s", luaL_tolstring(L, -1, NULL));
        lua_pop(L, 3); /* tolstring, default, value */
    }
    qsort(rs->api.opt, (size_t)rs->api.nopt, sizeof rs->api.opt[0], cmp_info);

    /* Every option the host gave must be declared. */
    for (int i = 0; rs->api.given && i < rs->api.given->n; i++) {
        int found = 0;
        for (int j = 0; j < rs->api.nopt && !found; j++)
            found = strcmp(rs->api.given->key[i], rs->api.opt[j].name) == 0;
        if (!found) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (int j = 0; j < rs->api.nopt; j++) {
                if (j)
                    luaL_addstring(&b, ", ");
                luaL_addstring(&b, rs->api.opt[j].name);
            }
            luaL_pushresult(&b);
            luaL_error(L, "unknown option '%s' (options: %s)", rs->api.given->key[i], lua_tostring(L, -1));
        }
    }

    lua_newtable(L);
    int result = lua_gettop(L);
    size_t used = 0;
    rs->api.options_text[0] = '\0';
    for (int j = 0; j < rs->api.nopt; j++) {
        tv_option_info *o = &rs->api.opt[j];
        lua_getfield(L, 1, o->name);
        int t = lua_getfield(L, -1, "default");
        int is_int = lua_isinteger(L, -1);
        const char *text = rs->api.given ? tv_options_get(rs->api.given, o->name) : NULL;
        if (text)
            push_option_value(L, o, t, is_int, text);
        else
            lua_pushvalue(L, -1);
        const char *shown = luaL_tolstring(L, -1, NULL);
        used += (size_t)snprintf(rs->api.options_text + used, sizeof rs->api.options_text - used, "%s%s=%s",
                                 j ? "," : "", o->name, shown);
        if (used >= sizeof rs->api.options_text)
            used = sizeof rs->api.options_text - 1;
        lua_pop(L, 1);
        lua_setfield(L, result, o->name);
        lua_pop(L, 2);
    }
    return 1;
}

/* ---- game{} ------------------------------------------------------------ */

static int parse_cell(lua_State *L, const tv_rules *r, int idx, const char *what)
{
    const char *name = lua_tostring(L, idx);
    int cell = lua_type(L, idx) == LUA_TSTRING ? tv_grid_parse_cell(&r->grid, name) : -1;
    if (cell < 0)
        luaL_error(L, "%s: '%s' is not a cell of this %dx%d board", what, luaL_tolstring(L, idx, NULL),
                   r->grid.width, r->grid.height);
    return cell;
}

static void read_blocks(lua_State *L, tv_rules *r, int idx)
{
    static const char *const known[] = {"cells", "random", "odd", "placed", NULL};
    tv_check_known(L, idx, "game.blocks", known);
    tv_blocks *b = &r->blocks;
    int modes = 0;
    if (lua_getfield(L, idx, "cells") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            luaL_error(L, "game.blocks.cells: expected a list of cells, as {\"c3\", \"e5\"}");
        b->mode = TV_BLOCKS_LIST;
        lua_Integer n = luaL_len(L, -1);
        if (n >= TV_MAX_CELLS)
            luaL_error(L, "game.blocks.cells: too many cells");
        b->count = (int)n;
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, -1, i);
            b->cells[i - 1] = (uint16_t)parse_cell(L, r, -1, "game.blocks.cells");
            lua_pop(L, 1);
        }
        modes++;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "random") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            luaL_error(L, "game.blocks.random: expected {min, max}");
        lua_geti(L, -1, 1);
        lua_geti(L, -2, 2);
        if (!lua_isinteger(L, -2) || !lua_isinteger(L, -1))
            luaL_error(L, "game.blocks.random: expected two integers {min, max}");
        b->mode = TV_BLOCKS_RANDOM;
        b->min = (int)lua_tointeger(L, -2);
        b->max = (int)lua_tointeger(L, -1);
        lua_pop(L, 2);
        modes++;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "odd") != LUA_TNIL)
        b->odd = lua_toboolean(L, -1);
    lua_pop(L, 1);
    long placed = tv_int_field(L, idx, "game.blocks", "placed", 0, 255, 0);
    if (placed) {
        b->mode = TV_BLOCKS_PLACED;
        b->count = (int)placed;
        modes++;
    }
    if (modes != 1)
        luaL_error(L, "game.blocks: give exactly one of cells, random or placed");
}

static void read_runs(lua_State *L, tv_rules *r, int idx)
{
    lua_getfield(L, idx, "directions");
    r->lines.dirs = lua_isnil(L, -1) ? (TV_DIR_H | TV_DIR_V) : tv_dirs_parse(lua_tostring(L, -1));
    lua_pop(L, 1);
    lua_getfield(L, idx, "points");
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        r->lines.points[i] = (int32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    /* The table must cover every run length the board allows. */
    int longest = r->grid.width > r->grid.height ? r->grid.width : r->grid.height;
    if (n < longest)
        luaL_error(L, "game.score: runs.points has %d entries, the board allows runs of %d", (int)n, longest);
}

static void set_hook(lua_State *L, tv_ruleset *rs, int which, int idx)
{
    lua_pushvalue(L, idx);
    tv_hooks_keep(L, &rs->hooks, which);
}

static void read_ends(lua_State *L, tv_ruleset *rs, int idx)
{
    int t = lua_type(L, idx);
    if (t == LUA_TFUNCTION) {
        set_hook(L, rs, TV_HOOK_ENDS, idx);
        return;
    }
    if (t == LUA_TSTRING) {
        const char *s = lua_tostring(L, idx);
        static const char *const names[] = {"board_full", "no_move", "board_empty", "side_empty", NULL};
        static const int bits[] = {TV_END_BOARD_FULL, TV_END_NO_MOVE, TV_END_BOARD_EMPTY, TV_END_SIDE_EMPTY};
        for (int i = 0; names[i]; i++)
            if (strcmp(s, names[i]) == 0) {
                rs->rules.ends |= bits[i];
                return;
            }
        luaL_error(L, "game.ends: '%s' is not board_full, board_empty, side_empty, no_move or a function", s);
    }
    if (t != LUA_TTABLE)
        luaL_error(L, "game.ends: expected board_full, board_empty, side_empty, no_move, a function, "
                      "or a list of them (with captured = N)");
    rs->rules.target = (int)tv_int_field(L, idx, "game.ends", "captured", 0, 100000, 0);
    lua_Integer n = luaL_len(L, idx);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, idx, i);
        if (lua_type(L, -1) == LUA_TTABLE)
            luaL_error(L, "game.ends[%d]: lists do not nest", (int)i);
        read_ends(L, rs, lua_gettop(L));
        lua_pop(L, 1);
    }
}

static void ruleset_name(lua_State *L, tv_rules *r)
{
    lua_Debug ar;
    const char *src = "ruleset";
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar))
        src = ar.short_src;
    const char *base = strrchr(src, '/');
    base = base ? base + 1 : src;
    size_t len = strcspn(base, ".");
    if (len >= sizeof r->name)
        len = sizeof r->name - 1;
    memcpy(r->name, base, len);
    r->name[len] = '\0';
}

static int api_game(lua_State *L)
{
    static const char *const known[] = {"name", "description", "players", "board", "blocks", "moves",
                                        "play", "sow", "score", "goal", "ends", "no_move", "repetition",
                                        "remainder", "winner", "max_plies", NULL};
    tv_ruleset *rs = tv_ruleset_of(L);
    tv_rules *r = &rs->rules;
    int sow_given = 0;
    tv_check_table_arg(L, "game");
    if (rs->api.game_built)
        luaL_error(L, "game: a ruleset describes one game; game{} was already called");
    tv_check_known(L, 1, "game", known);
    ruleset_name(L, r);
    tv_str_field(L, 1, "game", "name", r->title, sizeof r->title, 1);
    tv_str_field(L, 1, "game", "description", r->description, sizeof r->description, 0);

    if (lua_getfield(L, 1, "players") != LUA_TNIL) {
        for (int p = 0; p < 2; p++) {
            if (!lua_istable(L, -1) || lua_geti(L, -1, p + 1) != LUA_TSTRING || luaL_len(L, -2) != 2)
                luaL_error(L, "game.players: expected two names, as {\"White\", \"Black\"}");
            snprintf(r->players[p], sizeof r->players[p], "%s", lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);

    lua_getfield(L, 1, "board");
    if (strcmp(tv_kind_of(L, -1), "mancala") == 0) {
        tv_read_mancala(L, r, lua_gettop(L));
    } else if (strcmp(tv_kind_of(L, -1), "grid") == 0) {
        r->grid.width = (int)tv_int_field(L, lua_gettop(L), "grid", "width", 1, TV_MAX_SIDE, 0);
        r->grid.height = (int)tv_int_field(L, lua_gettop(L), "grid", "height", 1, TV_MAX_SIDE, 0);
    } else {
        luaL_error(L, "game.board: expected grid { ... } or mancala { ... }, got %s", tv_kind_of(L, -1));
    }
    lua_pop(L, 1);

    if (lua_getfield(L, 1, "blocks") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            luaL_error(L, "game.blocks: expected a table, as { random = {3, 13}, odd = true }");
        read_blocks(L, r, lua_gettop(L));
    }
    lua_pop(L, 1);

    lua_getfield(L, 1, "moves");
    if (lua_isfunction(L, -1))
        set_hook(L, rs, TV_HOOK_MOVES, lua_gettop(L));
    else if (strcmp(tv_kind_of(L, -1), "place") == 0 || strcmp(tv_kind_of(L, -1), "drop") == 0) {
        r->moves = strcmp(tv_kind_of(L, -1), "drop") == 0 ? TV_MOVES_DROP : TV_MOVES_PLACE;
        r->swap_after = (int)tv_int_field(L, lua_gettop(L), "place", "swap_after", 0, TV_MAX_CELLS, 0);
    } else if (strcmp(tv_kind_of(L, -1), "sow") == 0) {
        if (r->board != TV_BOARD_MANCALA)
            luaL_error(L, "game.moves: sow { ... } needs a mancala { ... } board");
        tv_read_sow(L, r, lua_gettop(L));
        sow_given = 1;
    } else if (!lua_isnil(L, -1))
        luaL_error(L, "game.moves: expected place { ... }, drop { ... }, sow { ... } or a function, got %s",
                   tv_kind_of(L, -1));
    if (r->board == TV_BOARD_MANCALA && !lua_isfunction(L, -1) && strcmp(tv_kind_of(L, -1), "sow") != 0)
        luaL_error(L, "game.moves: a mancala board is played with sow { ... } or a moves hook");
    lua_pop(L, 1);

    /* The sowing parameters apart from the moves, for rulesets whose moves
     * or effect are hooks that call s:sow. */
    lua_getfield(L, 1, "sow");
    if (!lua_isnil(L, -1)) {
        if (strcmp(tv_kind_of(L, -1), "sow") != 0 || r->board != TV_BOARD_MANCALA)
            luaL_error(L, "game.sow: expected sow { ... } with a mancala { ... } board");
        if (sow_given)
            luaL_error(L, "game.sow: the sowing is already given by moves = sow { ... }");
        tv_read_sow(L, r, lua_gettop(L));
    }
    lua_pop(L, 1);

    lua_getfield(L, 1, "play");
    if (lua_isfunction(L, -1))
        set_hook(L, rs, TV_HOOK_PLAY, lua_gettop(L));
    else if (!lua_isnil(L, -1))
        luaL_error(L, "game.play: expected a function (the effect of a move), got %s", tv_kind_of(L, -1));
    lua_pop(L, 1);

    lua_getfield(L, 1, "goal");
    if (strcmp(tv_kind_of(L, -1), "line") == 0) {
        int t = lua_gettop(L);
        r->goal.length = (int)tv_int_field(L, t, "line", "length", 2, TV_MAX_SIDE, 0);
        lua_getfield(L, t, "directions");
        r->goal.dirs = lua_isnil(L, -1) ? TV_DIR_ALL : tv_dirs_parse(lua_tostring(L, -1));
        lua_getfield(L, t, "exact");
        r->goal.exact = lua_toboolean(L, -1);
        lua_pop(L, 2);
    } else if (!lua_isnil(L, -1))
        luaL_error(L, "game.goal: expected line { length = ..., directions = ... }, got %s", tv_kind_of(L, -1));
    lua_pop(L, 1);

    lua_getfield(L, 1, "score");
    if (lua_isfunction(L, -1))
        set_hook(L, rs, TV_HOOK_SCORE, lua_gettop(L));
    else if (strcmp(tv_kind_of(L, -1), "runs") == 0)
        read_runs(L, r, lua_gettop(L));
    else if (!lua_isnil(L, -1))
        luaL_error(L, "game.score: expected runs { ... } or a function, got %s", tv_kind_of(L, -1));
    lua_pop(L, 1);

    if (lua_getfield(L, 1, "ends") != LUA_TNIL)
        read_ends(L, rs, lua_gettop(L));
    else if (!r->goal.length)
        luaL_error(L, "game.ends: required field is missing (board_full, no_move or a function)");
    lua_pop(L, 1);

    char word[32] = "";
    if (tv_str_field(L, 1, "game", "no_move", word, sizeof word, 0)) {
        if (strcmp(word, "pass") == 0 && r->board == TV_BOARD_MANCALA)
            r->sow.pass = 1;
        else if (strcmp(word, "ends") == 0)
            r->ends |= TV_END_NO_MOVE;
        else
            luaL_error(L, "game.no_move: '%s' is not pass (mancala) or ends", word);
    }
    if (lua_getfield(L, 1, "repetition") != LUA_TNIL) {
        if (!lua_isstring(L, -1) || strcmp(lua_tostring(L, -1), "ends") != 0)
            luaL_error(L, "game.repetition: expected \"ends\" (a repeated position ends the game)");
        r->repetition = 1;
    }
    lua_pop(L, 1);
    static const char *const remainders[] = {"none", "split", "own_row", NULL};
    if (tv_str_field(L, 1, "game", "remainder", word, sizeof word, 0)) {
        int i = 0;
        while (remainders[i] && strcmp(word, remainders[i]) != 0)
            i++;
        if (!remainders[i] || r->board != TV_BOARD_MANCALA)
            luaL_error(L, "game.remainder: '%s' is not none, split or own_row (mancala)", word);
        r->remainder = i;
    }

    char winner[32] = "higher_score";
    tv_str_field(L, 1, "game", "winner", winner, sizeof winner, 0);
    if (strcmp(winner, "higher_score") != 0 && strcmp(winner, "most_captured") != 0)
        luaL_error(L, "game.winner: '%s' is not higher_score or most_captured", winner);

    r->max_plies = (int)tv_int_field(L, 1, "game", "max_plies", 1, TV_MAX_MAX_PLIES, TV_DEFAULT_MAX_PLIES);

    tv_hooks_install(rs);
    tv_error err;
    if (tv_rules_finish(r, &err))
        luaL_error(L, "game: %s", err.msg);
    rs->api.game_built = 1;
    return tv_tagged(L, "game");
}

void tv_api_open(lua_State *L)
{
    static const luaL_Reg api[] = {
        {"game", api_game}, {"grid", api_grid}, {"place", api_place}, {"drop", api_drop},
        {"runs", api_runs}, {"line", api_line}, {"options", api_options},
        {"mancala", tv_api_mancala}, {"sow", tv_api_sow}, {NULL, NULL}};
    lua_pushglobaltable(L);
    luaL_setfuncs(L, api, 0);
    lua_pop(L, 1);
}
