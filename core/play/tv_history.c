/* The playouts' repetition history (tv_history.h). */
#include "tv_history.h"

#include <stdlib.h>
#include <string.h>

#include "tv_family.h"

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

/* Whether the stone m would recreate a board of hist[0..nhist): m's effect
 * tried on a copy (a pass never does). */
static int recreates(const tv_rules *r, const tv_state *s, tv_move m, const uint64_t *hist, int nhist)
{
    if (m == TV_MOVE_PASS)
        return 0;
    tv_state_buf b;
    memcpy(&b.state, s, (size_t)r->state_size);
    tv_effect e = {-1, 0};
    tv_error ignored;
    if (tv_family_of(r)->apply(r, &b.state, m, NULL, &e, &ignored))
        return 0; /* its error is the play's to report */
    return tv_history_has(hist, nhist, tv_board_key(r, &b.state));
}

int tv_history_superko(const tv_rules *r, const tv_state *s, const uint64_t *hist, int nhist, tv_move *moves, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!recreates(r, s, moves[i], hist, nhist))
            moves[k++] = moves[i];
    return k;
}
