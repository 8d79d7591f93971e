/* string.find, string.match, string.gmatch and string.gsub for the sandbox.
 *
 * They follow the Lua 5.4 manual (section 6.4.1, patterns) and give the same
 * results and messages as the stock functions, but every step of the
 * backtracking matcher is counted against the instruction budget of the call
 * (tv_vm_charge): ("a"):rep(5000):find(("a*"):rep(30) .. "b") would
 * backtrack for ages in the stock matcher; here it stops at the instruction
 * limit with the ruleset's file:line. Plain searches use memmem (linear). */
#define _GNU_SOURCE /* memmem */
#include <ctype.h>
#include <stddef.h>
#include <string.h>

#include <lauxlib.h>

#include "tv_strmatch.h"
#include "tv_vm.h"

#define MAX_CAPTURES 32
#define MAX_DEPTH 200      /* nested matcher calls: "pattern too complex" past it */
#define CHARGE_EVERY 4096  /* matcher steps between two charges */
#define CAP_OPEN (-1)      /* a capture still open */
#define CAP_POS (-2)       /* a position capture, "()" */
#define ESC '%'
#define SPECIALS "^$*+?.([%-"

typedef struct matcher {
    lua_State *L;
    const char *src, *src_end; /* the subject */
    const char *pat_end;
    int depth;                 /* nested calls left */
    int ncap;
    long steps;                /* steps not yet charged */
    struct {
        const char *start;
        ptrdiff_t len; /* or CAP_OPEN, CAP_POS */
    } cap[MAX_CAPTURES];
} matcher;

static void step(matcher *m, long n)
{
    m->steps += n;
    if (m->steps >= CHARGE_EVERY) {
        long s = m->steps;
        m->steps = 0;
        tv_vm_charge(m->L, s);
    }
}

static void settle(matcher *m)
{
    long s = m->steps;
    m->steps = 0;
    tv_vm_charge(m->L, s);
}

static void start(matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp)
{
    m->L = L;
    m->src = s;
    m->src_end = s + ls;
    m->pat_end = p + lp;
    m->steps = 0;
}

static void restart(matcher *m)
{
    m->ncap = 0;
    m->depth = MAX_DEPTH;
}

/* The end of the single-character class that starts at p. */
static const char *class_end(matcher *m, const char *p)
{
    if (*p == ESC) {
        if (p + 1 >= m->pat_end)
            luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 2;
    }
    if (*p++ == '[') {
        if (*p == '^')
            p++;
        do { /* the first character of a set is never its end: "[]]" */
            if (p >= m->pat_end)
                luaL_error(m->L, "malformed pattern (missing ']')");
            if (*p++ == ESC && p < m->pat_end)
                p++;
        } while (*p != ']');
        return p + 1;
    }
    return p;
}

static int in_class(int c, int cl)
{
    int yes;
    switch (tolower(cl)) {
    case 'a': yes = isalpha(c); break;
    case 'c': yes = iscntrl(c); break;
    case 'd': yes = isdigit(c); break;
    case 'g': yes = isgraph(c); break;
    case 'l': yes = islower(c); break;
    case 'p': yes = ispunct(c); break;
    case 's': yes = isspace(c); break;
    case 'u': yes = isupper(c); break;
    case 'w': yes = isalnum(c); break;
    case 'x': yes = isxdigit(c); break;
    default: return cl == c;
    }
    return isupper(cl) ? !yes : yes != 0;
}

/* Whether c is in the set [...] from p (at '[') to close (at its ']'). */
static int in_set(matcher *m, int c, const char *p, const char *close)
{
    int want = 1;
    if (p[1] == '^') {
        want = 0;
        p++;
    }
    while (++p < close) {
        step(m, 1);
        if (*p == ESC) {
            p++;
            if (in_class(c, (unsigned char)*p))
                return want;
        } else if (p[1] == '-' && p + 2 < close) {
            p += 2;
            if ((unsigned char)p[-2] <= c && c <= (unsigned char)*p)
                return want;
        } else if ((unsigned char)*p == c) {
            return want;
        }
    }
    return !want;
}

static int single(matcher *m, const char *s, const char *p, const char *ep)
{
    if (s >= m->src_end)
        return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case ESC: return in_class(c, (unsigned char)p[1]);
    case '[': return in_set(m, c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *match(matcher *m, const char *s, const char *p);

static const char *balance(matcher *m, const char *s, const char *p)
{
    if (p >= m->pat_end - 1)
        luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->src_end || *s != *p)
        return NULL;
    int open = p[0], close = p[1], depth = 1;
    while (++s < m->src_end) {
        step(m, 1);
        if (*s == close) {
            if (--depth == 0)
                return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;
}

static const char *longest(matcher *m, const char *s, const char *p, const char *ep)
{
    ptrdiff_t i = 0;
    while (single(m, s + i, p, ep)) {
        step(m, 1);
        i++;
    }
    for (; i >= 0; i--) { /* the longest run first, then shorter ones */
        step(m, 1);
        const char *r = match(m, s + i, ep + 1);
        if (r)
            return r;
    }
    return NULL;
}

static const char *shortest(matcher *m, const char *s, const char *p, const char *ep)
{
    for (;;) {
        step(m, 1);
        const char *r = match(m, s, ep + 1);
        if (r)
            return r;
        if (!single(m, s, p, ep))
            return NULL;
        s++;
    }
}

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t what)
{
    if (m->ncap >= MAX_CAPTURES)
        luaL_error(m->L, "too many captures");
    m->cap[m->ncap].start = s;
    m->cap[m->ncap].len = what;
    m->ncap++;
    const char *r = match(m, s, p);
    if (!r)
        m->ncap--;
    return r;
}

static const char *close_capture(matcher *m, const char *s, const char *p)
{
    int l = m->ncap - 1;
    while (l >= 0 && m->cap[l].len != CAP_OPEN)
        l--;
    if (l < 0)
        luaL_error(m->L, "invalid pattern capture");
    m->cap[l].len = s - m->cap[l].start;
    const char *r = match(m, s, p);
    if (!r)
        m->cap[l].len = CAP_OPEN;
    return r;
}

static int capture_index(matcher *m, int c)
{
    int l = c - '1';
    if (l < 0 || l >= m->ncap || m->cap[l].len == CAP_OPEN)
        luaL_error(m->L, "invalid capture index %%%d", l + 1);
    return l;
}

static const char *back_reference(matcher *m, const char *s, int c)
{
    int l = capture_index(m, c);
    size_t len = (size_t)m->cap[l].len;
    step(m, (long)(m->cap[l].len > 0 ? m->cap[l].len / 16 : 0));
    if ((size_t)(m->src_end - s) >= len && memcmp(m->cap[l].start, s, len) == 0)
        return s + len;
    return NULL;
}

/* Matches pattern p (to pat_end) at s; the end of the match or NULL. */
static const char *match(matcher *m, const char *s, const char *p)
{
    if (m->depth-- == 0)
        luaL_error(m->L, "pattern too complex");
    for (;;) {
        step(m, 1);
        if (p == m->pat_end)
            break;
        if (*p == '(') {
            s = p[1] == ')' ? open_capture(m, s, p + 2, CAP_POS) : open_capture(m, s, p + 1, CAP_OPEN);
            break;
        }
        if (*p == ')') {
            s = close_capture(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->pat_end) {
            s = s == m->src_end ? s : NULL;
            break;
        }
        if (*p == ESC && p[1] == 'b') {
            s = balance(m, s, p + 2);
            if (!s)
                break;
            p += 4;
            continue;
        }
        if (*p == ESC && p[1] == 'f') {
            p += 2;
            if (*p != '[')
                luaL_error(m->L, "missing '[' after '%%f' in pattern");
            const char *ep = class_end(m, p);
            int prev = s == m->src ? '\0' : (unsigned char)s[-1];
            int cur = s < m->src_end ? (unsigned char)*s : '\0';
            if (!in_set(m, prev, p, ep - 1) && in_set(m, cur, p, ep - 1)) {
                p = ep;
                continue;
            }
            s = NULL;
            break;
        }
        if (*p == ESC && isdigit((unsigned char)p[1])) {
            s = back_reference(m, s, (unsigned char)p[1]);
            if (!s)
                break;
            p += 2;
            continue;
        }
        /* A single-character class, maybe followed by a repetition. */
        const char *ep = class_end(m, p);
        if (!single(m, s, p, ep)) {
            if (*ep == '*' || *ep == '?' || *ep == '-') { /* zero repetitions are fine */
                p = ep + 1;
                continue;
            }
            s = NULL;
            break;
        }
        if (*ep == '?') {
            const char *r = match(m, s + 1, ep + 1);
            if (r) {
                s = r;
                break;
            }
            p = ep + 1;
            continue;
        }
        if (*ep == '+') {
            s = longest(m, s + 1, p, ep);
            break;
        }
        if (*ep == '*') {
            s = longest(m, s, p, ep);
            break;
        }
        if (*ep == '-') {
            s = shortest(m, s, p, ep);
            break;
        }
        s++;
        p = ep;
    }
    m->depth++;
    return s;
}

/* Capture i of a match from s to e (the whole match when there are no
 * captures); returns its length or CAP_POS (the position is pushed). */
static ptrdiff_t get_capture(matcher *m, int i, const char *s, const char *e, const char **cap)
{
    if (i >= m->ncap) {
        if (i != 0)
            luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t len = m->cap[i].len;
    *cap = m->cap[i].start;
    if (len == CAP_OPEN)
        luaL_error(m->L, "unfinished capture");
    else if (len == CAP_POS)
        lua_pushinteger(m->L, (m->cap[i].start - m->src) + 1);
    return len;
}

static void push_capture(matcher *m, int i, const char *s, const char *e)
{
    const char *cap;
    ptrdiff_t len = get_capture(m, i, s, e, &cap);
    if (len != CAP_POS)
        lua_pushlstring(m->L, cap, (size_t)len);
}

static int push_captures(matcher *m, const char *s, const char *e)
{
    int n = m->ncap == 0 && s ? 1 : m->ncap;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++)
        push_capture(m, i, s, e);
    return n;
}

/* A start position: 1-based, negative from the end, clamped to 1. */
static size_t start_at(lua_Integer pos, size_t len)
{
    if (pos > 0)
        return (size_t)pos;
    if (pos == 0 || pos < -(lua_Integer)len)
        return 1;
    return len + (size_t)pos + 1;
}

static int no_specials(const char *p, size_t len)
{
    size_t at = 0;
    do { /* strpbrk stops at a '\0': look past each one */
        if (strpbrk(p + at, SPECIALS))
            return 0;
        at += strlen(p + at) + 1;
    } while (at <= len);
    return 1;
}

static int find_or_match(lua_State *L, int find)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_at(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || no_specials(p, lp))) {
        tv_vm_charge(L, (long)((ls - init) / 64 + lp / 64) + 1);
        const char *at = memmem(s + init, ls - init, p, lp);
        if (at) {
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, (lua_Integer)((size_t)(at - s) + lp));
            return 2;
        }
    } else {
        matcher m;
        int anchor = *p == '^';
        if (anchor) {
            p++;
            lp--;
        }
        start(&m, L, s, ls, p, lp);
        const char *from = s + init;
        do {
            restart(&m);
            const char *e = match(&m, from, p);
            if (e) {
                settle(&m);
                if (find) {
                    lua_pushinteger(L, (from - s) + 1);
                    lua_pushinteger(L, e - s);
                    return push_captures(&m, NULL, 0) + 2;
                }
                return push_captures(&m, from, e);
            }
        } while (from++ < m.src_end && !anchor);
        settle(&m);
    }
    luaL_pushfail(L);
    return 1;
}

int tv_strmatch_find(lua_State *L) { return find_or_match(L, 1); }
int tv_strmatch_match(lua_State *L) { return find_or_match(L, 0); }

typedef struct gmatch_state {
    const char *from, *pattern, *last;
    matcher m;
} gmatch_state;

static int gmatch_next(lua_State *L)
{
    gmatch_state *g = lua_touserdata(L, lua_upvalueindex(3));
    g->m.L = L;
    for (const char *from = g->from; from <= g->m.src_end; from++) {
        restart(&g->m);
        const char *e = match(&g->m, from, g->pattern);
        if (e && e != g->last) { /* not the empty match right after the last one */
            settle(&g->m);
            g->from = g->last = e;
            return push_captures(&g->m, from, e);
        }
    }
    settle(&g->m);
    return 0;
}

int tv_strmatch_gmatch(lua_State *L)
{
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_at(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2); /* the strings live as upvalues of the iterator */
    gmatch_state *g = lua_newuserdatauv(L, sizeof *g, 0);
    if (init > ls)
        init = ls + 1;
    start(&g->m, L, s, ls, p, lp);
    g->from = s + init;
    g->pattern = p;
    g->last = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* A replacement string: %0..%9 and %%. */
static void add_string(matcher *m, luaL_Buffer *b, const char *s, const char *e)
{
    lua_State *L = m->L;
    size_t l;
    const char *news = lua_tolstring(L, 3, &l);
    step(m, (long)(l / 16) + 1);
    const char *p;
    while ((p = memchr(news, ESC, l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;
        if (*p == ESC) {
            luaL_addchar(b, *p);
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*p)) {
            const char *cap;
            ptrdiff_t len = get_capture(m, *p - '1', s, e, &cap);
            if (len == CAP_POS)
                luaL_addvalue(b);
            else
                luaL_addlstring(b, cap, (size_t)len);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", ESC);
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

/* Adds the replacement of the match s..e; whether it changed anything. */
static int add_value(matcher *m, luaL_Buffer *b, const char *s, const char *e, int type)
{
    lua_State *L = m->L;
    if (type == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (type == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_string(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) { /* nil or false: keep the original text */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

int tv_strmatch_gsub(lua_State *L)
{
    size_t ls, lp;
    const char *src = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    const char *last = NULL;
    int type = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    int anchor = *p == '^';
    lua_Integer n = 0;
    int changed = 0;
    luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE,
                     3, "string/function/table");
    matcher m;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (anchor) {
        p++;
        lp--;
    }
    start(&m, L, src, ls, p, lp);
    while (n < max) {
        restart(&m);
        const char *e = match(&m, src, p);
        if (e && e != last) {
            n++;
            changed = add_value(&m, &b, src, e, type) | changed;
            src = last = e;
        } else if (src < m.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor)
            break;
    }
    settle(&m);
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(m.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}
