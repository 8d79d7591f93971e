/* The playouts' repetition history (tv_history.h). */
#include "tv_history.h"

#include <stdlib.h>

static _Thread_local uint64_t *buffer;
static _Thread_local int capacity;

tv_history tv_history_start(void)
{
    tv_history h = {buffer, 0, capacity};
    return h;
}

int tv_history_grow(tv_history *h, tv_error *err)
{
    int grown = capacity ? 2 * capacity : 1024;
    uint64_t *more = realloc(buffer, (size_t)grown * sizeof *more);
    if (!more)
        return tv_error_set(err, TV_ENOMEM, "out of memory");
    buffer = h->hash = more;
    capacity = h->cap = grown;
    return TV_OK;
}
