/* place { flips = ... }: direction words, as the field is read everywhere in
 * lua/api (raw reads, an error naming the field and the words it takes). */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_api_flip.h"
#include "tv_fields.h"

/* Flips do not depend on who moves: no forward or backward here. */
static const struct {
    const char *word;
    int mask;
} flip_words[] = {
    {"all", TV_COMPASS_ALL},
    {"orthogonal", TV_N | TV_E | TV_S | TV_W},
    {"diagonal", TV_NE | TV_SE | TV_SW | TV_NW},
};

int tv_read_flips(lua_State *L, int idx, const char *what)
{
    char text[64], key[96];
    snprintf(key, sizeof key, "%s.flips", what);
    if (!tv_str_field(L, idx, what, "flips", text, sizeof text, 0))
        return 0;
    int mask = 0;
    for (char *p = text; *p;) {
        while (*p == ' ' || *p == ',')
            p++;
        size_t n = strcspn(p, " ,"), i = 0, count = sizeof flip_words / sizeof flip_words[0];
        if (!n)
            break;
        while (i < count && !(strlen(flip_words[i].word) == n && strncmp(p, flip_words[i].word, n) == 0))
            i++;
        if (i == count) { /* luaL_error knows no %.*s */
            p[n] = '\0';
            luaL_error(L, "%s: '%s' is not one of all, orthogonal, diagonal", key, p);
        }
        mask |= flip_words[i].mask;
        p += n;
    }
    if (!mask)
        luaL_error(L, "%s: no direction given (all, orthogonal, diagonal)", key);
    return mask;
}
