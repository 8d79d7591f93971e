/* A text sink over a caller's buffer that counts what would not fit, the
 * way snprintf does: the drawings (text, SVG) return the length needed. */
#ifndef TV_OUT_H
#define TV_OUT_H

#include <stddef.h>

typedef struct tv_out {
    char *buf;
    size_t size, len;
} tv_out;

/* Appends printf-style text (cut at the buffer's end, always counted). */
void tv_out_put(tv_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Ends the text with a NUL inside the buffer; returns the full length. */
int tv_out_end(tv_out *o);

#endif
