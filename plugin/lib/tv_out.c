#include "tv_out.h"

#include <stdarg.h>
#include <stdio.h>

void tv_out_put(tv_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->size ? o->size - o->len : 0;
    int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

int tv_out_end(tv_out *o)
{
    if (o->size)
        o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
    return (int)o->len;
}
