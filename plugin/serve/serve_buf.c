/* The server's growable buffer and JSON strings (serve_buf.h). */
#include "serve_buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sbuf_free(sbuf *b)
{
    free(b->s);
    *b = (sbuf){0};
}

static int grow(sbuf *b, size_t n)
{
    if (b->failed)
        return -1;
    if (b->len + n + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->failed = 1;
        return -1;
    }
    b->s = s, b->cap = cap;
    return 0;
}

void sbuf_put(sbuf *b, const char *s, size_t n)
{
    if (grow(b, n))
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sbuf_puts(sbuf *b, const char *s) { sbuf_put(b, s, strlen(s)); }

void sbuf_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n >= 0 && !grow(b, (size_t)n)) {
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
        b->len += (size_t)n;
    }
    va_end(ap);
}

/* The length of a valid UTF-8 sequence at s (1 for ASCII), or 0. */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (n == 3 && ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0)))
        return 0;
    if (n == 4 && ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90)))
        return 0;
    return n;
}

void sbuf_json(sbuf *b, const char *s)
{
    if (!s) {
        sbuf_puts(b, "null");
        return;
    }
    sbuf_put(b, "\"", 1);
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int n = utf8_len(p);
        if (n == 0) {
            sbuf_puts(b, "\\ufffd");
            p++;
        } else if (*p == '"' || *p == '\\') {
            char e[2] = {'\\', (char)*p};
            sbuf_put(b, e, 2), p++;
        } else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&' || *p == 0x7f) {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", *p);
            sbuf_put(b, e, 6), p++;
        } else {
            sbuf_put(b, (const char *)p, (size_t)n);
            p += n;
        }
    }
    sbuf_put(b, "\"", 1);
}

void sbuf_key(sbuf *b, const char *key, int first)
{
    if (!first)
        sbuf_put(b, ",", 1);
    sbuf_json(b, key);
    sbuf_put(b, ":", 1);
}
