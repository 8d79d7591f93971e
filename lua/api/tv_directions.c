/* The one reader of directions (tv_directions.h). Each word is a set of
 * compass points as player 1 sees them (forward = TV_N); a word that holds
 * both ways of each of its lines is the same for either player and on the
 * board, so a bracket or a line can take it, and its lines are the
 * TV_DIR_H.. bits. Before this file, pieces, custodial, flips and lines each
 * had their own words; every word any of them took is here, meaning what it
 * meant there. */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_directions.h"
#include "tv_fields.h"
#include "tv_grid.h"

#define ORTHOGONAL (TV_N | TV_E | TV_S | TV_W)
#define DIAGONAL (TV_NE | TV_SE | TV_SW | TV_NW)

static const struct {
    const char *word;
    int compass;
} words[] = {
    {"forward", TV_N},
    {"backward", TV_S},
    {"diagonal_forward", TV_NE | TV_NW},
    {"diagonal_backward", TV_SE | TV_SW},
    {"sideways", TV_E | TV_W},
    {"orthogonal", ORTHOGONAL},
    {"diagonal", DIAGONAL},
    {"all", TV_COMPASS_ALL},
    {"h", TV_E | TV_W},
    {"v", TV_N | TV_S},
    {"d", DIAGONAL},
};
#define NWORDS (int)(sizeof words / sizeof words[0])

/* Both ways of every line in the mask: the compass turned half round. */
static int both_ways(int compass)
{
    return compass == (((compass << 4) | (compass >> 4)) & TV_COMPASS_ALL);
}

static int lines_of(int compass)
{
    return (compass & (TV_E | TV_W) ? TV_DIR_H : 0) | (compass & (TV_N | TV_S) ? TV_DIR_V : 0) |
           (compass & (TV_NE | TV_SW) ? TV_DIR_D1 : 0) | (compass & (TV_NW | TV_SE) ? TV_DIR_D2 : 0);
}

static int word_index(const char *p, size_t n)
{
    for (int i = 0; i < NWORDS; i++)
        if (strlen(words[i].word) == n && strncmp(p, words[i].word, n) == 0)
            return i;
    return -1;
}

/* "hvd": line letters run together, as line directions were written. */
static int letters(const char *p, size_t n)
{
    int compass = 0;
    for (size_t i = 0; i < n; i++) {
        int w = word_index(p + i, 1);
        if (w < 0)
            return 0;
        compass |= words[w].compass;
    }
    return compass;
}

/* The words a use accepts, for a message. */
static void push_accepted(lua_State *L, tv_dirs_use use)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 0, shown = 0; i < NWORDS; i++) {
        if (use != TV_DIRS_MOVER && !both_ways(words[i].compass))
            continue;
        if (use == TV_DIRS_LINES && strlen(words[i].word) == 1)
            continue; /* named first, as "made of h, v and d" */
        luaL_addstring(&b, shown++ ? ", " : "");
        luaL_addstring(&b, words[i].word);
    }
    luaL_pushresult(&b);
}

static int word_error(lua_State *L, const char *key, const char *word, tv_dirs_use use)
{
    push_accepted(L, use);
    if (use == TV_DIRS_LINES)
        return luaL_error(L, "%s: '%s' is not made of h, v and d, nor one of %s", key, word, lua_tostring(L, -1));
    return luaL_error(L, "%s: '%s' is not one of %s", key, word, lua_tostring(L, -1));
}

int tv_directions_field(lua_State *L, int idx, const char *what, const char *key, tv_dirs_use use, int def)
{
    char text[128], field[160];
    snprintf(field, sizeof field, "%s.%s", what, key);
    if (!tv_str_field(L, idx, what, key, text, sizeof text, def < 0))
        return def;
    int compass = 0;
    for (char *p = text; *p;) {
        p += strspn(p, " ,");
        size_t n = strcspn(p, " ,");
        if (!n)
            break;
        int w = word_index(p, n), c = w >= 0 ? words[w].compass : letters(p, n), last = !p[n];
        p[n] = '\0'; /* the word alone, for a message (luaL_error knows no %.*s) */
        if (!c)
            word_error(L, field, p, use);
        if (use != TV_DIRS_MOVER && !both_ways(c)) {
            push_accepted(L, use);
            luaL_error(L, "%s: '%s' is one way; %s go both ways (%s%s)", field, p,
                       use == TV_DIRS_LINES ? "lines" : "brackets", use == TV_DIRS_LINES ? "h, v, d, " : "",
                       lua_tostring(L, -1));
        }
        compass |= c;
        p += last ? n : n + 1;
    }
    if (!compass)
        luaL_error(L, "%s: no direction given", field);
    return use == TV_DIRS_LINES ? lines_of(compass) : compass;
}
