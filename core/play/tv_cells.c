/* Cell writes, hashing and counts (tv_cells.h). */
#include "tv_cells.h"

#include "tv_bits.h"
#include "tv_holes.h"
#include "tv_vars_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tv_state_set(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int value, tv_error *err)
{
    int mancala = r->board == TV_BOARD_MANCALA;
    if (cell < 0 || cell >= r->ncells)
        return tv_error_set(err, TV_EINVAL, "cell %d is not on the board", cell + 1);
    int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    if (value < 0 || value > (mancala ? TV_MANCALA_MAX_SEEDS : 4 * kinds - 1))
        return tv_error_set(err, TV_EINVAL, "%d cannot be put in a %s", value, mancala ? "hole" : "cell");
    int old = s->cells[cell];
    /* A hole is one byte: with at most TV_MANCALA_MAX_SEEDS on the board no
     * sowing can make one wrap. */
    if (mancala && s->stones + value - old > TV_MANCALA_MAX_SEEDS)
        return tv_error_set(err, TV_EINVAL, "%d seeds in a hole would make %d on the board, more than %d", value,
                            s->stones + value - old, TV_MANCALA_MAX_SEEDS);
    if (!mancala)
        return tv_state_put_grid(r, s, u, cell, value, err);
    if (u)
        tv_undo_keep(u, cell, old);
    uint64_t before = tv_holes_hash(r, s);
    s->stones = (uint16_t)(s->stones + value - old);
    s->cells[cell] = (uint8_t)value;
    s->hash ^= before ^ tv_holes_hash(r, s);
    return TV_OK;
}

void tv_unplay(const tv_rules *r, tv_state *s, const tv_undo *u)
{
    for (int i = u->n - 1; i >= 0; i--)
        s->cells[u->cell[i]] = u->old[i];
    memcpy(s, u->head, TV_STATE_HEAD);
    if (r->vars.size)
        memcpy((unsigned char *)s + r->vars.offset, u->extra, (size_t)r->vars.size);
}

void tv_swap_colours(const tv_rules *r, tv_state *s)
{
    s->flags ^= TV_FLAG_SWAPPED;
    s->hash ^= r->zswapped;
    int32_t t = s->score[0]; /* each player takes the other's colour, and its points */
    s->score[0] = s->score[1];
    s->score[1] = t;
}

uint64_t tv_state_hash(const tv_rules *r, const tv_state *s)
{
    uint64_t h = 0;
    if (r->board == TV_BOARD_MANCALA)
        h = tv_holes_hash(r, s);
    else
        for (int c = 0; c < r->ncells; c++)
            h ^= r->zcell[c][s->cells[c]];
    return h ^ tv_state_hash_rest(r, s);
}

uint64_t tv_state_hash_rest(const tv_rules *r, const tv_state *s)
{
    uint64_t h = tv_vars_hash(r, s);
    if (s->to_move)
        h ^= r->zside;
    if (s->flags & TV_FLAG_SWAPPED)
        h ^= r->zswapped;
    if (s->flags & TV_FLAG_SETUP)
        h ^= r->zsetup;
    return h;
}

void tv_state_count(const tv_rules *r, tv_state *s)
{
    int empty = 0, owned[2] = {0, 0};
    for (int c = 0; c < r->ncells; c++) {
        int v = s->cells[c];
        empty += v == TV_EMPTY;
        if (tv_cell_is_piece(v))
            owned[tv_cell_colour(v) - 1]++;
    }
    s->empty = (uint16_t)empty;
    s->stones = (uint16_t)(owned[0] + owned[1]);
    s->owned[0] = (uint16_t)owned[0];
    s->owned[1] = (uint16_t)owned[1];
}

int tv_state_ok(const tv_rules *r, const tv_state *s, char *why, int size)
{
    uint64_t h = tv_state_hash(r, s);
    if (h != s->hash) {
        snprintf(why, (size_t)size, "hash %016llx, recomputed %016llx", (unsigned long long)s->hash,
                 (unsigned long long)h);
        return 0;
    }
    if (s->to_move > 1) {
        snprintf(why, (size_t)size, "player %d to move", s->to_move);
        return 0;
    }
    if (r->board == TV_BOARD_MANCALA) {
        int seeds = 0;
        for (int c = 0; c < r->ncells; c++)
            seeds += s->cells[c];
        if (seeds != s->stones)
            snprintf(why, (size_t)size, "%d seeds counted, %d in the holes", s->stones, seeds);
        return seeds == s->stones;
    }
    tv_state_buf buf;
    tv_state *t = &buf.state;
    memcpy(t, s, (size_t)r->state_size);
    tv_state_count(r, t);
    if (t->empty != s->empty || t->stones != s->stones || t->owned[0] != s->owned[0] || t->owned[1] != s->owned[1]) {
        snprintf(why, (size_t)size, "counts empty %d stones %d owned %d/%d, recounted %d %d %d/%d", s->empty, s->stones,
                 s->owned[0], s->owned[1], t->empty, t->stones, t->owned[0], t->owned[1]);
        return 0;
    }
    return 1;
}

#ifdef TV_STATE_CHECKS
void tv_state_assert_ok(const tv_rules *r, const tv_state *s)
{
    if (r->ncells > TV_STATE_CHECK_CELLS && (s->ply & 63))
        return;
    char why[160];
    if (!tv_state_ok(r, s, why, (int)sizeof why)) {
        fprintf(stderr, "tv_state_ok: %s: ply %d: %s\n", r->name, s->ply, why);
        abort();
    }
}
#endif

/* A byte's high bit set where the byte is 0 (TV_EMPTY), eight bytes at once. */
static inline uint64_t zero_bytes(uint64_t w)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
    return ~(((w & low7) + low7) | w | low7);
}

int tv_cells_empty_count(const uint8_t *cells, int n)
{
    int count = 0, c = 0;
    for (; c + 8 <= n; c += 8) {
        uint64_t w;
        memcpy(&w, cells + c, 8);
        count += tv_bits_count(zero_bytes(w));
    }
    for (; c < n; c++)
        count += cells[c] == TV_EMPTY;
    return count;
}

int tv_cells_empty_at(const uint8_t *cells, int n, int k)
{
    int c = 0;
    for (; c + 8 <= n; c += 8) {
        uint64_t w;
        memcpy(&w, cells + c, 8);
        int here = tv_bits_count(zero_bytes(w));
        if (k < here)
            break;
        k -= here;
    }
    for (; c < n; c++)
        if (cells[c] == TV_EMPTY && k-- == 0)
            return c;
    return -1; /* k was not below the count */
}
