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

static void read_step(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"directions", "to", "after", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->type = TV_GEN_STEP;
    g->dirs = read_directions(L, idx, what);
    g->to = read_to(L, idx, what, TV_TO_EMPTY);
    read_after(L, idx, what, g);
}

static void read_slide(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"directions", "to", "max", "after", NULL};
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->type = TV_GEN_SLIDE;
    g->dirs = read_directions(L, idx, what);
    g->to = read_to(L, idx, what, TV_TO_EMPTY);
    g->max = (int)tv_int_field(L, idx, what, "max", 1, TV_MAX_SIDE, TV_MAX_SIDE);
    read_after(L, idx, what, g);
}

static void read_jump(lua_State *L, int idx, const char *what, tv_gen *g)
{
    static const char *const known[] = {"directions", "chain", "over", NULL};
    static const char *const overs[] = {"enemy", "own", "any", NULL}; /* 1 + index: TV_OVER_ENEMY, TV_OVER_OWN, both */
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->type = TV_GEN_JUMP;
    g->dirs = read_directions(L, idx, what);
    g->chain = tv_bool_field(L, idx, what, "chain", 0);
    g->over = 1 + tv_field_word(L, idx, what, "over", overs, NULL, 0);
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
}

/* ---- move{} ------------------------------------------------------------- */

static const char *const move_fields[] = {"capture", "promote", "custodial", NULL};

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
        luaL_error(L, "%s: expected { man = \"king\", rows = 1, ends_chain = true }", what);
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
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "%s.%s: expected the name of the kind it becomes", what, key);
        if (++n > TV_MAX_KINDS)
            luaL_error(L, "%s: more than %d promotions", what, TV_MAX_KINDS);
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

/* move{} at idx into p: with known_kinds, the keys must be p's kinds (read
 * in their declared order); without, in the constructor, any name will do. */
static void read_move(lua_State *L, int idx, const char *pre, tv_pieces *p, tv_custodial *custodial, int known_kinds)
{
    static const char *const captures[] = {"free", "mandatory", "longest", NULL}; /* TV_CAPTURE_* */
    char what[64], key[96];
    snprintf(what, sizeof what, "%smove", pre);
    tv_check_table(L, idx, what);
    p->ngens = 0;
    memset(p->promote, -1, sizeof p->promote);
    p->promote_rows = 0;
    p->promote_ends = 0;
    p->capture = tv_field_word(L, idx, what, "capture", captures, NULL, TV_CAPTURE_FREE);
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
            luaL_error(L, "%s: keys must be kinds, capture, promote or custodial", what);
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
    read_move(L, 1, "", &scratch, &custodial, 0);
    return tv_tagged(L, "move");
}

/* ---- game{}: pieces, setup, moves --------------------------------------- */

void tv_read_pieces(lua_State *L, int idx, tv_pieces *p)
{
    const char *what = "game.pieces";
    if (lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, "%s: expected a list of kinds, as { \"man\", \"king\" }", what);
    int n = tv_list_len(L, idx, what, 1, TV_MAX_KINDS);
    for (int k = 0; k < n; k++) {
        size_t len;
        lua_rawgeti(L, idx, k + 1);
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        int ok = name && len >= 1 && len < TV_NAME_KIND && strlen(name) == len && islower((unsigned char)name[0]);
        for (size_t i = 0; ok && i < len; i++)
            ok = islower((unsigned char)name[i]) || name[i] == '_';
        if (!ok || is_move_field(name))
            luaL_error(L, "%s[%d]: expected a name of 1..%d lower-case letters (not kind, capture, promote or custodial)", what,
                       k + 1, TV_NAME_KIND - 1);
        for (int j = 0; j < k; j++)
            if (p->letter[j] == name[0])
                luaL_error(L, "%s[%d]: '%s' and '%s' would both be written '%c'", what, k + 1, p->name[j], name,
                           name[0]);
        memcpy(p->name[k], name, len + 1);
        p->letter[k] = name[0];
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

void tv_read_moves_pieces(lua_State *L, int idx, tv_rules *r)
{
    read_move(L, idx, "game.moves: ", &r->pieces, &r->custodial, 1);
    r->moves = TV_MOVES_PIECES;
}

/* The reader of `to` above, for the other generators' constructors
 * (tv_api_pieces_line.c). */
int tv_api_pieces_to(lua_State *L, int idx, const char *what, int def) { return read_to(L, idx, what, def); }
