/* A mancala board's holes as words (tv_sow_laps in tv_rules.h): the holes'
 * part of the state's hash, read by the sowing (tv_sow.c) and by every
 * write of a hole and recount (tv_cells.c). */
#ifndef TV_HOLES_H
#define TV_HOLES_H

#include <stdint.h>
#include <string.h>

#include "tv_bits.h"
#include "tv_rules.h"

/* The holes' part of the hash: each word of lanes (tv_sow_laps in
 * tv_rules.h), masked to its cells, mixed with its key by a bijection, so
 * boards that differ in one word never share it. A sowing rehashes the few
 * words of the board (two in Kalah) instead of a key a seed. */
static inline uint64_t tv_holes_word_hash(const tv_rules *r, int i, uint64_t w)
{
    uint64_t h = (w & r->laps.mask[i]) ^ r->laps.key[i];
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53u;
    return h ^ (h >> 33);
}

/* The words end at the last cell, so a small board's first word begins in
 * the state's head: its lanes there are masked off. */
_Static_assert(TV_STATE_HEAD >= 32, "the holes' words begin at most 32 bytes before the cells");

static inline uint64_t tv_holes_hash(const tv_rules *r, const tv_state *s)
{
    const uint8_t *words = s->cells + r->ncells - 32;
    uint64_t h = 0;
    for (int i = r->laps.first; i < 4; i++) {
        uint64_t w;
        memcpy(&w, words + 8 * i, 8);
        h ^= tv_holes_word_hash(r, i, w);
    }
    return h;
}

/* The lanes of a word that hold seeds, as bits (lane j: bit j). */
static inline unsigned tv_holes_word_sown(uint64_t w) { return ~tv_bits_zero_bytes(w) & 0xffu; }

/* The holes of player p's row that hold seeds: bit i for hole p x holes + i. */
static inline unsigned tv_holes_row_sown(const tv_rules *r, const tv_state *s, int p)
{
    const uint8_t *words = s->cells + r->ncells - 32;
    uint32_t lanes = 0;
    for (int i = r->laps.first; i < 4; i++) {
        uint64_t w;
        memcpy(&w, words + 8 * i, 8);
        lanes |= (uint32_t)tv_holes_word_sown(w) << (8 * i);
    }
    return (lanes >> (32 - r->ncells + p * r->sow.holes)) & ((1u << r->sow.holes) - 1);
}

#endif
