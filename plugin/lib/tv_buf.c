/* The hosts' growable text buffer (plugin/tv_buf.h). */
#include "tv_buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tv_buf_free(tv_buf *b)
{
    free(b->s);
    *b = (tv_buf){0};
}

int tv_buf_room(tv_buf *b, size_t n)
{
    if (b->failed)
        return 0;
    if (b->len + n + 1 <= b->cap)
        return 1;
    /* Doubling: a record or an answer grows by small pieces. */
    size_t cap = b->cap ? b->cap : 512;
    while (cap < b->len + n + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->failed = 1;
        return 0;
    }
    b->s = s, b->cap = cap;
    return 1;
}

void tv_buf_put(tv_buf *b, const char *s, size_t n)
{
    if (!tv_buf_room(b, n))
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void tv_buf_puts(tv_buf *b, const char *s) { tv_buf_put(b, s, strlen(s)); }

void tv_buf_printf(tv_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n >= 0 && tv_buf_room(b, (size_t)n)) {
        vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
        b->len += (size_t)n;
    }
    va_end(ap);
}
