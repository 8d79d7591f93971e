/* A growable text buffer, always NUL-terminated, shared by the hosts that
 * build text before writing it out: the server's answers and the command's
 * game records. It sits beside tavola.h because plugin/ is the one folder on
 * the include path of the library and of both hosts; plugin/lib/tv_buf.c
 * builds it into libtavola.a, which both link.
 * Out of memory sticks: the buffer is marked failed and later writes do
 * nothing, so a writer checks once, at the end. */
#ifndef TV_BUF_H
#define TV_BUF_H

#include <stddef.h>

typedef struct tv_buf {
    char *s; /* NULL until the first write */
    size_t len, cap;
    int failed;
} tv_buf;

void tv_buf_free(tv_buf *b);
/* 1 when len + n bytes and the NUL fit (growing if need be), 0 once failed:
 * for writers that fill b->s + b->len in place, then advance len. */
int tv_buf_room(tv_buf *b, size_t n);
void tv_buf_put(tv_buf *b, const char *s, size_t n);
void tv_buf_puts(tv_buf *b, const char *s);
void tv_buf_printf(tv_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
