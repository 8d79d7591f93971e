/* The ruleset API: the functions a ruleset script calls. Each checks its table
 * as soon as it is called, so a wrong field or type is reported with the
 * file:line of the call and the field's name. game{} compiles everything into
 * the C rule description. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_custodial.h"
#include "tv_api_groups.h"
#include "tv_api_mills.h"
#include "tv_api_eval.h"
#include "tv_api_hex.h"
#include "tv_api_pieces.h"
#include "tv_api_pieces_line.h"
#include "tv_api_sow.h"
#include "tv_api_vars.h"
#include "tv_directions.h"
#include "tv_fields.h"
#include "tv_ruleset_impl.h"

/* ---- the readers -------------------------------------------------------
 * One reader per constructor type checks a table completely (types, ranges,
 * list lengths, unknown fields; raw reads only) and fills the C struct. The
 * constructor runs it on a scratch struct, so that a mistake is reported at
 * its own file:line, and tags the table; game{} runs it again on the real
 * description, whatever the table's tag says and whatever was done to the
 * table in between. Nothing else reads a constructor's table. `pre` starts
 * each message ("" in a constructor, "game.board: " in game{}). */


static void read_grid(lua_State *L, int idx, const char *pre, tv_grid *g)
{
    static const char *const known[] = {"width", "height", NULL};
    char what[64];
    snprintf(what, sizeof what, "%sgrid", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    g->width = (int)tv_int_field(L, idx, what, "width", 1, TV_MAX_SIDE, 0);
    g->height = (int)tv_int_field(L, idx, what, "height", 1, TV_MAX_SIDE, 0);
}

/* What place{} or drop{} compiles to: five fields of tv_rules, gathered. */
typedef struct place_rules {
    int swap_after;
    int flips; /* tv_rules.flip.dirs: a TV_N.. mask, 0 without flips */
    tv_turns turns;
    tv_rotate rotate;
    tv_custodial custodial;
} place_rules;

static const char *const openings[] = {"none", "pro", "swap", NULL}; /* TV_OPENING_* */

/* stones = N (every turn) or {first turn, every later turn}. */
static void read_stones(lua_State *L, int idx, const char *what, tv_turns *turns)
{
    char list[80];
    snprintf(list, sizeof list, "%s.stones", what);
    int t = tv_rawfield(L, idx, "stones");
    if (t == LUA_TNUMBER) { /* every turn the same */
        lua_pop(L, 1);
        turns->first = turns->later = (int)tv_int_field(L, idx, what, "stones", 1, TV_TURN_STONES_MAX, 1);
        return;
    }
    if (t != LUA_TNIL) {
        if (t != LUA_TTABLE)
            luaL_error(L, "%s: expected stones a turn, as 2, or {first turn, every later turn}, as {1, 2}", list);
        tv_list_len(L, -1, list, 2, 2);
        for (int i = 1; i <= 2; i++) {
            lua_rawgeti(L, -1, i);
            lua_Integer n = lua_tointeger(L, -1);
            if (!lua_isinteger(L, -1) || n < 1 || n > TV_TURN_STONES_MAX) {
                char got[64];
                luaL_error(L, "%s[%d]: expected an integer 1..%d, got %s", list, i, TV_TURN_STONES_MAX,
                           tv_describe(L, -1, got, sizeof got));
            }
            *(i == 1 ? &turns->first : &turns->later) = (int)n;
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* Several stones a turn, an opening rule and swap_after exclude each other. */
static void check_turns(lua_State *L, const char *what, const place_rules *pr)
{
    if ((pr->turns.first > 1 || pr->turns.later > 1) && (pr->turns.opening || pr->swap_after))
        luaL_error(L, "%s: several stones a turn take no opening rule or swap_after", what);
    if (pr->turns.opening && pr->swap_after)
        luaL_error(L, "%s: the %s opening takes no swap_after%s", what, openings[pr->turns.opening],
                   pr->turns.opening == TV_OPENING_SWAP ? " (its choice of colour comes after the third stone)" : "");
}

/* place{}: swap_after, several stones a turn, an opening rule, the blocks a
 * move turns, flips and custodial capture. */
static void read_place(lua_State *L, int idx, const char *pre, place_rules *pr)
{
    static const char *const known[] = {"swap_after", "flips", "stones", "opening", "rotate", "custodial", NULL};
    char what[64];
    snprintf(what, sizeof what, "%splace", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(pr, 0, sizeof *pr);
    pr->flips = tv_directions_field(L, idx, what, "flips", TV_DIRS_BOARD, 0);
    tv_read_custodial_field(L, idx, what, &pr->custodial);
    pr->swap_after = (int)tv_int_field(L, idx, what, "swap_after", 0, TV_MAX_CELLS, 0);
    if (tv_rawfield(L, idx, "rotate") != LUA_TNIL) /* the side of the blocks a move turns */
        pr->rotate.side = (int)tv_int_field(L, idx, what, "rotate", 2, TV_ROTATE_SIDE_MAX, 2);
    lua_pop(L, 1);
    read_stones(L, idx, what, &pr->turns);
    pr->turns.opening = tv_field_word(L, idx, what, "opening", openings, NULL, TV_OPENING_NONE);
    check_turns(L, what, pr);
}

/* drop{}: swap_after and several stones a turn. */
static void read_drop(lua_State *L, int idx, const char *pre, place_rules *pr)
{
    static const char *const known[] = {"swap_after", "stones", NULL};
    char what[64];
    snprintf(what, sizeof what, "%sdrop", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(pr, 0, sizeof *pr);
    pr->swap_after = (int)tv_int_field(L, idx, what, "swap_after", 0, TV_MAX_CELLS, 0);
    read_stones(L, idx, what, &pr->turns);
    check_turns(L, what, pr);
}

static void read_line(lua_State *L, int idx, const char *pre, tv_goal *goal)
{
    static const char *const known[] = {"length", "directions", "exact", "loses", "colours", NULL};
    static const char *const colours[] = {"own", "any", NULL}, *const glosses[] = {"the mover's stones",
                                                                                    "stones of either colour", NULL};
    char what[64];
    snprintf(what, sizeof what, "%sline", pre);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    goal->length = (int)tv_int_field(L, idx, what, "length", 2, TV_MAX_SIDE, 0);
    goal->dirs = tv_directions_field(L, idx, what, "directions", TV_DIRS_LINES, TV_DIR_ALL);
    goal->exact = tv_bool_field(L, idx, what, "exact", 0);
    goal->loses = tv_bool_field(L, idx, what, "loses", 0);
    goal->any = tv_field_word(L, idx, what, "colours", colours, glosses, 0);
}

static int read_runs(lua_State *L, int idx, const char *pre, tv_lines *lines)
{
    static const char *const known[] = {"directions", "points", NULL};
    char what[64], list[80];
    snprintf(what, sizeof what, "%sruns", pre);
    snprintf(list, sizeof list, "%s.points", what);
    tv_check_table(L, idx, what);
    tv_check_known(L, idx, what, known);
    memset(lines, 0, sizeof *lines);
    lines->dirs = tv_directions_field(L, idx, what, "directions", TV_DIRS_LINES, TV_DIR_H | TV_DIR_V);
    if (tv_rawfield(L, idx, "points") != LUA_TTABLE)
        luaL_error(L, "%s: expected a table of points by run length, as {0, 0, 3, 10}", list);
    int n = tv_list_len(L, -1, list, 1, TV_MAX_SIDE);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < -TV_RUN_POINTS_MAX || lua_tointeger(L, -1) > TV_RUN_POINTS_MAX) {
            char got[64];
            luaL_error(L, "%s[%d]: expected an integer %d..%d, got %s", list, i, -TV_RUN_POINTS_MAX, TV_RUN_POINTS_MAX,
                       tv_describe(L, -1, got, sizeof got));
        }
        lines->points[i] = (int32_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

/* ---- constructors ------------------------------------------------------ */

static int api_grid(lua_State *L)
{
    tv_grid g;
    read_grid(L, 1, "", &g);
    return tv_tagged(L, "grid");
}

static int api_place(lua_State *L)
{
    place_rules scratch;
    if (lua_isnone(L, 1))
        lua_newtable(L);
    read_place(L, 1, "", &scratch);
    return tv_tagged(L, "place");
}

static int api_drop(lua_State *L)
{
    place_rules scratch;
    if (lua_isnone(L, 1))
        lua_newtable(L);
    read_drop(L, 1, "", &scratch);
    return tv_tagged(L, "drop");
}

static int api_line(lua_State *L)
{
    tv_goal goal;
    read_line(L, 1, "", &goal);
    return tv_tagged(L, "line");
}

static int api_runs(lua_State *L)
{
    tv_lines lines;
    read_runs(L, 1, "", &lines);
    return tv_tagged(L, "runs");
}

/* ---- options{} --------------------------------------------------------- */

static int cmp_info(const void *a, const void *b)
{
    return strcmp(((const tv_option_info *)a)->name, ((const tv_option_info *)b)->name);
}

/* The type of an option as messages name it (its default's type). */
static const char *type_name(const tv_option_info *o)
{
    static const char *const names[] = {"", "boolean", "integer", "number", "string"};
    return names[o->type];
}

/* A bound as the ruleset wrote it: an int option's without a fraction. */
static void bound_text(const tv_option_info *o, double v, char *buf, size_t size)
{
    snprintf(buf, size, o->type == TV_OPTION_INT ? "%.0f" : "%.14g", v);
}

/* What a value of o must be, for a message: "an integer 5..26", "a
 * number >= 0.5", "none, pro or swap". */
static const char *expected_text(const tv_option_info *o, char *buf, size_t size)
{
    if (o->type == TV_OPTION_BOOL)
        return "true or false";
    if (o->type == TV_OPTION_STRING) { /* the choices: "a, b or c" */
        size_t used = 0;
        const char *p = o->choices;
        for (int i = 0; i < o->nchoices; i++) {
            size_t len = strcspn(p, "\n");
            const char *sep = i == 0 ? "" : i + 1 < o->nchoices ? ", " : " or ";
            used += (size_t)snprintf(buf + used, size - used, "%s%.*s", sep, (int)len, p);
            if (used >= size)
                break;
            p += len + 1;
        }
        return buf;
    }
    const char *kind = o->type == TV_OPTION_INT ? "an integer" : "a number";
    char lo[32], hi[32];
    bound_text(o, o->min, lo, sizeof lo);
    bound_text(o, o->max, hi, sizeof hi);
    if (o->min > -HUGE_VAL && o->max < HUGE_VAL)
        snprintf(buf, size, "%s %s..%s", kind, lo, hi);
    else if (o->min > -HUGE_VAL)
        snprintf(buf, size, "%s >= %s", kind, lo);
    else if (o->max < HUGE_VAL)
        snprintf(buf, size, "%s <= %s", kind, hi);
    else
        snprintf(buf, size, "%s", kind);
    return buf;
}

/* Whether the value at idx (of o's type) is within o's min..max or among
 * its choices. */
static int option_value_fits(lua_State *L, const tv_option_info *o, int idx)
{
    if (o->type == TV_OPTION_INT) { /* the bounds are integers within 2^53: exact either way */
        lua_Integer v = lua_tointeger(L, idx);
        return !(o->min > -HUGE_VAL && v < (lua_Integer)o->min) && !(o->max < HUGE_VAL && v > (lua_Integer)o->max);
    }
    if (o->type == TV_OPTION_NUMBER) {
        double v = (double)lua_tonumber(L, idx);
        return v >= o->min && v <= o->max; /* NaN fits no range */
    }
    if (o->type == TV_OPTION_STRING && o->nchoices > 0) {
        size_t len;
        const char *v = lua_tolstring(L, idx, &len);
        const char *p = o->choices;
        for (int i = 0; i < o->nchoices; i++) {
            size_t n = strcspn(p, "\n");
            if (n == len && memcmp(p, v, len) == 0)
                return 1;
            p += n + 1;
        }
        return 0;
    }
    return 1;
}

/* Converts the host's text for an option to the type of its default and
 * refuses a value outside the declared range or choices, so that every
 * ruleset's message for it is the same and comes before its own checks. */
/* Whether text is word (lower case) in any case: "True" as Python and
 * OpenSpiel's game strings write it. */
static int is_word(const char *text, const char *word)
{
    for (; *word; text++, word++)
        if (*text != *word && !(*text >= 'A' && *text <= 'Z' && *text - 'A' + 'a' == *word))
            return 0;
    return *text == '\0';
}

static void push_option_value(lua_State *L, const tv_option_info *o, const char *text)
{
    char want[TV_OPTION_VALUE_MAX + 64];
    if (o->type == TV_OPTION_BOOL) {
        static const char *const yes[] = {"true", "yes", "on", "1"}, *const no[] = {"false", "no", "off", "0"};
        for (int i = 0; i < 4; i++) {
            if (is_word(text, yes[i]) || is_word(text, no[i])) {
                lua_pushboolean(L, is_word(text, yes[i]));
                return;
            }
        }
        luaL_error(L, "option %s: expected true or false, got '%s'", o->name, text);
    } else if (o->type == TV_OPTION_INT || o->type == TV_OPTION_NUMBER) {
        if (!lua_stringtonumber(L, text) || (o->type == TV_OPTION_INT && !lua_isinteger(L, -1)))
            luaL_error(L, "option %s: expected %s, got '%s'", o->name, expected_text(o, want, sizeof want), text);
    } else {
        lua_pushstring(L, text);
    }
    if (!option_value_fits(L, o, -1))
        luaL_error(L, "option %s: expected %s, got '%s'", o->name, expected_text(o, want, sizeof want), text);
}

/* A bound of an int or number option, min or max, into *out. */
static void read_bound(lua_State *L, int idx, const char *what, const char *key, const tv_option_info *o,
                       double *out)
{
    int t = tv_rawfield(L, idx, key);
    if (t != LUA_TNIL) {
        char got[64];
        tv_describe(L, -1, got, sizeof got);
        if (o->type != TV_OPTION_INT && o->type != TV_OPTION_NUMBER)
            luaL_error(L, "%s.%s: only an integer or number option has a range, not a %s option", what, key,
                       type_name(o));
        if (t != LUA_TNUMBER)
            luaL_error(L, "%s.%s: expected a number, got %s", what, key, got);
        double v = (double)lua_tonumber(L, -1);
        if (o->type == TV_OPTION_INT && !lua_isinteger(L, -1))
            luaL_error(L, "%s.%s: expected an integer (the default is one), got %s", what, key, got);
        double reach = o->type == TV_OPTION_INT ? 9007199254740992.0 : HUGE_VAL; /* ints: exact as doubles */
        if (!(v >= -reach && v <= reach) || isinf(v))
            luaL_error(L, "%s.%s: expected a finite number%s, got %s", what, key,
                       o->type == TV_OPTION_INT ? " within 2^53 of 0" : "", got);
        *out = v;
    }
    lua_pop(L, 1);
}

/* The choices of a string option: a list of distinct, non-empty strings
 * without control characters ('\n' joins them for hosts). */
static void read_choices(lua_State *L, int idx, const char *what, tv_option_info *o)
{
    if (tv_rawfield(L, idx, "choices") == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    if (o->type != TV_OPTION_STRING)
        luaL_error(L, "%s.choices: only a string option has choices, not %s %s option", what,
                   o->type == TV_OPTION_INT ? "an" : "a", type_name(o));
    if (!lua_istable(L, -1))
        luaL_error(L, "%s.choices: expected a list of strings, got %s", what, luaL_typename(L, -1));
    int list = lua_gettop(L);
    lua_Integer n = (lua_Integer)lua_rawlen(L, list), keys = 0;
    lua_pushnil(L);
    while (lua_next(L, list)) {
        lua_pop(L, 1);
        keys++;
    }
    if (n == 0 || keys != n)
        luaL_error(L, "%s.choices: expected a list of strings (1, 2, ... without holes), at least one", what);
    size_t used = 0;
    for (lua_Integer i = 1; i <= n; i++) {
        char got[64];
        if (lua_rawgeti(L, list, i) != LUA_TSTRING)
            luaL_error(L, "%s.choices[%d]: expected a string, got %s", what, (int)i,
                       tv_describe(L, -1, got, sizeof got));
        size_t len;
        const char *c = lua_tolstring(L, -1, &len);
        for (size_t k = 0; k < len; k++)
            if ((unsigned char)c[k] < 32 || c[k] == 127)
                luaL_error(L, "%s.choices[%d]: a control character in %s", what, (int)i,
                           tv_describe(L, -1, got, sizeof got));
        if (len == 0)
            luaL_error(L, "%s.choices[%d]: an empty string", what, (int)i);
        if (used + len + 1 > sizeof o->choices)
            luaL_error(L, "%s.choices: longer than %d characters in all", what, (int)sizeof o->choices - 1);
        if (o->nchoices > 0 && option_value_fits(L, o, -1))
            luaL_error(L, "%s.choices[%d]: %s is listed twice", what, (int)i, tv_describe(L, -1, got, sizeof got));
        used += (size_t)snprintf(o->choices + used, sizeof o->choices - used, "%s%s", used ? "\n" : "", c);
        o->nchoices++;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The type, range and choices of the option whose table is at idx and
 * whose default is at def, which must fit them. */
static void read_option_kind(lua_State *L, int idx, int def, const char *what, tv_option_info *o)
{
    int t = lua_type(L, def);
    o->type = t == LUA_TBOOLEAN ? TV_OPTION_BOOL
            : t == LUA_TSTRING  ? TV_OPTION_STRING
            : lua_isinteger(L, def) ? TV_OPTION_INT : TV_OPTION_NUMBER;
    o->min = -HUGE_VAL;
    o->max = HUGE_VAL;
    read_bound(L, idx, what, "min", o, &o->min);
    read_bound(L, idx, what, "max", o, &o->max);
    if (o->min > o->max) {
        char lo[32], hi[32];
        bound_text(o, o->min, lo, sizeof lo);
        bound_text(o, o->max, hi, sizeof hi);
        luaL_error(L, "%s: min %s is greater than max %s", what, lo, hi);
    }
    read_choices(L, idx, what, o);
    if (!option_value_fits(L, o, def)) {
        char want[TV_OPTION_VALUE_MAX + 64], got[64];
        luaL_error(L, "%s.default: expected %s, got %s", what, expected_text(o, want, sizeof want),
                   tv_describe(L, def, got, sizeof got));
    }
}

/* An option's value (boolean, number or string) as text, pushed, like
 * luaL_tolstring but without metamethods: the strings' metatable is shared
 * and the ruleset's to change, and a __tostring there must not decide what
 * the host writes (list, --json, a record's options). */
static const char *push_plain_text(lua_State *L, int idx)
{
    if (lua_type(L, idx) == LUA_TBOOLEAN) {
        lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false");
    } else {
        lua_pushvalue(L, idx);
        lua_tolstring(L, -1, NULL); /* a number's copy becomes its text */
    }
    return lua_tostring(L, -1);
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
        static const char *const known[] = {"default", "doc", "min", "max", "choices", NULL};
        char what[TV_OPTION_KEY_MAX + 16];
        snprintf(what, sizeof what, "options.%s", name);
        tv_check_known(L, lua_gettop(L), what, known);
        tv_option_info *o = &rs->api.opt[rs->api.nopt++];
        memset(o, 0, sizeof *o);
        snprintf(o->name, sizeof o->name, "%s", name);
        tv_str_field(L, lua_gettop(L), what, "doc", o->doc, sizeof o->doc, 0);
        int t = tv_rawfield(L, -1, "default");
        if (t != LUA_TBOOLEAN && t != LUA_TNUMBER && t != LUA_TSTRING)
            luaL_error(L, "%s.default: expected a boolean, number or string, got %s", what, luaL_typename(L, -1));
        snprintf(o->def, sizeof o->def, "%s", push_plain_text(L, -1));
        read_option_kind(L, lua_gettop(L) - 2, lua_gettop(L) - 1, what, o);
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
        tv_rawfield(L, 1, o->name);
        tv_rawfield(L, -1, "default");
        const char *text = rs->api.given ? tv_options_get(rs->api.given, o->name) : NULL;
        if (text)
            push_option_value(L, o, text);
        else
            lua_pushvalue(L, -1);
        const char *shown = push_plain_text(L, -1);
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
    int cell = lua_type(L, idx) == LUA_TSTRING ? tv_grid_parse_cell(&r->grid, lua_tostring(L, idx)) : -1;
    if (cell < 0) {
        char got[64];
        luaL_error(L, "%s: %s is not a cell of this %dx%d board", what, tv_describe(L, idx, got, sizeof got),
                   r->grid.width, r->grid.height);
    }
    return cell;
}

static void read_blocks(lua_State *L, tv_rules *r, int idx)
{
    static const char *const known[] = {"cells", "random", "odd", "placed", NULL};
    tv_check_known(L, idx, "game.blocks", known);
    tv_blocks *b = &r->blocks;
    int modes = 0;
    if (tv_rawfield(L, idx, "cells") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            luaL_error(L, "game.blocks.cells: expected a list of cells, as {\"c3\", \"e5\"}");
        b->mode = TV_BLOCKS_LIST;
        int n = tv_list_len(L, -1, "game.blocks.cells", 0, r->grid.width * r->grid.height);
        b->count = n;
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(L, -1, i);
            b->cells[i - 1] = (uint16_t)parse_cell(L, r, -1, "game.blocks.cells");
            lua_pop(L, 1);
        }
        modes++;
    }
    lua_pop(L, 1);
    if (tv_rawfield(L, idx, "random") != LUA_TNIL) {
        if (!lua_istable(L, -1))
            luaL_error(L, "game.blocks.random: expected {min, max}");
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        if (!lua_isinteger(L, -2) || !lua_isinteger(L, -1) || lua_tointeger(L, -2) < 0 ||
            lua_tointeger(L, -2) > lua_tointeger(L, -1) || lua_tointeger(L, -1) > TV_MAX_CELLS)
            luaL_error(L, "game.blocks.random: expected two integers {min, max}, 0 <= min <= max <= %d",
                       TV_MAX_CELLS);
        b->mode = TV_BLOCKS_RANDOM;
        b->min = (int)lua_tointeger(L, -2);
        b->max = (int)lua_tointeger(L, -1);
        lua_pop(L, 2);
        modes++;
    }
    lua_pop(L, 1);
    b->odd = tv_bool_field(L, idx, "game.blocks", "odd", 0);
    long placed = tv_int_field(L, idx, "game.blocks", "placed", 0, 255, 0);
    if (placed) {
        b->mode = TV_BLOCKS_PLACED;
        b->count = (int)placed;
        modes++;
    }
    if (modes != 1)
        luaL_error(L, "game.blocks: give exactly one of cells, random or placed");
}

static void set_hook(lua_State *L, tv_ruleset *rs, int which, int idx)
{
    lua_pushvalue(L, idx);
    tv_hooks_keep(L, &rs->hooks, which);
}

#define ENDS_MAX 8

/* The chess family's ends: progress = "pawn" (the kinds whose moves, like
 * captures, restart the no-progress count) and insufficient = { alone =
 * { "knight", "bishop" }, same_colour = "bishop" } (a draw when no piece
 * could attack a royal one: tv_royal.h). */
static void read_chess_ends(lua_State *L, tv_ruleset *rs, int idx)
{
    tv_pieces *p = &rs->rules.pieces;
    if (tv_rawfield(L, idx, "progress") != LUA_TNIL)
        p->progress_kinds = tv_read_kinds(L, lua_gettop(L), "game.ends.progress", p, 1);
    lua_pop(L, 1);
    if (tv_rawfield(L, idx, "insufficient") != LUA_TNIL) {
        static const char *const known[] = {"alone", "same_colour", NULL};
        int t = lua_gettop(L);
        tv_check_table(L, t, "game.ends.insufficient");
        tv_check_known(L, t, "game.ends.insufficient", known);
        p->insufficient.on = 1;
        if (tv_rawfield(L, t, "alone") != LUA_TNIL)
            p->insufficient.alone = tv_read_kinds(L, lua_gettop(L), "game.ends.insufficient.alone", p, 1);
        lua_pop(L, 1);
        if (tv_rawfield(L, t, "same_colour") != LUA_TNIL)
            p->insufficient.same_colour = tv_read_kinds(L, lua_gettop(L), "game.ends.insufficient.same_colour", p, 1);
        lua_pop(L, 1);
        if (!p->royal)
            luaL_error(L, "game.ends.insufficient: insufficient material needs royal pieces (move { royal = \"king\" })");
    }
    lua_pop(L, 1);
}

static void read_ends(lua_State *L, tv_ruleset *rs, int idx, int nested)
{
    int t = lua_type(L, idx);
    if (t == LUA_TFUNCTION) {
        set_hook(L, rs, TV_HOOK_ENDS, idx);
        return;
    }
    if (t == LUA_TSTRING) {
        static const char *const names[] = {"board_full", "board_empty", "side_empty", "no_move", "reach_far_row",
                                            "connected", "two_passes", NULL};
        static const int bits[] = {TV_END_BOARD_FULL, TV_END_BOARD_EMPTY, TV_END_SIDE_EMPTY, TV_END_NO_MOVE,
                                   TV_END_REACH, TV_END_CONNECTED, TV_END_TWO_PASSES};
        rs->rules.ends |= bits[tv_word_at(L, idx, "game.ends", names, NULL)];
        return;
    }
    if (t != LUA_TTABLE)
        luaL_error(L, "game.ends: expected board_full, board_empty, side_empty, no_move, a function, "
                      "or a list of them (with captured = N)");
    if (nested)
        luaL_error(L, "game.ends[%d]: lists do not nest", nested);
    rs->rules.target = (int)tv_int_field(L, idx, "game.ends", "captured", 0, 100000, 0);
    if (tv_rawfield(L, idx, "pieces_left") != LUA_TNIL) /* absent: no such rule */
        rs->rules.pieces_left = (int)tv_int_field(L, idx, "game.ends", "pieces_left", 0, TV_MAX_CELLS, 0);
    if (tv_rawfield(L, idx, "no_progress") != LUA_TNIL)
        rs->rules.no_progress = (int)tv_int_field(L, idx, "game.ends", "no_progress", 1, TV_MAX_MAX_PLIES, 0);
    rs->rules.margin = (int)tv_int_field(L, idx, "game.ends", "margin", 0, 100000, 0);
    lua_pop(L, 2);
    read_chess_ends(L, rs, idx);
    int n = tv_list_len(L, idx, "game.ends", 0, ENDS_MAX);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, idx, i);
        read_ends(L, rs, lua_gettop(L), i);
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

/* ---- game{}, field by field ---------------------------------------------
 * Each field of game{} has its own reader, listed in game_fields[] below, the
 * one place that says in what order they run. A reader gets the field's
 * value at v (nil when absent: some fields have a default or are required)
 * and may read what the readers above it wrote, as its row's `after` says. */

typedef struct game_ctx {
    tv_ruleset *rs;
    tv_rules *r;
    int moves_hook; /* moves is a function: refuse may be given */
    int sow_given;  /* moves = sow { ... }: game.sow may not give it again */
} game_ctx;

static int is_kind(lua_State *L, int idx, const char *kind)
{
    return strcmp(tv_kind_of(L, idx), kind) == 0;
}

static void read_name(lua_State *L, int v, game_ctx *g)
{
    (void)v;
    tv_str_field(L, 1, "game", "name", g->r->title, sizeof g->r->title, 1);
}

static void read_description(lua_State *L, int v, game_ctx *g)
{
    (void)v;
    tv_str_field(L, 1, "game", "description", g->r->description, sizeof g->r->description, 0);
}

static void read_players(lua_State *L, int v, game_ctx *g)
{
    tv_rules *r = g->r;
    if (lua_isnil(L, v))
        return;
    if (!lua_istable(L, v) || lua_rawlen(L, v) != 2)
        luaL_error(L, "game.players: expected two names, as {\"White\", \"Black\"}");
    for (int p = 0; p < 2; p++) {
        size_t len;
        if (lua_rawgeti(L, v, p + 1) != LUA_TSTRING)
            luaL_error(L, "game.players: expected two names, as {\"White\", \"Black\"}");
        const char *name = lua_tolstring(L, -1, &len);
        if (len == 0 || len >= sizeof r->players[p] || strlen(name) != len)
            luaL_error(L, "game.players[%d]: expected a name of 1..%d characters", p + 1,
                       (int)sizeof r->players[p] - 1);
        memcpy(r->players[p], name, len + 1);
        lua_pop(L, 1);
    }
}

static void read_board(lua_State *L, int v, game_ctx *g)
{
    tv_rules *r = g->r;
    if (is_kind(L, v, "mancala")) {
        tv_read_mancala(L, v, "game.board: ", &r->sow);
        r->board = TV_BOARD_MANCALA;
    } else if (is_kind(L, v, "grid")) {
        read_grid(L, v, "game.board: ", &r->grid);
    } else if (is_kind(L, v, "hex")) {
        tv_read_hex(L, v, "game.board: ", &r->grid);
    } else if (is_kind(L, v, "graph")) {
        tv_read_graph(L, v, "game.board: ", &r->grid, &r->graph);
    } else {
        luaL_error(L, "game.board: expected grid { ... }, hex { ... }, graph { ... } or mancala { ... }, got %s",
                   tv_kind_of(L, v));
    }
}

/* The colours of player 1's and player 2's stones on a grid board, two
 * different names of the vocabulary in tv_rules.h (default white, black). */
static void read_colours(lua_State *L, int v, game_ctx *g)
{
    tv_rules *r = g->r;
    int t = lua_type(L, v);
    if (t == LUA_TNIL)
        return;
    char list[128] = "", got[64];
    for (int c = TV_COLOUR_DEFAULT + 1; c < TV_COLOURS; c++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", c > 1 ? ", " : "", tv_colour_name(c));
    if (t != LUA_TTABLE)
        luaL_error(L, "game.colours: expected two colours, as {\"white\", \"black\"}, got %s",
                   tv_describe(L, v, got, sizeof got));
    if (r->board == TV_BOARD_MANCALA)
        luaL_error(L, "game.colours: a mancala board has seeds, not stones to colour");
    tv_list_len(L, v, "game.colours", 2, 2);
    for (int p = 0; p < 2; p++) {
        lua_rawgeti(L, v, p + 1);
        int c = TV_COLOURS;
        size_t len;
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
        if (name && strlen(name) == len)
            for (c = TV_COLOUR_DEFAULT + 1; c < TV_COLOURS && strcmp(name, tv_colour_name(c)); c++)
                ;
        if (c == TV_COLOURS) /* not tv_word_at: tests/cli/svg_test.sh checks this message */
            luaL_error(L, "game.colours[%d]: %s is not a colour (colours: %s)", p + 1,
                       tv_describe(L, -1, got, sizeof got), list);
        r->colours[p] = c;
        lua_pop(L, 1);
    }
    if (r->colours[0] == r->colours[1])
        luaL_error(L, "game.colours: both players are %s; the stones could not be told apart",
                   tv_colour_name(r->colours[0]));
}

static void read_blocks_field(lua_State *L, int v, game_ctx *g)
{
    if (lua_isnil(L, v))
        return;
    if (!lua_istable(L, v))
        luaL_error(L, "game.blocks: expected a table, as { random = {3, 13}, odd = true }");
    read_blocks(L, g->r, v);
}

static void read_pieces_field(lua_State *L, int v, game_ctx *g)
{
    if (lua_isnil(L, v))
        return;
    if (g->r->board != TV_BOARD_GRID)
        luaL_error(L, "game.pieces: kinds of pieces need a grid { ... } board");
    tv_read_pieces(L, v, &g->r->pieces);
}

static void read_vars_field(lua_State *L, int v, game_ctx *g)
{
    if (!lua_isnil(L, v))
        tv_read_vars(L, v, g->r);
}

static void read_hands_field(lua_State *L, int v, game_ctx *g)
{
    if (!lua_isnil(L, v))
        tv_read_hands(L, v, g->r);
}

static void read_setup_field(lua_State *L, int v, game_ctx *g)
{
    if (lua_isnil(L, v))
        return;
    if (g->r->board != TV_BOARD_GRID)
        luaL_error(L, "game.setup: a start position needs a grid { ... } board");
    tv_read_setup(L, v, g->r);
}

/* ---- moves = : one reader per family's constructor ------------------------ */

/* place { } and drop { }: a stone a move, and what goes with placing it. */
static void read_placing(lua_State *L, int v, game_ctx *g, tv_move_kind kind)
{
    tv_rules *r = g->r;
    place_rules pr;
    r->moves = kind;
    (kind == TV_MOVES_DROP ? read_drop : read_place)(L, v, "game.moves: ", &pr);
    r->swap_after = pr.swap_after;
    r->flip.dirs = pr.flips;
    r->turns = pr.turns;
    r->rotate = pr.rotate;
    r->custodial = pr.custodial;
}

static void read_moves_place(lua_State *L, int v, game_ctx *g) { read_placing(L, v, g, TV_MOVES_PLACE); }
static void read_moves_drop(lua_State *L, int v, game_ctx *g) { read_placing(L, v, g, TV_MOVES_DROP); }

static void read_moves_piece(lua_State *L, int v, game_ctx *g)
{
    if (g->r->board != TV_BOARD_GRID || !g->r->setup.given)
        luaL_error(L, "game.moves: move { ... } needs a grid { ... } board and a setup");
    tv_read_moves_pieces(L, v, g->r);
}

static void read_moves_groups(lua_State *L, int v, game_ctx *g)
{
    if (g->r->board != TV_BOARD_GRID)
        luaL_error(L, "game.moves: groups { ... } needs a grid { ... } board");
    g->r->moves = TV_MOVES_PLACE;
    tv_read_groups(L, v, "game.moves", &g->r->groups);
}

static void read_moves_sow(lua_State *L, int v, game_ctx *g)
{
    if (g->r->board != TV_BOARD_MANCALA)
        luaL_error(L, "game.moves: sow { ... } needs a mancala { ... } board");
    tv_read_sow(L, v, "game.moves: ", &g->r->sow);
    g->sow_given = 1;
}

static void read_moves_mills(lua_State *L, int v, game_ctx *g)
{
    if (!g->r->graph.on)
        luaL_error(L, "game.moves: mills { ... } needs a graph { ... } board");
    tv_read_mills(L, v, "game.moves", &g->r->mills);
}

/* The constructors a moves field takes, each its family's reader: a new
 * family of moves is one row here. */
static const struct {
    const char *kind;
    void (*read)(lua_State *L, int v, game_ctx *g);
} move_readers[] = {
    {"place", read_moves_place},
    {"drop", read_moves_drop},
    {"move", read_moves_piece},
    {"sow", read_moves_sow},
    {"groups", read_moves_groups},
    {"mills", read_moves_mills},
};

static void read_moves(lua_State *L, int v, game_ctx *g)
{
    g->moves_hook = lua_isfunction(L, v);
    if (g->moves_hook) {
        set_hook(L, g->rs, TV_HOOK_MOVES, v);
    } else if (!lua_isnil(L, v)) {
        size_t i = 0, n = sizeof move_readers / sizeof *move_readers;
        while (i < n && !is_kind(L, v, move_readers[i].kind))
            i++;
        if (i == n)
            luaL_error(L, "game.moves: expected place { ... }, drop { ... }, sow { ... }, move { ... }, groups { ... }, mills { ... } or a "
                          "function, got %s",
                       tv_kind_of(L, v));
        move_readers[i].read(L, v, g);
    }
    if (g->r->board == TV_BOARD_MANCALA && !g->moves_hook && !g->sow_given)
        luaL_error(L, "game.moves: a mancala board is played with sow { ... } or a moves hook");
}

/* The sowing parameters apart from the moves, for rulesets whose moves or
 * effect are hooks that call s:sow. */
static void read_sow_field(lua_State *L, int v, game_ctx *g)
{
    if (lua_isnil(L, v))
        return;
    if (!is_kind(L, v, "sow") || g->r->board != TV_BOARD_MANCALA)
        luaL_error(L, "game.sow: expected sow { ... } with a mancala { ... } board");
    if (g->sow_given)
        luaL_error(L, "game.sow: the sowing is already given by moves = sow { ... }");
    tv_read_sow(L, v, "game.sow: ", &g->r->sow);
}

static void read_play(lua_State *L, int v, game_ctx *g)
{
    if (lua_isfunction(L, v))
        set_hook(L, g->rs, TV_HOOK_PLAY, v);
    else if (!lua_isnil(L, v))
        luaL_error(L, "game.play: expected a function (the effect of a move), got %s", tv_kind_of(L, v));
}

/* Why a move the moves hook did not list is refused: asked only then. */
static void read_refuse(lua_State *L, int v, game_ctx *g)
{
    if (lua_isfunction(L, v) && g->moves_hook)
        set_hook(L, g->rs, TV_HOOK_REFUSE, v);
    else if (lua_isfunction(L, v))
        luaL_error(L, "game.refuse: gives the reason a moves hook refused a move; there is no moves hook");
    else if (!lua_isnil(L, v))
        luaL_error(L, "game.refuse: expected a function (the reason a move is refused), got %s", tv_kind_of(L, v));
}

static void read_goal(lua_State *L, int v, game_ctx *g)
{
    if (is_kind(L, v, "line"))
        read_line(L, v, "game.goal: ", &g->r->goal);
    else if (is_kind(L, v, "connect"))
        tv_read_connect(L, v, "game.goal: ", &g->r->join);
    else if (is_kind(L, v, "shapes"))
        tv_read_shapes(L, v, "game.goal: ", &g->r->shapes);
    else if (!lua_isnil(L, v))
        luaL_error(L, "game.goal: expected line { length = ..., directions = ... }, connect { sides = ... } or shapes "
                      "{ ring = true, ... }, got %s",
                   tv_kind_of(L, v));
}

static void read_score(lua_State *L, int v, game_ctx *g)
{
    tv_rules *r = g->r;
    if (lua_isfunction(L, v)) {
        set_hook(L, g->rs, TV_HOOK_SCORE, v);
    } else if (is_kind(L, v, "runs")) {
        int n = read_runs(L, v, "game.score: ", &r->lines);
        /* The table must cover every run length the board allows. */
        int longest = r->grid.width > r->grid.height ? r->grid.width : r->grid.height;
        if (n < longest)
            luaL_error(L, "game.score: runs.points has %d entries, the board allows runs of %d", n, longest);
        if (tv_runs_worst(r->lines.points, n, r->grid.width * r->grid.height) > TV_RUN_TOTAL_MAX)
            luaL_error(L, "game.score: runs.points: a full board could score more than %d", TV_RUN_TOTAL_MAX);
    } else if (!lua_isnil(L, v)) {
        luaL_error(L, "game.score: expected runs { ... } or a function, got %s", tv_kind_of(L, v));
    }
}

static void read_ends_field(lua_State *L, int v, game_ctx *g)
{
    if (!lua_isnil(L, v))
        read_ends(L, g->rs, v, 0);
    else if (!g->r->goal.length && !g->r->join.sides[0])
        luaL_error(L, "game.ends: required field is missing (board_full, no_move or a function)");
}

static void read_no_move(lua_State *L, int v, game_ctx *g)
{
    static const char *const words[] = {"pass", "ends", "loses", NULL};
    static const char *const glosses[] = {"mancala, flips", "", "", NULL};
    tv_rules *r = g->r;
    (void)v;
    switch (tv_field_word(L, 1, "game", "no_move", words, glosses, -1)) {
    case 0:
        if (r->board == TV_BOARD_MANCALA) {
            r->sow.pass = 1;
        } else if (r->flip.dirs) { /* neither can flip: the game ends */
            r->flip.pass = 1;
            r->ends |= TV_END_NO_MOVE;
        } else {
            luaL_error(L, "game.no_move: 'pass' is not pass (mancala, flips), ends or loses"); /* tests/games/test_flips.c */
        }
        break;
    case 2:
        r->no_move_loses = 1;
        /* fall through */
    case 1:
        r->ends |= TV_END_NO_MOVE;
        break;
    }
}

/* repetition = "ends" (a position reached again ends the game) or N (its
 * N-th occurrence does: 3, chess's threefold repetition). */
static void read_repetition(lua_State *L, int v, game_ctx *g)
{
    static const char *const words[] = {"ends", NULL}, *const glosses[] = {"a repeated position ends the game", NULL};
    if (lua_type(L, v) == LUA_TNUMBER)
        g->r->repetition = (int)tv_int_field(L, 1, "game", "repetition", 2, 100, 2);
    else
        g->r->repetition = tv_field_word(L, 1, "game", "repetition", words, glosses, -1) == 0 ? 2 : 0;
}

/* stalemate = "draw": no legal move while no royal piece is attacked. */
static void read_stalemate(lua_State *L, int v, game_ctx *g)
{
    static const char *const words[] = {"draw", NULL}, *const glosses[] = {"no move and not in check: a draw", NULL};
    if (lua_isnil(L, v))
        return;
    tv_field_word(L, 1, "game", "stalemate", words, glosses, 0);
    g->r->pieces.stalemate = TV_STALEMATE_DRAW;
    if (!g->r->pieces.royal)
        luaL_error(L, "game.stalemate: a stalemate needs royal pieces (move { royal = \"king\" })");
}

static void read_remainder(lua_State *L, int v, game_ctx *g)
{
    static const char *const words[] = {"none", "split", "own_row", NULL}; /* TV_REMAINDER_* */
    if (lua_isnil(L, v))
        return;
    g->r->remainder = tv_field_word(L, 1, "game", "remainder", words, NULL, TV_REMAINDER_NONE);
    if (g->r->board != TV_BOARD_MANCALA)
        luaL_error(L, "game.remainder: the seeds left at the end need a mancala { ... } board");
}

static void read_winner(lua_State *L, int v, game_ctx *g)
{
    static const char *const words[] = {"higher_score", "most_captured", "most_pieces", NULL};
    (void)v;
    g->r->most_pieces = tv_field_word(L, 1, "game", "winner", words, NULL, 0) == 2;
}

static void read_max_plies(lua_State *L, int v, game_ctx *g)
{
    (void)v;
    g->r->max_plies = (int)tv_int_field(L, 1, "game", "max_plies", 1, TV_MAX_MAX_PLIES, TV_DEFAULT_MAX_PLIES);
}

static void read_hook_max_moves(lua_State *L, int v, game_ctx *g)
{
    if (!lua_isnil(L, v))
        g->r->hook_max_moves = (int)tv_int_field(L, 1, "game", "max_moves", 1, TV_MOVES_LIMIT, 0);
}

static void read_evaluate(lua_State *L, int v, game_ctx *g)
{
    if (!lua_isnil(L, v))
        tv_read_eval(L, v, g->r);
}

/* The fields of game{}, read in this order (which is also the order in which
 * mistakes are reported). `after` names the fields whose result a reader
 * uses; each must be a row above it (checked on every game{}). */
static const struct game_field {
    const char *name;
    void (*read)(lua_State *L, int v, game_ctx *g);
    const char *after;
} game_fields[] = {
    {"name", read_name, ""},
    {"description", read_description, ""},
    {"players", read_players, ""},
    {"board", read_board, ""},
    {"colours", read_colours, "board"},                  /* none on mancala */
    {"blocks", read_blocks_field, "board"},              /* cells of its size */
    {"pieces", read_pieces_field, "board"},              /* a grid */
    {"setup", read_setup_field, "board pieces"},         /* rows of its size, letters of the kinds */
    {"vars", read_vars_field, "board"},                  /* cells of its size */
    {"hands", read_hands_field, "board pieces"},         /* counts of the kinds */
    {"moves", read_moves, "board pieces setup"},         /* move{} against the kinds; sow{} on the board's stores */
    {"sow", read_sow_field, "board moves"},              /* not twice */
    {"play", read_play, ""},
    {"refuse", read_refuse, "moves"},                    /* only with a moves hook */
    {"goal", read_goal, ""},
    {"score", read_score, "board"},                      /* runs as long as the board */
    {"ends", read_ends_field, "goal"},                   /* required without a goal */
    {"no_move", read_no_move, "board moves"},            /* pass: mancala or flips */
    {"repetition", read_repetition, ""},
    {"stalemate", read_stalemate, "moves"},              /* royal kinds */
    {"remainder", read_remainder, "board"},              /* mancala */
    {"winner", read_winner, ""},
    {"max_plies", read_max_plies, ""},
    {"max_moves", read_hook_max_moves, ""},              /* with a moves hook */
    {"evaluate", read_evaluate, "board pieces goal score"}, /* weights of what those made */
};
#define GAME_FIELDS (int)(sizeof game_fields / sizeof game_fields[0])

/* Every name a row's `after` gives is a row above it: the order above is
 * the one a reader needs. */
static void check_game_fields(lua_State *L)
{
    for (int i = 0; i < GAME_FIELDS; i++) {
        for (const char *p = game_fields[i].after; *p;) {
            size_t n = strcspn(p, " ");
            int j = 0;
            while (j < i && !(strlen(game_fields[j].name) == n && strncmp(p, game_fields[j].name, n) == 0))
                j++;
            if (j == i)
                luaL_error(L, "game: (tavola) field %s is read before a field it needs", game_fields[i].name);
            p += n + strspn(p + n, " ");
        }
    }
}

static int api_game(lua_State *L)
{
    const char *known[GAME_FIELDS + 1];
    tv_ruleset *rs = tv_ruleset_of(L);
    game_ctx g = {rs, &rs->rules, 0, 0};
    tv_check_table_arg(L, "game");
    if (rs->api.game_built)
        luaL_error(L, "game: a ruleset describes one game; game{} was already called");
    check_game_fields(L);
    for (int i = 0; i < GAME_FIELDS; i++)
        known[i] = game_fields[i].name;
    known[GAME_FIELDS] = NULL;
    tv_check_known(L, 1, "game", known);
    ruleset_name(L, g.r);
    for (int i = 0; i < GAME_FIELDS; i++) {
        tv_rawfield(L, 1, game_fields[i].name);
        game_fields[i].read(L, lua_gettop(L), &g);
        lua_settop(L, 1);
    }
    tv_hooks_install(rs);
    tv_error err;
    if (tv_rules_finish(g.r, &err))
        luaL_error(L, "game: %s", err.msg);
    rs->api.game_built = 1;
    return tv_tagged(L, "game");
}

void tv_api_open(lua_State *L)
{
    static const luaL_Reg api[] = {
        {"game", api_game}, {"grid", api_grid}, {"place", api_place}, {"drop", api_drop},
        {"runs", api_runs}, {"line", api_line}, {"options", api_options},
        {"mancala", tv_api_mancala}, {"sow", tv_api_sow}, {"step", tv_api_step}, {"slide", tv_api_slide},
        {"jump", tv_api_jump}, {"move", tv_api_move}, {"line_count", tv_api_line_count}, {"leap", tv_api_leap},
        {"hex", tv_api_hex}, {"connect", tv_api_connect}, {"shoot", tv_api_shoot}, {"custodial", tv_api_custodial},
        {"groups", tv_api_groups}, {"shapes", tv_api_shapes},
        {"graph", tv_api_graph}, {"mills", tv_api_mills}, {NULL, NULL}};
    lua_pushglobaltable(L);
    luaL_setfuncs(L, api, 0);
    lua_pop(L, 1);
}
