/* The positions a random playout has seen since the last irreversible move,
 * for the repetition rule: a per-thread buffer of hashes that only grows, so
 * steady-state playouts do not allocate. */
#ifndef TV_HISTORY_H
#define TV_HISTORY_H

#include "tv_cells.h"
#include "tv_rules.h"

/* The board of s alone, hashed: its cells, not the side to move, the flags
 * or the variables (positional superko compares boards). */
static inline uint64_t tv_board_key(const tv_rules *r, const tv_state *s)
{
    return s->hash ^ tv_state_hash_rest(r, s);
}

/* What a history keeps of a position: its hash, or under positional
 * superko its board (tv_board_key). Every history (a game's, a search's
 * path, a playout's) keeps these. */
static inline uint64_t tv_history_key(const tv_rules *r, const tv_state *s)
{
    return r->groups.superko ? tv_board_key(r, s) : s->hash;
}

/* Whether key is among hist[0..n): a board seen before, under superko. */
static inline int tv_history_has(const uint64_t *hist, int n, uint64_t key)
{
    for (int k = n - 1; k >= 0; k--)
        if (hist[k] == key)
            return 1;
    return 0;
}

typedef struct tv_history {
    uint64_t *hash; /* this thread's buffer */
    int n, cap;
} tv_history;

/* An empty history on this thread's buffer. */
tv_history tv_history_start(void);

/* Makes room for one more hash (the buffer doubles): TV_OK, or TV_ENOMEM. */
int tv_history_grow(tv_history *h, tv_error *err);

/* Positional superko: moves[0..n) (legal in s) less the stones that would
 * recreate a board of hist[0..nhist); their count. */
int tv_history_superko(const tv_rules *r, const tv_state *s, const uint64_t *hist, int nhist, tv_move *moves, int n);

/* Appends s's key (tv_history_key; the history is emptied first after a
 * capture, where nothing before it can come back: not under superko, whose
 * cycles are of captures). TV_OK, or TV_ENOMEM. Inline: every ply of a
 * playout with a repetition rule comes here. */
static inline int tv_history_push(const tv_rules *r, tv_history *h, const tv_state *s, tv_error *err)
{
    if (s->quiet == 0 && !r->groups.superko)
        h->n = 0;
    if (h->n == h->cap) {
        int rc = tv_history_grow(h, err);
        if (rc)
            return rc;
    }
    h->hash[h->n++] = tv_history_key(r, s);
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
