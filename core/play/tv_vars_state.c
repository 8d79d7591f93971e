/* Game variables and hands in a state (tv_vars_state.h). */
#include "tv_vars_state.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bytes of slot i, and of the hands (after the slots). */
static unsigned char *slot_at(const tv_rules *r, const tv_state *s, int i)
{
    return (unsigned char *)s + r->vars.offset + 4 * i;
}
static unsigned char *hand_at(const tv_rules *r, const tv_state *s, int p, int k)
{
    return (unsigned char *)s + r->vars.offset + 4 * r->vars.nslots + p * TV_MAX_KINDS + k;
}

static int32_t load(const tv_rules *r, const tv_state *s, int i)
{
    int32_t v;
    memcpy(&v, slot_at(r, s, i), 4);
    return v;
}

/* A value's Zobrist key, mixed from (what, value) rather than tabled: a
 * variable's range may be wide. what: a slot, or 64 + hand index. */
static uint64_t key(int what, int32_t value)
{
    uint64_t x = ((uint64_t)(uint32_t)(what + 1) << 32 | (uint32_t)value) ^ 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

void tv_vars_init(const tv_rules *r, tv_state *s)
{
    for (int i = 0; i < r->vars.n; i++) {
        const tv_var *x = &r->vars.var[i];
        for (int p = 0; p < (x->per_player ? 2 : 1); p++) {
            int32_t v = x->init;
            memcpy(slot_at(r, s, x->slot + p), &v, 4);
        }
    }
    for (int p = 0; p < 2 && r->vars.hands; p++)
        for (int k = 0; k < TV_MAX_KINDS; k++)
            *hand_at(r, s, p, k) = r->vars.hand_start[p][k];
}

uint64_t tv_vars_hash(const tv_rules *r, const tv_state *s)
{
    uint64_t h = 0;
    for (int i = 0; i < r->vars.nslots; i++)
        h ^= key(i, load(r, s, i));
    for (int p = 0; p < 2 && r->vars.hands; p++)
        for (int k = 0; k < TV_MAX_KINDS; k++)
            h ^= key(64 + p * TV_MAX_KINDS + k, *hand_at(r, s, p, k));
    return h;
}

int tv_var_find(const tv_rules *r, const char *name)
{
    for (int i = 0; i < r->vars.n; i++)
        if (!strcmp(r->vars.var[i].name, name))
            return i;
    return -1;
}

int tv_var_set(const tv_rules *r, tv_state *s, int i, int p, long value, tv_error *err)
{
    const tv_var *x = &r->vars.var[i];
    if (value < x->min || value > x->max)
        return tv_error_set(err, TV_EINVAL, "%s: %ld is outside %d..%d", x->name, value, x->min, x->max);
    int slot = x->slot + (x->per_player ? p : 0);
    int32_t v = (int32_t)value;
    s->hash ^= key(slot, load(r, s, slot)) ^ key(slot, v);
    memcpy(slot_at(r, s, slot), &v, 4);
    return TV_OK;
}

int tv_hand_get(const tv_rules *r, const tv_state *s, int p, int k)
{
    return r->vars.hands ? *hand_at(r, s, p, k) : 0;
}

int tv_hand_set(const tv_rules *r, tv_state *s, int p, int k, long n, tv_error *err)
{
    if (!r->vars.hands)
        return tv_error_set(err, TV_EINVAL, "this game keeps no pieces in hand (game { hands = ... })");
    if (n < 0 || n > TV_HAND_MAX)
        return tv_error_set(err, TV_EINVAL, "a hand holds 0..%d pieces of a kind, not %ld", TV_HAND_MAX, n);
    int what = 64 + p * TV_MAX_KINDS + k;
    s->hash ^= key(what, *hand_at(r, s, p, k)) ^ key(what, (int32_t)n);
    *hand_at(r, s, p, k) = (uint8_t)n;
    return TV_OK;
}

static int kinds(const tv_rules *r) { return r->pieces.nkinds ? r->pieces.nkinds : 1; }

/* Player index p's piece letter of kind k, as position strings write it. */
static char letter(const tv_rules *r, int p, int k)
{
    char c = r->pieces.nkinds ? r->pieces.letter[k] : p ? 'o' : 'x';
    return (char)(p == 0 && r->pieces.nkinds ? toupper((unsigned char)c) : c);
}

int tv_vars_write(const tv_rules *r, const tv_state *s, char *buf, size_t size)
{
    char t[1024];
    int n = 0;
    for (int i = 0; i < r->vars.n; i++) {
        const tv_var *x = &r->vars.var[i];
        n += snprintf(t + n, sizeof t - (size_t)n, "%s%s=", n ? ";" : "", x->name);
        for (int p = 0; p < (x->per_player ? 2 : 1); p++) {
            int v = tv_var_get(r, s, i, p);
            if (p)
                t[n++] = '/';
            if (x->type == TV_VAR_CELL && v < 0)
                t[n++] = '-';
            else if (x->type == TV_VAR_CELL)
                n += tv_grid_cell_text(&r->grid, v, t + n);
            else
                n += snprintf(t + n, sizeof t - (size_t)n, "%d", v);
        }
    }
    if (r->vars.hands) {
        n += snprintf(t + n, sizeof t - (size_t)n, "%shand=", n ? ";" : "");
        for (int p = 0; p < 2; p++) {
            int any = 0;
            if (p)
                t[n++] = '/';
            for (int k = 0; k < kinds(r); k++)
                if (tv_hand_get(r, s, p, k))
                    n += snprintf(t + n, sizeof t - (size_t)n, "%c%d", letter(r, p, k), tv_hand_get(r, s, p, k)), any = 1;
            if (!any)
                t[n++] = '-';
        }
    }
    t[n] = '\0';
    return snprintf(buf, size, "%s", t);
}

static int bad(tv_error *err, const char *what, const char *why)
{
    return tv_error_set(err, TV_EINVAL, "position: variables '%.60s': %s", what, why);
}

/* One value of variable x from text. */
static int read_value(const tv_rules *r, const tv_var *x, const char *text, long *out)
{
    if (x->type == TV_VAR_CELL) {
        *out = strcmp(text, "-") ? tv_grid_parse_cell(&r->grid, text) : -1;
        return *out == -1 && strcmp(text, "-") ? -1 : 0;
    }
    char *end;
    if (!*text || !(isdigit((unsigned char)*text) || *text == '-'))
        return -1;
    *out = strtol(text, &end, 10);
    return *end || *out < x->min || *out > x->max ? -1 : 0;
}

static int read_hand(const tv_rules *r, int p, const char *text, tv_state *s, tv_error *err)
{
    if (!strcmp(text, "-"))
        return TV_OK;
    if (!*text) /* an empty hand is written '-' */
        return bad(err, text, "a hand lists a piece letter of this game and player, and its count, or '-'");
    for (const char *q = text; *q;) {
        int k = 0;
        while (k < kinds(r) && letter(r, p, k) != *q)
            k++;
        if (k == kinds(r))
            return bad(err, text, "a hand lists a piece letter of this game and player, and its count");
        char *end;
        long n = isdigit((unsigned char)q[1]) ? strtol(q + 1, &end, 10) : 0; /* digits only: no sign, no space */
        if (!isdigit((unsigned char)q[1]))
            end = (char *)q + 1;
        if (end == q + 1 || n < 1 || n > TV_HAND_MAX || tv_hand_get(r, s, p, k))
            return bad(err, text, "a hand's count is 1..255, once a kind");
        tv_hand_set(r, s, p, k, n, err);
        q = end;
    }
    return TV_OK;
}

int tv_vars_read(const tv_rules *r, const char *text, tv_state *s, tv_error *err)
{
    char copy[1024], seen[TV_MAX_VARS + 1] = {0};
    if (strlen(text) >= sizeof copy)
        return bad(err, text, "too long");
    strcpy(copy, text);
    memset(slot_at(r, s, 0), 0, (size_t)r->vars.size);
    char *rest = copy;
    while (rest) {
        char *item = rest, *semi = strchr(rest, ';');
        rest = semi ? semi + 1 : NULL;
        if (semi)
            *semi = '\0';
        char *eq = strchr(item, '=');
        if (!eq)
            return bad(err, item, "expected name=value");
        *eq = '\0';
        int i = tv_var_find(r, item), hand = r->vars.hands && !strcmp(item, "hand") && i < 0;
        if (i < 0 && !hand)
            return bad(err, item, "no variable of this game has that name");
        int which = hand ? TV_MAX_VARS : i;
        if (seen[which]++)
            return bad(err, item, "given twice");
        char *second = strchr(eq + 1, '/');
        int two = hand || r->vars.var[i].per_player;
        if ((second != NULL) != two)
            return bad(err, item, two ? "expected two values, player 1's/player 2's" : "expected one value");
        if (second)
            *second = '\0';
        for (int p = 0; p < (two ? 2 : 1); p++) {
            const char *v = p ? second + 1 : eq + 1;
            long value;
            int rc = hand ? read_hand(r, p, v, s, err) : read_value(r, &r->vars.var[i], v, &value);
            if (rc)
                return hand ? rc : bad(err, item, "a value out of its range");
            if (!hand)
                tv_var_set(r, s, i, p, value, err);
        }
    }
    for (int i = 0; i < r->vars.n; i++)
        if (!seen[i])
            return bad(err, r->vars.var[i].name, "missing");
    if (r->vars.hands && !seen[TV_MAX_VARS])
        return bad(err, "hand", "missing");
    return TV_OK;
}
