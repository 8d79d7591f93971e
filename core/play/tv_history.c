/* The playouts' repetition history (tv_history.h). */
#include "tv_history.h"

#include <stdlib.h>

static _Thread_local uint64_t *buffer;
static _Thread_local int capacity;

tv_history tv_history_start(void)
{
    tv_history h = {buffer, 0};
    return h;
}

int tv_history_push(tv_history *h, const tv_state *s, tv_error *err)
{
    if (s->quiet == 0)
        h->n = 0;
    if (h->n == capacity) {
        int grown = capacity ? 2 * capacity : 1024;
        uint64_t *more = realloc(buffer, (size_t)grown * sizeof *more);
        if (!more)
            return tv_error_set(err, TV_ENOMEM, "out of memory");
        buffer = more;
        capacity = grown;
    }
    h->hash = buffer;
    h->hash[h->n++] = s->hash;
    return TV_OK;
}
