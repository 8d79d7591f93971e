/* The positions a random playout has seen since the last irreversible move,
 * for the repetition rule: a per-thread buffer of hashes that only grows, so
 * steady-state playouts do not allocate. */
#ifndef TV_HISTORY_H
#define TV_HISTORY_H

#include "tv_rules.h"

typedef struct tv_history {
    uint64_t *hash; /* this thread's buffer */
    int n, cap;
} tv_history;

/* An empty history on this thread's buffer. */
tv_history tv_history_start(void);

/* Makes room for one more hash (the buffer doubles): TV_OK, or TV_ENOMEM. */
int tv_history_grow(tv_history *h, tv_error *err);

/* Appends s's hash (the history is emptied first after a capture: nothing
 * before it can come back). TV_OK, or TV_ENOMEM. Inline: every ply of a
 * playout with a repetition rule comes here. */
static inline int tv_history_push(tv_history *h, const tv_state *s, tv_error *err)
{
    if (s->quiet == 0)
        h->n = 0;
    if (h->n == h->cap) {
        int rc = tv_history_grow(h, err);
        if (rc)
            return rc;
    }
    h->hash[h->n++] = s->hash;
    return TV_OK;
}

/* Whether s (just reached) is the r->repetition-th occurrence of its
 * position among the last s->quiet positions of hist[0..n), the positions
 * before it (a repetition rule of 1 or 2: any earlier one). */
static inline int tv_history_repeats(const tv_rules *r, const tv_state *s, const uint64_t *hist, int n)
{
    int need = r->repetition > 2 ? r->repetition - 1 : 1;
    for (int k = 1; k <= s->quiet && k <= n; k++)
        if (hist[n - k] == s->hash && --need == 0)
            return 1;
    return 0;
}

#endif
