/* Moves between C and a hook (tv_view_moves.h). */
#include "tv_view_moves.h"

#include <lauxlib.h>

#include <string.h>

#include "tv_cells.h"
#include "tv_fields.h"
#include "tv_hmove_play.h"
#include "tv_pieces.h"
#include "tv_play.h"
#include "tv_ruleset_impl.h"

/* A raw read of t[key] (no metamethod runs). */
static void raw_field(lua_State *L, int idx, const char *key)
{
    idx = lua_absindex(L, idx);
    lua_pushstring(L, key);
    lua_rawget(L, idx);
}

static const char *kind_name(const tv_rules *r, int kind)
{
    return r->pieces.nkinds ? r->pieces.name[kind % TV_MAX_KINDS] : "stone";
}

static void set_int(lua_State *L, const char *field, lua_Integer n)
{
    lua_pushinteger(L, n);
    lua_setfield(L, -2, field);
}

/* A list of 1-based cells as field `field`. */
static void set_cells(lua_State *L, const char *field, const int *cells, int n)
{
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, cells[i] + 1);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, field);
}

static const char *const shapes[] = {"cell", "drop", "move", "chain", "take", "turn"};

static void push_whole(lua_State *L, const tv_rules *r, tv_move m, const tv_hmove_parts *p)
{
    lua_createtable(L, 0, 8); /* no text: a play hook runs every move (s:text(m) gives it) */
    set_int(L, "move", m);
    lua_pushstring(L, shapes[p->shape]);
    lua_setfield(L, -2, "shape");
    set_int(L, "from", p->from + 1);
    set_int(L, "to", p->to + 1);
    if (p->nparts) { /* a turn: its parts, each decoded as a table (a cell too) */
        lua_createtable(L, p->nparts, 0);
        for (int i = 0; i < p->nparts; i++) {
            tv_hmove_parts q;
            tv_hmove_decode(r, p->part[i], &q, NULL); /* the table holds only parts that decode */
            push_whole(L, r, p->part[i], &q);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "parts");
        return;
    }
    if (p->kind >= 0) {
        lua_pushstring(L, kind_name(r, p->kind));
        lua_setfield(L, -2, p->shape == TV_HMOVE_DROP ? "kind" : "promote");
    }
    if (p->removed >= 0)
        set_int(L, "removed", p->removed + 1);
    if (p->njumps) { /* tables only where there is a chain: a play hook runs every move */
        set_cells(L, "path", p->path + 1, p->njumps);
        set_cells(L, "over", p->over, p->njumps);
    }
}

/* A piece's move of the data generators (a play hook over move { }). */
static void push_piece_move(lua_State *L, const tv_rules *r, tv_move m)
{
    int path[TV_PMOVE_CHAIN_LIMIT + 1], n = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1);
    lua_createtable(L, 0, 6);
    set_int(L, "move", m);
    if (n < 2) {
        set_int(L, "from", -1); /* never: the kernel plays legal moves only */
        return;
    }
    lua_pushstring(L, tv_pieces_is_chain(r, m) ? "chain" : "move");
    lua_setfield(L, -2, "shape");
    set_int(L, "from", path[0] + 1);
    set_int(L, "to", path[n - 1] + 1);
    set_cells(L, "path", path + 1, n - 1);
    int arrow = tv_pieces_arrow(r, m);
    if (arrow >= 0)
        set_int(L, "removed", arrow + 1); /* the arrow's cell: a block after the move */
}

void tv_view_push_move(lua_State *L, const tv_rules *r, tv_move m)
{
    tv_hmove_parts p;
    if (m >= 0 && tv_hmove_rules(r) && tv_hmove_shape(m) != TV_HMOVE_CELL && !tv_hmove_decode(r, m, &p, NULL)) {
        push_whole(L, r, m, &p);
    } else if (m >= 0 && r->data_family == TV_FAMILY_PIECES) {
        push_piece_move(L, r, m);
    } else if (m >= 0) {
        lua_pushinteger(L, (lua_Integer)m + 1);
    } else {
        char text[16];
        tv_move_text(r, m, text, sizeof text);
        lua_pushstring(L, text);
    }
}

/* ---- moves a hook gives as tables ------------------------------------------ */

/* Raw field key of table idx as a 0-based cell, -1 when absent, -2 when not a cell. */
static int table_cell(lua_State *L, const tv_rules *r, int idx, const char *key)
{
    raw_field(L, idx, key);
    int isint, cell = -1;
    if (!lua_isnil(L, -1)) {
        lua_Integer i = lua_tointegerx(L, -1, &isint);
        cell = isint && i >= 1 && i <= r->ncells ? (int)i - 1 : -2;
    }
    lua_pop(L, 1);
    return cell;
}

/* Raw field key as a kind: -1 absent, -2 no kind of this game. */
static int table_kind(lua_State *L, const tv_rules *r, int idx, const char *key)
{
    raw_field(L, idx, key);
    int kind = -1;
    if (lua_type(L, -1) == LUA_TSTRING) {
        int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
        kind = -2;
        for (int k = 0; k < kinds; k++)
            if (!strcmp(lua_tostring(L, -1), kind_name(r, k)))
                kind = k;
    } else if (!lua_isnil(L, -1)) {
        kind = -2;
    }
    lua_pop(L, 1);
    return kind;
}

tv_move tv_view_whole_move(const tv_rules *r, lua_Integer i)
{
    tv_hmove_parts p;
    if (i < 1024 || i > INT32_MAX || !tv_hmove_rules(r) || tv_hmove_decode(r, (tv_move)i, &p, NULL))
        return TV_MOVE_NONE;
    return (tv_move)i;
}

tv_move tv_view_move_value(lua_State *L, const tv_rules *r, int idx)
{
    int t = lua_type(L, idx), isint;
    if (t == LUA_TNUMBER) {
        int limit = r->moves == TV_MOVES_DROP && r->board == TV_BOARD_GRID ? r->grid.width : r->ncells;
        lua_Integer i = lua_tointegerx(L, idx, &isint);
        return !isint ? TV_MOVE_NONE : i >= 1 && i <= limit ? (tv_move)i - 1 : tv_view_whole_move(r, i);
    }
    if (t == LUA_TTABLE) /* { from = 1, to = 9 }: a whole move */
        return tv_view_table_move(L, r, idx);
    tv_move m = TV_MOVE_NONE;
    if (t == LUA_TSTRING && tv_move_parse(r, lua_tostring(L, idx), &m, NULL))
        m = TV_MOVE_NONE;
    return m;
}

/* { parts = { a, b, ... } }: a turn of those parts, each a 1-based cell, a
 * whole move's number, a table move or text; TV_MOVE_NONE when it is none
 * (a part that is no move, a turn in a turn, more than TV_HTURN_PARTS parts,
 * no other field beside parts, or the table of turns full). */
static tv_move table_turn(lua_State *L, const tv_rules *r, int idx);

/* Whether the table at idx has a parts field (a turn in a turn: refused). */
static int table_has_parts(lua_State *L, int idx)
{
    raw_field(L, idx, "parts");
    int has = !lua_isnil(L, -1);
    lua_pop(L, 1);
    return has;
}

static tv_move table_turn(lua_State *L, const tv_rules *r, int idx)
{
    static const char *const others[] = {"from", "to", "path", "removed", "kind", "promote"};
    tv_move parts[TV_HTURN_PARTS], m = TV_MOVE_NONE;
    for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
        raw_field(L, idx, others[i]);
        int other = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (other)
            return TV_MOVE_NONE;
    }
    raw_field(L, idx, "parts");
    size_t n = lua_rawlen(L, -1);
    for (size_t i = 0; i < n && n <= TV_HTURN_PARTS; i++) {
        /* a part with parts of its own is refused before it is read: no table nests a turn deeper */
        int t = lua_rawgeti(L, -1, (lua_Integer)i + 1);
        parts[i] = t == LUA_TTABLE && table_has_parts(L, -1) ? TV_MOVE_NONE : tv_view_move_value(L, r, lua_gettop(L));
        lua_pop(L, 1);
        if (parts[i] == TV_MOVE_NONE) {
            lua_pop(L, 1);
            return TV_MOVE_NONE;
        }
    }
    lua_pop(L, 1);
    if (n < 1 || n > TV_HTURN_PARTS || tv_hmove_turn_of(r, parts, (int)n, 1, &m, NULL))
        return TV_MOVE_NONE;
    return m;
}

int tv_view_is_table_move(lua_State *L, int idx)
{
    static const char *const keys[] = {"from", "to", "move", "path", "removed", "kind", "promote", "parts"};
    idx = lua_absindex(L, idx);
    int one = 0;
    for (size_t i = 0; i < sizeof keys / sizeof *keys && !one; i++) {
        raw_field(L, idx, keys[i]);
        one = !lua_isnil(L, -1);
        lua_pop(L, 1);
    }
    return one;
}

tv_move tv_view_table_move(lua_State *L, const tv_rules *r, int idx)
{
    idx = lua_absindex(L, idx);
    tv_hmove_parts p = {.kind = -1, .removed = -1};
    tv_move m;
    if (!tv_hmove_rules(r))
        return TV_MOVE_NONE;
    raw_field(L, idx, "move");
    int isint;
    lua_Integer n = lua_tointegerx(L, -1, &isint);
    int given = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (given) /* the number of a whole move (the table a play hook got) */
        return isint && n >= 0 && n <= INT32_MAX && !tv_hmove_decode(r, (tv_move)n, &p, NULL) ? (tv_move)n : TV_MOVE_NONE;
    raw_field(L, idx, "parts");
    int parted = lua_istable(L, -1);
    lua_pop(L, 1);
    if (parted)
        return table_turn(L, r, idx);
    p.from = table_cell(L, r, idx, "from");
    int to = table_cell(L, r, idx, "to"), promote = table_kind(L, r, idx, "promote"), kind = table_kind(L, r, idx, "kind");
    p.removed = table_cell(L, r, idx, "removed");
    if (p.from < 0 || to == -2 || p.removed == -2 || promote == -2 || kind == -2)
        return TV_MOVE_NONE;
    raw_field(L, idx, "path");
    if (lua_istable(L, -1)) { /* a chain: its landings */
        size_t len = lua_rawlen(L, -1);
        if (len < 1 || len > TV_HMOVE_CHAIN_MAX || to >= 0 || promote >= 0 || kind >= 0 || p.removed >= 0) {
            lua_pop(L, 1);
            return TV_MOVE_NONE;
        }
        p.shape = TV_HMOVE_JUMPS;
        p.njumps = (int)len;
        p.path[0] = p.from;
        for (int i = 1; i <= p.njumps; i++) {
            lua_rawgeti(L, -1, i);
            lua_Integer c = lua_tointegerx(L, -1, &isint);
            lua_pop(L, 1);
            if (!isint || c < 1 || c > r->ncells) {
                lua_pop(L, 1);
                return TV_MOVE_NONE;
            }
            p.path[i] = (int)c - 1;
        }
        p.to = p.path[p.njumps];
    } else if (!lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return TV_MOVE_NONE;
    } else if (to < 0) { /* a drop (or, with a removal, a placement and a removal) */
        p.to = p.from;
        p.shape = p.removed >= 0 ? TV_HMOVE_TAKE : TV_HMOVE_DROP;
        p.kind = p.removed >= 0 ? -1 : kind < 0 ? 0 : kind;
        if (p.removed >= 0 && kind > 0) {
            lua_pop(L, 1);
            return TV_MOVE_NONE;
        }
    } else {
        p.to = to;
        p.shape = p.removed >= 0 ? TV_HMOVE_TAKE : TV_HMOVE_STEP;
        p.kind = promote;
    }
    lua_pop(L, 1);
    return tv_hmove_encode(r, &p, 1, &m, NULL) ? TV_MOVE_NONE : m;
}

/* ---- the view's methods --------------------------------------------------- */

static const tv_view *reading(lua_State *L) { return tv_view_checked(L, 0); }
static tv_view *writing(lua_State *L) { return tv_view_checked(L, 1); }
static int cell_arg(lua_State *L, const tv_rules *r, int idx) { return tv_view_cell(L, r, idx); }

/* A kind by name ("king") or letter ("k"); nil: the game's first kind. */
static int kind_arg(lua_State *L, const tv_rules *r, int idx)
{
    if (lua_isnoneornil(L, idx))
        return 0;
    const char *name = luaL_checkstring(L, idx);
    int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    for (int k = 0; k < kinds; k++)
        if (!strcmp(name, kind_name(r, k)) || (r->pieces.nkinds && name[0] == r->pieces.letter[k] && !name[1]))
            return k;
    return luaL_error(L, "no kind '%s' in this game", name), 0;
}

static void need_whole(lua_State *L, const tv_rules *r, const char *what)
{
    if (!tv_hmove_rules(r))
        luaL_error(L, "%s: whole moves are for a moves hook on a square grid without move { } or sowing", what);
}

static int push_built(lua_State *L, const tv_rules *r, const tv_hmove_parts *p, const char *what)
{
    tv_error err;
    tv_move m;
    if (tv_hmove_encode(r, p, 1, &m, &err))
        return luaL_error(L, "%s: %s", what, err.msg);
    lua_pushinteger(L, m);
    return 1;
}

/* s:move(from, to [, promote]): a piece's move, as one value for a moves hook. */
static int v_move(lua_State *L)
{
    const tv_rules *r = reading(L)->r;
    need_whole(L, r, "move");
    tv_hmove_parts p = {.shape = TV_HMOVE_STEP, .removed = -1};
    p.from = cell_arg(L, r, 2);
    p.to = cell_arg(L, r, 3);
    p.kind = lua_isnoneornil(L, 4) ? -1 : kind_arg(L, r, 4);
    return push_built(L, r, &p, "move");
}

/* s:chain(from, landing, ...): jumps, each two cells along a line. */
static int v_chain(lua_State *L)
{
    const tv_rules *r = reading(L)->r;
    need_whole(L, r, "chain");
    tv_hmove_parts p = {.shape = TV_HMOVE_JUMPS, .kind = -1, .removed = -1};
    int n = lua_gettop(L) - 2;
    if (n < 1 || n > TV_HMOVE_CHAIN_MAX)
        return luaL_error(L, "chain: expected the start and 1..%d landings, got %d landings", TV_HMOVE_CHAIN_MAX,
                          n < 0 ? 0 : n);
    for (int i = 0; i <= n; i++)
        p.path[i] = cell_arg(L, r, i + 2);
    p.from = p.path[0];
    p.to = p.path[n];
    p.njumps = n;
    return push_built(L, r, &p, "chain");
}

/* s:drop(cell [, kind]): a piece of the mover put on an empty cell. */
static int v_drop(lua_State *L)
{
    const tv_rules *r = reading(L)->r;
    need_whole(L, r, "drop");
    tv_hmove_parts p = {.shape = TV_HMOVE_DROP, .removed = -1};
    p.from = p.to = cell_arg(L, r, 2);
    p.kind = kind_arg(L, r, 3);
    return push_built(L, r, &p, "drop");
}

/* s:take(from, to, removed): a move (from == to: a placement), then a cell emptied. */
static int v_take(lua_State *L)
{
    const tv_rules *r = reading(L)->r;
    need_whole(L, r, "take");
    tv_hmove_parts p = {.shape = TV_HMOVE_TAKE, .kind = -1};
    p.from = cell_arg(L, r, 2);
    p.to = cell_arg(L, r, 3);
    p.removed = cell_arg(L, r, 4);
    return push_built(L, r, &p, "take");
}

/* A move given back by a hook: a 1-based cell, a whole move (the number or
 * the table a play hook got), or text. */
static tv_move move_arg(lua_State *L, const tv_rules *r, int idx)
{
    tv_move m = TV_MOVE_NONE;
    tv_error err;
    int isint;
    if (lua_type(L, idx) == LUA_TTABLE) { /* the table a play hook got: its move as the engine numbers it */
        raw_field(L, idx, "move");
        lua_Integer i = lua_tointegerx(L, -1, &isint);
        lua_pop(L, 1);
        if (isint && i >= 0 && i <= INT32_MAX)
            return (tv_move)i;
        if ((m = tv_view_table_move(L, r, idx)) != TV_MOVE_NONE) /* { from = a, to = b }, { parts = ... } */
            return m;
        return luaL_error(L, "bad move: a table that names no move of this board"), TV_MOVE_NONE;
    }
    lua_Integer i = lua_tointegerx(L, idx, &isint);
    if (isint && i >= 1 && i <= r->ncells)
        m = (tv_move)i - 1;
    else if (isint && i >= 1024 && i <= INT32_MAX)
        m = (tv_move)i;
    else if (lua_type(L, idx) == LUA_TSTRING && tv_move_parse(r, lua_tostring(L, idx), &m, &err))
        luaL_error(L, "%s", err.msg);
    if (m == TV_MOVE_NONE) {
        char got[64];
        luaL_error(L, "bad move %s", tv_describe(L, idx, got, sizeof got));
    }
    return m;
}

/* s:turn(part, part, ...): a turn of 1..8 parts, each a cell, a whole move
 * (s:move, s:drop...), a table move or text; one part is that part. */
static int v_turn(lua_State *L)
{
    const tv_rules *r = reading(L)->r;
    need_whole(L, r, "turn");
    int n = lua_gettop(L) - 1;
    if (n < 1 || n > TV_HTURN_PARTS)
        return luaL_error(L, "turn: expected 1..%d parts, got %d", TV_HTURN_PARTS, n < 0 ? 0 : n);
    tv_move parts[TV_HTURN_PARTS], m;
    for (int i = 0; i < n; i++)
        parts[i] = move_arg(L, r, i + 2);
    tv_error err;
    if (tv_hmove_turn_of(r, parts, n, 1, &m, &err))
        return luaL_error(L, "turn: %s", err.msg);
    lua_pushinteger(L, m);
    return 1;
}

/* s:apply(m): the default effect of m (tv_hmove_apply: a placement, a
 * piece's move with what it takes); true when the mover moves again. */
static int v_apply(lua_State *L)
{
    tv_view *v = writing(L);
    const tv_rules *r = v->r;
    tv_move m = move_arg(L, r, 2);
    tv_effect e = {-1, 0};
    tv_error err;
    /* Whole moves are checked as they are applied; a data family's apply
     * takes a legal move only: the one being played. */
    int rc = tv_hmove_rules(r) ? tv_hmove_apply(r, v->mut, m, v->u, &e, &err)
             : m != v->playing ? tv_error_set(&err, TV_EINVAL, "only the move being played has its effect applied here")
             : m >= 0          ? tv_family_data(r)->apply(r, v->mut, m, v->u, &e, &err)
                               : tv_error_set(&err, TV_EINVAL, "a special move has no effect to apply");
    if (rc < 0)
        return luaL_error(L, "apply: %s", err.msg);
    v->made |= e.line_winner >= 0;
    lua_pushboolean(L, e.again);
    return 1;
}

/* s:text(m): a move as text ("a1-a3", "d4", "pass"). */
static int v_text(lua_State *L)
{
    const tv_view *v = reading(L);
    tv_move m = move_arg(L, v->r, 2);
    char text[TV_TEXT_MAX];
    tv_move_text(v->r, m, text, sizeof text);
    lua_pushstring(L, text);
    return 1;
}

/* s:put(cell, player, kind): a piece of that player (1, 2) and kind. */
static int v_put(lua_State *L)
{
    tv_view *v = writing(L);
    const tv_rules *r = v->r;
    if (r->board != TV_BOARD_GRID)
        luaL_error(L, "put: a mancala board holds seeds (s:set)");
    int cell = cell_arg(L, r, 2);
    lua_Integer p = luaL_checkinteger(L, 3);
    luaL_argcheck(L, p == 1 || p == 2, 3, "expected player 1 or 2");
    int kind = kind_arg(L, r, 4);
    tv_error err;
    if (tv_state_set(r, v->mut, v->u, cell, tv_piece(tv_colour_of(v->mut, (int)p - 1), kind), &err) < 0)
        luaL_error(L, "put: %s", err.msg);
    return 0;
}

/* s:remove(cell): the cell emptied. */
static int v_remove(lua_State *L)
{
    tv_view *v = writing(L);
    tv_error err;
    if (v->r->board != TV_BOARD_GRID)
        luaL_error(L, "remove: a mancala board holds seeds (s:set)");
    if (tv_state_set(v->r, v->mut, v->u, cell_arg(L, v->r, 2), TV_EMPTY, &err) < 0)
        luaL_error(L, "remove: %s", err.msg);
    return 0;
}

/* s:kind(cell): the kind of the piece there by name, or nil. */
static int v_kind(lua_State *L)
{
    const tv_view *v = reading(L);
    int c = v->s->cells[cell_arg(L, v->r, 2)];
    if (v->r->board == TV_BOARD_GRID && tv_cell_is_piece(c))
        lua_pushstring(L, kind_name(v->r, tv_cell_kind(c)));
    else
        lua_pushnil(L);
    return 1;
}

/* s:pieces(player): the cells of that player's pieces (1-based), as values
 * (a moves hook walks its own pieces, not the board). */
static int v_pieces(lua_State *L)
{
    const tv_view *v = reading(L);
    lua_Integer p = luaL_checkinteger(L, 2);
    luaL_argcheck(L, p == 1 || p == 2, 2, "expected player 1 or 2");
    if (v->r->board != TV_BOARD_GRID)
        return 0;
    int colour = tv_colour_of(v->s, (int)p - 1), n = 0, left = v->s->owned[colour - 1];
    luaL_checkstack(L, left, "pieces");
    for (int c = 0; c < v->r->ncells && n < left; c++) {
        int x = v->s->cells[c];
        if (tv_cell_is_piece(x) && tv_cell_colour(x) == colour)
            lua_pushinteger(L, c + 1), n++;
    }
    return n;
}

/* s:owners(): every cell's owner as values, cells in order: 0 empty, 1 or 2
 * the player whose piece stands there, 3 a block. One call instead of one a
 * cell: a moves hook reads the board into a table ({ s:owners() }) once. */
static int v_owners(lua_State *L)
{
    const tv_view *v = reading(L);
    const tv_rules *r = v->r;
    if (r->board != TV_BOARD_GRID)
        return 0;
    int mine = tv_colour_of(v->s, 0);
    luaL_checkstack(L, r->ncells, "owners");
    for (int c = 0; c < r->ncells; c++) {
        int x = v->s->cells[c];
        lua_pushinteger(L, tv_cell_is_piece(x) ? (tv_cell_colour(x) == mine ? 1 : 2) : x == TV_BLOCK ? 3 : 0);
    }
    return r->ncells;
}

void tv_view_moves_open(lua_State *L)
{
    static const luaL_Reg methods[] = {
        {"move", v_move}, {"chain", v_chain}, {"drop", v_drop}, {"take", v_take}, {"turn", v_turn}, {"apply", v_apply},
        {"put", v_put},   {"remove", v_remove}, {"kind", v_kind}, {"pieces", v_pieces}, {"owners", v_owners}, {"text", v_text}, {NULL, NULL}};
    luaL_setfuncs(L, methods, 0);
}
