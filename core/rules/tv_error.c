#include "tv_error.h"

#include <stdarg.h>
#include <stdio.h>

int tv_error_set(tv_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->code = code;
    }
    return code;
}

void tv_error_clear(tv_error *err)
{
    if (err) {
        err->code = TV_OK;
        err->msg[0] = '\0';
    }
}
