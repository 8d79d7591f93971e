/* The ruleset API for pieces that move: step{}, slide{}, jump{} (the move
 * generators), move{} (which kinds move how, the capture rule, promotion),
 * and game{}'s pieces and setup fields, compiled into tv_rules.pieces and
 * tv_rules.setup. As everywhere in lua/api, each reader checks its table
 * completely with raw reads, once in the constructor (for the file:line) and
 * again in game{}. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_custodial.h"
#include "tv_api_pieces.h"
#include "tv_api_pieces_line.h"
#include "tv_directions.h"
#include "tv_fields.h"
#include "tv_position.h"
#include "tv_vars_state.h"

/* ---- directions and destinations ---------------------------------------- */

/* Required, relative to the mover (tv_directions.h): forward is towards the
 * opponent's side. */
static int read_directions(lua_State *L, int idx, const char *what)
{
    return tv_directions_field(L, idx, what, "directions", TV_DIRS_MOVER, -1);
}

/* What the destination may hold: "empty", "enemy" (capture by replacement)
 * or "any" (either). */
static int read_to(lua_State *L, int idx, const char *what, int def)
{
    static const char *const names[] = {"empty", "enemy", "any", NULL};
    static const int masks[] = {TV_TO_EMPTY, TV_TO_ENEMY, TV_TO_EMPTY | TV_TO_ENEMY};
    int i = tv_field_word(L, idx, what, "to", names, NULL, -1);
    return i < 0 ? def : masks[i];
}

/* ---- the generators ----------------------------------------------------- */

/* shoot { directions = "all", max = N }: the arrow, a slide that leaves a block. */
static void read_shoot(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"directions", "max", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->shoot_dirs = read_directions(L, idx, what);
    g->shoot_max = (int)tv_int_field(L, idx, what, "max", 1, TV_MAX_SIDE, TV_MAX_SIDE);
}

/* A generator's second part: after = shoot { ... } (to empty cells only).
 * Not "then": a Lua keyword, which a table key can only be as ["then"]. */
static void read_after(lua_State *L, int idx, const char *what, tv_gen *g)
{
    char key[112];
    if (tv_rawfield(L, idx, "after") != LUA_TNIL) {
        snprintf(key, sizeof key, "%s.after", what);
        if (strcmp(tv_kind_of(L, -1), "shoot") != 0)
            luaL_error(L, "%s: expected shoot { directions = \"all\" }, got %s", key, tv_kind_of(L, -1));
        read_shoot(L, lua_gettop(L), key, g);
        if (g->to != TV_TO_EMPTY)
            luaL_error(L, "%s: a move that shoots goes to empty cells (to = \"empty\")", key);
    }
    lua_pop(L, 1);
}

/* The chess family's conditions of a step or slide: from_rows = 2 or
 * { 2, 3 } (rows counted from the mover's side), en_passant = "opens"
 * (a slide) or "takes" (a step). */
static void read_conditions(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const eps[] = {"opens", "takes", NULL};
    char key[112];
    snprintf(key, sizeof key, "%s.from_rows", what);
    int t = tv_rawfield(L, idx, "from_rows");
    if (t == LUA_TNUMBER) {
        g->from_rows = 1 << ((int)tv_int_field(L, idx, what, "from_rows", 1, TV_MAX_SIDE, 1) - 1);
    } else if (t == LUA_TTABLE) {
        int n = tv_list_len(L, lua_gettop(L), key, 1, TV_MAX_SIDE);
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, -1, i);
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > TV_MAX_SIDE)
                luaL_error(L, "%s[%d]: expected a row number 1..%d, counted from the mover's side", key, i, TV_MAX_SIDE);
            g->from_rows |= 1 << (lua_tointeger(L, -1) - 1);
            lua_pop(L, 1);
        }
    } else if (t != LUA_TNIL) {
        luaL_error(L, "%s: expected a row number or a list of them, counted from the mover's side", key);
    }
    lua_pop(L, 1);
    int ep = tv_field_word(L, idx, what, "en_passant", eps, NULL, -1);
    g->en_passant = ep < 0 ? 0 : ep == 0 ? TV_EP_OPENS : TV_EP_TAKES;
}

static void read_step(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"directions", "to", "after", "from_rows", "en_passant", "when", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->type = TV_GEN_STEP;
    g->dirs = read_directions(L, idx, what);
    g->to = read_to(L, idx, what, TV_TO_EMPTY);
    read_after(L, idx, what, g);
    read_conditions(L, idx, what, g);
}

static void read_slide(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"directions", "to", "max", "min", "after", "from_rows", "en_passant", "when", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->type = TV_GEN_SLIDE;
    g->dirs = read_directions(L, idx, what);
    g->to = read_to(L, idx, what, TV_TO_EMPTY);
    g->max = (int)tv_int_field(L, idx, what, "max", 1, TV_MAX_SIDE, TV_MAX_SIDE);
    g->min = (int)tv_int_field(L, idx, what, "min", 1, TV_MAX_SIDE, 1);
    if (g->min > g->max)
        luaL_error(L, "%s: min %d is more than max %d", what, g->min, g->max);
    read_after(L, idx, what, g);
    read_conditions(L, idx, what, g);
}

static void read_jump(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"directions", "chain", "over", "flying", "when", NULL};
    static const char *const overs[] = {"enemy", "own", "any", NULL}; /* 1 + index: TV_OVER_ENEMY, TV_OVER_OWN, both */
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->type = TV_GEN_JUMP;
    g->dirs = read_directions(L, idx, what);
    g->chain = tv_bool_field(L, idx, what, "chain", 0);
    g->over = 1 + tv_field_word(L, idx, what, "over", overs, NULL, 0);
    g->flying = tv_bool_field(L, idx, what, "flying", 0);
}

/* when = { phase = 1 }, { phase = { 1, 2 } } or { ready = true }: the
 * generator moves pieces only while that game variable holds one of the
 * values (0..31; a flag's true is 1). game{} checks the variable
 * (resolve_phase). */
static void read_when(lua_State *L, int idx, const char *what, tv_gen *g)
{
    char key[112];
    snprintf(key, sizeof key, "%s.when", what);
    if (tv_rawfield(L, idx, "when") == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    int t = lua_gettop(L), n = 0;
    if (!lua_istable(L, t))
        luaL_error(L, "%s: expected a variable and its value, as { phase = 1 }", key);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        size_t len = 0;
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tolstring(L, -2, &len) : NULL;
        if (!name || ++n > 1 || len < 1 || len >= sizeof g->when || strlen(name) != len)
            luaL_error(L, "%s: expected one variable (its name) and its value, as { phase = 1 }", key);
        memcpy(g->when, name, len + 1);
        int v = lua_gettop(L), list = lua_type(L, v) == LUA_TTABLE, m = list ? tv_list_len(L, v, key, 1, 32) : 1;
        for (int i = 1; i <= m; i++) {
            int type = list ? lua_rawgeti(L, v, i) : (lua_pushvalue(L, v), lua_type(L, -1));
            lua_Integer x = type == LUA_TBOOLEAN ? lua_toboolean(L, -1) : type == LUA_TNUMBER && lua_isinteger(L, -1) ? lua_tointeger(L, -1) : -1;
            if (x < 0 || x > 31)
                luaL_error(L, "%s.%s: expected a value 0..31, true or false, or a list of them", key, g->when);
            g->when_values |= 1u << x;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (!n)
        luaL_error(L, "%s: expected a variable and its value, as { phase = 1 }", key);
    lua_pop(L, 1);
}

/* A generator of any type, by its tag. */
static void read_gen(lua_State *L, int idx, const char *what, tv_gen *g)
{
    const char *kind = tv_kind_of(L, idx);
    memset(g, 0, sizeof *g);
    if (strcmp(kind, "step") == 0)
        read_step(L, idx, what, g);
    else if (strcmp(kind, "slide") == 0)
        read_slide(L, idx, what, g);
    else if (strcmp(kind, "jump") == 0)
        read_jump(L, idx, what, g);
    else if (strcmp(kind, "line_count") == 0)
        tv_read_line_count(L, idx, what, g);
    else if (strcmp(kind, "leap") == 0)
        tv_read_leap(L, idx, what, g);
    else
        luaL_error(L, "%s: expected step { ... }, slide { ... }, jump { ... }, line_count { ... } or leap { ... }, got %s",
                   what, kind);
    read_when(L, idx, what, g);
}

/* ---- move{} ------------------------------------------------------------- */

static const char *const move_fields[] = {"capture", "promote", "custodial", "royal", "castle", "taken", NULL};

static int is_move_field(const char *key)
{
    for (int i = 0; move_fields[i]; i++)
        if (strcmp(key, move_fields[i]) == 0)
            return 1;
    return strcmp(key, "kind") == 0;
}

/* The names of the kinds: those declared, or "stone". */
static int kind_count(const tv_pieces *p) { return p->nkinds ? p->nkinds : 1; }
static const char *kind_name(const tv_pieces *p, int k) { return p->nkinds ? p->name[k] : "stone"; }

static int kind_index(const tv_pieces *p, const char *name)
{
    for (int k = 0; k < kind_count(p); k++)
        if (strcmp(kind_name(p, k), name) == 0)
            return k;
    return -1;
}

static void kinds_list(lua_State *L, const tv_pieces *p)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int k = 0; k < kind_count(p); k++) {
        luaL_addstring(&b, k ? ", " : "");
        luaL_addstring(&b, kind_name(p, k));
    }
    luaL_pushresult(&b);
}

/* The generators of kind k: a list at idx, appended to p->gen. */
static void read_kind_gens(lua_State *L, int idx, const char *what, int k, tv_pieces *p)
{
    const char *tag = tv_kind_of(L, idx);
    if (strcmp(tag, "step") == 0 || strcmp(tag, "slide") == 0 || strcmp(tag, "jump") == 0 ||
        strcmp(tag, "line_count") == 0 || strcmp(tag, "leap") == 0) {
        if (p->ngens == TV_MAX_GENS)
            luaL_error(L, "%s: more than %d generators in all", what, TV_MAX_GENS);
        tv_gen *g = &p->gen[p->ngens++];
        read_gen(L, idx, what, g);
        g->kinds = 1 << k;
        return;
    }
    if (strcmp(tag, "table") != 0)
        luaL_error(L, "%s: expected a generator or a list of them, as { step { directions = \"forward\" } }", what);
    int n = tv_list_len(L, idx, what, 1, TV_MAX_GENS);
    for (int i = 1; i <= n; i++) {
        char item[96];
        snprintf(item, sizeof item, "%s[%d]", what, i);
        if (p->ngens == TV_MAX_GENS)
            luaL_error(L, "%s: more than %d generators in all", item, TV_MAX_GENS);
        lua_rawgeti(L, idx, i);
        tv_gen *g = &p->gen[p->ngens++];
        read_gen(L, lua_gettop(L), item, g);
        g->kinds = 1 << k;
        lua_pop(L, 1);
    }
}

static void read_promote(lua_State *L, int idx, const char *what, tv_pieces *p, int known_kinds)
{
    if (lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, "%s: expected { man = \"king\", rows = 1, ends_chain = true } or { pawn = { \"queen\", \"knight\" } }",
                   what);
    p->promote_rows = (int)tv_int_field(L, idx, what, "rows", 1, TV_MAX_SIDE, 1);
    p->promote_ends = tv_bool_field(L, idx, what, "ends_chain", 0);
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_error(L, "%s: keys must be kinds, rows or ends_chain", what);
        const char *key = lua_tostring(L, -2);
        if (strcmp(key, "rows") == 0 || strcmp(key, "ends_chain") == 0 || strcmp(key, "kind") == 0) {
            lua_pop(L, 1);
            continue;
        }
        if (++n > TV_MAX_KINDS)
            luaL_error(L, "%s: more than %d promotions", what, TV_MAX_KINDS);
        if (lua_type(L, -1) == LUA_TTABLE) { /* a choice: { "queen", "rook", ... } */
            int from = known_kinds ? kind_index(p, key) : 0, nc = tv_list_len(L, lua_gettop(L), what, 1, TV_MAX_KINDS);
            if (from < 0) {
                kinds_list(L, p);
                luaL_error(L, "%s.%s: not a kind of this game (%s)", what, key, lua_tostring(L, -1));
            }
            for (int i = 1; i <= nc; i++) {
                lua_rawgeti(L, -1, i);
                int to = lua_type(L, -1) == LUA_TSTRING && known_kinds ? kind_index(p, lua_tostring(L, -1)) : 0;
                if (lua_type(L, -1) != LUA_TSTRING || to < 0 || (known_kinds && to == from)) {
                    kinds_list(L, p);
                    luaL_error(L, "%s.%s[%d]: expected another kind of this game (%s)", what, key, i, lua_tostring(L, -1));
                }
                if (known_kinds)
                    p->promote_choice[from] |= (uint8_t)(1 << to);
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
            continue;
        }
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "%s.%s: expected the name of the kind it becomes, or a list to choose from", what, key);
        if (known_kinds) {
            int from = kind_index(p, key), to = kind_index(p, lua_tostring(L, -1));
            if (from < 0 || to < 0 || from == to) {
                kinds_list(L, p);
                luaL_error(L, "%s.%s = %s: both must be different kinds of this game (%s)", what, key,
                           lua_tostring(L, -2), lua_tostring(L, -1));
            }
            p->promote[from] = (int8_t)to;
        }
        lua_pop(L, 1);
    }
    if (!n)
        luaL_error(L, "%s: no kind is promoted, as { man = \"king\" }", what);
}

int tv_read_kinds(lua_State *L, int idx, const char *what, const tv_pieces *p, int known_kinds)
{
    int mask = 0, n = 1, list = lua_type(L, idx) == LUA_TTABLE;
    if (list)
        n = tv_list_len(L, idx, what, 1, TV_MAX_KINDS);
    else if (lua_type(L, idx) != LUA_TSTRING)
        luaL_error(L, "%s: expected a kind's name or a list of them", what);
    for (int i = 1; i <= n; i++) {
        if (list)
            lua_rawgeti(L, idx, i);
        else
            lua_pushvalue(L, idx);
        int k = lua_type(L, -1) == LUA_TSTRING && known_kinds ? kind_index(p, lua_tostring(L, -1)) : 0;
        if (lua_type(L, -1) != LUA_TSTRING || k < 0) {
            kinds_list(L, p);
            luaL_error(L, "%s: expected a kind of this game (%s)", what, lua_tostring(L, -1));
        }
        mask |= 1 << k;
        lua_pop(L, 1);
    }
    return mask;
}

/* castle = { { name = "O-O", king = "e1", to = "g1", rook = "h1", rook_to = "f1" }, ... }:
 * player 1's cells (player 2's rows mirrored); without a grid (the
 * constructor) the names are only read. */
static void read_castles(lua_State *L, int idx, const char *what, tv_pieces *p, const tv_grid *grid)
{
    static const char *const known[] = {"name", "king", "to", "rook", "rook_to", NULL};
    static const char *const cells[] = {"king", "to", "rook", "rook_to"};
    char item[128];
    int n = tv_list_len(L, idx, what, 1, TV_MAX_CASTLES);
    for (int i = 1; i <= n; i++) {
        snprintf(item, sizeof item, "%s[%d]", what, i);
        lua_rawgeti(L, idx, i);
        int t = lua_gettop(L);
        tv_check_table(L, t, item);
        tv_check_known(L, t, item, known);
        tv_castle *c = &p->castle[p->ncastles++];
        int at[4];
        for (int j = 0; j < 4; j++) {
            if (tv_rawfield(L, t, cells[j]) != LUA_TSTRING)
                luaL_error(L, "%s.%s: expected a cell, as \"e1\" (player 1's side)", item, cells[j]);
            at[j] = grid ? tv_grid_parse_cell(grid, lua_tostring(L, -1)) : 0;
            if (at[j] < 0)
                luaL_error(L, "%s.%s: '%s' is not a cell of the board", item, cells[j], lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        c->king = at[0], c->king_to = at[1], c->rook = at[2], c->rook_to = at[3];
        size_t len = 0;
        const char *name = tv_rawfield(L, t, "name") == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        if (!name || len < 1 || len >= TV_CASTLE_NAME || strlen(name) != len || strpbrk(name, " ;=/"))
            luaL_error(L, "%s.name: expected its move text, 1..%d characters without spaces, as \"O-O\"", item,
                       TV_CASTLE_NAME - 1);
        memcpy(c->name, name, len + 1);
        lua_pop(L, 2);
    }
}

/* move{} at idx into p: with known_kinds, the keys must be p's kinds (read
 * in their declared order); without, in the constructor, any name will do. */
static void read_move(lua_State *L, int idx, const char *pre, tv_pieces *p, tv_custodial *custodial,
                      const tv_grid *grid, int known_kinds)
{
    static const char *const captures[] = {"free", "mandatory", "longest", NULL}; /* TV_CAPTURE_* */
    static const char *const takens[] = {"at_once", "after_move", NULL};         /* tv_pieces.after */
    char what[64], key[96];
    snprintf(what, sizeof what, "%smove", pre);
    tv_check_table(L, idx, what);
    p->ngens = 0;
    memset(p->promote, -1, sizeof p->promote);
    p->promote_rows = 0;
    p->promote_ends = 0;
    p->capture = tv_field_word(L, idx, what, "capture", captures, NULL, TV_CAPTURE_FREE);
    p->after = tv_field_word(L, idx, what, "taken", takens, NULL, 0);
    memset(p->promote_choice, 0, sizeof p->promote_choice);
    snprintf(key, sizeof key, "%s.royal", what);
    p->royal = tv_rawfield(L, idx, "royal") == LUA_TNIL ? 0 : tv_read_kinds(L, lua_gettop(L), key, p, known_kinds);
    lua_pop(L, 1);
    snprintf(key, sizeof key, "%s.castle", what);
    p->ncastles = 0;
    if (tv_rawfield(L, idx, "castle") != LUA_TNIL)
        read_castles(L, lua_gettop(L), key, p, grid);
    lua_pop(L, 1);
    tv_read_custodial_field(L, idx, what, custodial);
    if (tv_rawfield(L, idx, "promote") != LUA_TNIL) {
        snprintf(key, sizeof key, "%s.promote", what);
        read_promote(L, lua_gettop(L), key, p, known_kinds);
    }
    lua_pop(L, 1);
    int kinds = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) { /* every other key is a kind */
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_error(L, "%s: keys must be kinds, capture, promote, custodial, royal, castle or taken", what);
        const char *name = lua_tostring(L, -2);
        if (!is_move_field(name)) {
            snprintf(key, sizeof key, "%s.%.24s", what, name);
            if (known_kinds && kind_index(p, name) < 0) {
                kinds_list(L, p);
                luaL_error(L, "%s: '%s' is not a kind of this game (%s)", what, name, lua_tostring(L, -1));
            }
            if (!known_kinds)
                read_kind_gens(L, lua_gettop(L), key, 0, p);
            if (++kinds > TV_MAX_KINDS)
                luaL_error(L, "%s: more than %d kinds", what, TV_MAX_KINDS);
        }
        lua_pop(L, 1);
    }
    for (int k = 0; known_kinds && k < kind_count(p); k++) { /* in the declared order */
        if (tv_rawfield(L, idx, kind_name(p, k)) != LUA_TNIL) {
            snprintf(key, sizeof key, "%s.%s", what, kind_name(p, k));
            read_kind_gens(L, lua_gettop(L), key, k, p);
        }
        lua_pop(L, 1);
    }
    if (!kinds)
        luaL_error(L, "%s: no kind moves, as { stone = { step { directions = \"forward\" } } }", what);
}

static int api_gen(lua_State *L, const char *kind, void (*read)(lua_State *, int, const char *, tv_gen *))
{
    tv_gen scratch;
    read(L, 1, kind, &scratch);
    return tv_tagged(L, kind);
}

int tv_api_step(lua_State *L) { return api_gen(L, "step", read_step); }
int tv_api_slide(lua_State *L) { return api_gen(L, "slide", read_slide); }
int tv_api_jump(lua_State *L) { return api_gen(L, "jump", read_jump); }
int tv_api_shoot(lua_State *L) { return api_gen(L, "shoot", read_shoot); }

int tv_api_move(lua_State *L)
{
    tv_pieces scratch;
    tv_custodial custodial;
    memset(&scratch, 0, sizeof scratch);
    read_move(L, 1, "", &scratch, &custodial, NULL, 0);
    return tv_tagged(L, "move");
}

/* ---- game{}: pieces, setup, moves --------------------------------------- */

void tv_read_pieces(lua_State *L, int idx, tv_pieces *p)
{
    const char *what = "game.pieces";
    if (lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, "%s: expected a list of kinds, as { \"man\", \"king\" } or { \"king\", { name = \"knight\", letter = \"n\" } }", what);
    int n = tv_list_len(L, idx, what, 1, TV_MAX_KINDS);
    for (int k = 0; k < n; k++) {
        size_t len = 0;
        char letter = 0;
        lua_rawgeti(L, idx, k + 1);
        if (lua_type(L, -1) == LUA_TTABLE) { /* { name = "knight", letter = "n" } */
            static const char *const known[] = {"name", "letter", NULL};
            char item[64];
            snprintf(item, sizeof item, "%s[%d]", what, k + 1);
            tv_check_known(L, lua_gettop(L), item, known);
            size_t ll = 0;
            const char *l = tv_rawfield(L, -1, "letter") == LUA_TSTRING ? lua_tolstring(L, -1, &ll) : NULL;
            if (!l || ll != 1 || !islower((unsigned char)l[0]))
                luaL_error(L, "%s.letter: expected one lower-case letter", item);
            letter = l[0];
            lua_pop(L, 1);
            tv_rawfield(L, -1, "name");
            lua_remove(L, -2);
        }
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        int ok = name && len >= 1 && len < TV_NAME_KIND && strlen(name) == len && islower((unsigned char)name[0]);
        for (size_t i = 0; ok && i < len; i++)
            ok = islower((unsigned char)name[i]) || name[i] == '_';
        if (!ok || is_move_field(name))
            luaL_error(L, "%s[%d]: expected a name of 1..%d lower-case letters (not kind, capture, promote or custodial)", what,
                       k + 1, TV_NAME_KIND - 1);
        letter = letter ? letter : name[0];
        for (int j = 0; j < k; j++)
            if (p->letter[j] == letter)
                luaL_error(L, "%s[%d]: '%s' and '%s' would both be written '%c' (give one { name = \"%s\", letter = \"?\" })",
                           what, k + 1, p->name[j], name, letter, name);
        memcpy(p->name[k], name, len + 1);
        p->letter[k] = letter;
        lua_pop(L, 1);
    }
    p->nkinds = n;
}

/* One row of the setup (the top row first), as position strings write it. */
static void read_row(lua_State *L, tv_rules *r, const char *text, size_t len, int row, const char *what)
{
    int w = r->grid.width;
    if ((int)len != w)
        luaL_error(L, "%s: row %d has %d cells, the board %d", what, row + 1, (int)len, w);
    for (int col = 0; col < w; col++) {
        int v = tv_cell_of_char(r, text[col]);
        if (v < 0 || v == TV_BLOCK)
            luaL_error(L, "%s: '%c' in row %d is not '.' or a piece of this game (%s)", what, text[col], row + 1,
                       r->pieces.nkinds ? "upper case: player 1" : "x or o");
        r->setup.cells[row * w + col] = (uint8_t)v;
    }
}

/* setup = { "row", ... } (top row first), or one string "row/row/..". */
void tv_read_setup(lua_State *L, int idx, tv_rules *r)
{
    const char *what = "game.setup";
    int h = r->grid.height;
    if (lua_type(L, idx) == LUA_TSTRING) {
        size_t len;
        const char *text = lua_tolstring(L, idx, &len);
        if (len > (size_t)TV_POSITION_MAX)
            luaL_error(L, "%s: %d characters, more than a board holds", what, (int)len);
        int row = h - 1;
        for (const char *p = text;; row--) {
            if (row < 0)
                luaL_error(L, "%s: more than %d rows", what, h);
            size_t n = strcspn(p, "/");
            read_row(L, r, p, n, row, what);
            if (!p[n])
                break;
            p += n + 1;
        }
        if (row != 0)
            luaL_error(L, "%s: %d rows, the board has %d", what, h - row, h);
    } else if (lua_type(L, idx) == LUA_TTABLE) {
        int n = tv_list_len(L, idx, what, 1, TV_MAX_SIDE);
        if (n != h)
            luaL_error(L, "%s: %d rows, the board has %d", what, n, h);
        for (int i = 0; i < n; i++) {
            size_t len;
            if (lua_rawgeti(L, idx, i + 1) != LUA_TSTRING)
                luaL_error(L, "%s[%d]: expected a row of cells, as \"pppppppp\"", what, i + 1);
            const char *text = lua_tolstring(L, -1, &len);
            read_row(L, r, text, len, h - 1 - i, what);
            lua_pop(L, 1);
        }
    } else {
        luaL_error(L, "%s: expected rows of cells, top row first, as { \"pppp\", \"....\", \"PPPP\" }", what);
    }
    r->setup.given = 1;
}

/* The variable the generators' `when` name (one for all): declared in
 * vars, an integer within 0..31 or a flag, every value named one it can
 * take; then the phase is that variable (tv_rules.pieces.phase_var). */
static void resolve_phase(lua_State *L, tv_rules *r)
{
    tv_pieces *p = &r->pieces;
    const char *name = NULL;
    uint32_t named = 0;
    for (int i = 0; i < p->ngens; i++) {
        if (!p->gen[i].when[0])
            continue;
        if (name && strcmp(name, p->gen[i].when))
            luaL_error(L, "game.moves: when: one variable chooses the generators; got '%s' and '%s'", name,
                       p->gen[i].when);
        name = p->gen[i].when;
        named |= p->gen[i].when_values;
    }
    if (!name)
        return;
    int i = tv_var_find(r, name);
    if (i < 0)
        luaL_error(L, "game.moves: when = { %s = ... }: no variable '%s' in game { vars = { ... } }", name, name);
    const tv_var *x = &r->vars.var[i];
    int flag = x->type == TV_VAR_FLAG, lo = flag ? 0 : x->min, hi = flag ? 1 : x->max; /* a flag's range comes later */
    if (x->type == TV_VAR_CELL || lo < 0 || hi > 31)
        luaL_error(L, "game.moves: when = { %s = ... }: a phase is a flag or an integer within 0..31; '%s' is %s",
                   name, name, x->type == TV_VAR_CELL ? "a cell" : "an integer beyond 0..31");
    for (int v = 0; v < 32; v++)
        if ((named >> v & 1) && (v < lo || v > hi))
            luaL_error(L, "game.moves: when = { %s = %d }: '%s' is never %d (%d..%d)", name, v, name, v, lo, hi);
    if (p->royal)
        luaL_error(L, "game.moves: when: a phase cannot choose the generators of a game with royal pieces");
    p->phase_var = i + 1;
}

void tv_read_moves_pieces(lua_State *L, int idx, tv_rules *r)
{
    read_move(L, idx, "game.moves: ", &r->pieces, &r->custodial, &r->grid, 1);
    r->moves = TV_MOVES_PIECES;
    resolve_phase(L, r);
}

/* The reader of `to` above, for the other generators' constructors
 * (tv_api_pieces_line.c). */
int tv_api_pieces_to(lua_State *L, int idx, const char *what, int def) { return read_to(L, idx, what, def); }
