/* A growable text buffer for the server's answers, and JSON written into it.
 * Out of memory sticks: the buffer is marked failed, later writes do nothing,
 * and the answer becomes a 500. */
#ifndef SERVE_BUF_H
#define SERVE_BUF_H

#include <stddef.h>

typedef struct sbuf {
    char *s;
    size_t len, cap;
    int failed;
} sbuf;

void sbuf_free(sbuf *b);
void sbuf_put(sbuf *b, const char *s, size_t n);
void sbuf_puts(sbuf *b, const char *s);
void sbuf_printf(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* s as a JSON string: quoted; '"', '\' and controls escaped, and '<', '>'
 * and '&' as \u003c.. so that the text can never close a script or a tag;
 * bytes that are not UTF-8 become U+FFFD. NULL is written as null. */
void sbuf_json(sbuf *b, const char *s);
/* ,"key": before a value (no comma when first is set). */
void sbuf_key(sbuf *b, const char *key, int first);

#endif
