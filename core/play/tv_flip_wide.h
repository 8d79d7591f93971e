/* Flips on boards past 64 cells (tv_flip.h): the bit boards of tv_flip.c
 * over several words. A step of every member of a set along a compass
 * direction is a shift of the whole multiword number by the direction's
 * offset and a mask (tv_flip.wmask, derived in tv_rules_finish), so all the
 * rays of a colour advance at once; a ray stops when its frontier is empty.
 * A ply costs a pass over the cells (to read them as sets) and the words
 * times the longest run found, where the ray walks of every empty cell cost
 * the cells times the runs. Nothing is allocated. */
#ifndef TV_FLIP_WIDE_H
#define TV_FLIP_WIDE_H

#include "tv_rules.h"

/* The cells where a stone of colour `own` (TV_STONE1/2) flips something, in
 * cell order, into out[0..cap); their count. */
int tv_flip_wide_moves(const tv_rules *r, const uint8_t *cells, int own, tv_move *out, int cap);

/* Whether there is one. */
int tv_flip_wide_any(const tv_rules *r, const uint8_t *cells, int own);

/* The cells as sets (TV_FLIP_WORDS words each, the words past the board
 * zero): stones[0] of TV_STONE1, stones[1] of TV_STONE2, and the empty
 * cells. A playout keeps them from ply to ply. */
void tv_flip_wide_sets(const tv_rules *r, const uint8_t *cells, uint64_t stones[2][TV_FLIP_WORDS], uint64_t *empty);

/* The empty cells where a stone of the colour whose stones are `mine` flips
 * some of `theirs`, as a set into moves (the board's words); whether there
 * is one. Up to 256 cells on a processor with AVX2, the four words are
 * stepped in one register; otherwise, and past 256 cells, word by word. */
int tv_flip_wide_moves_of(const tv_rules *r, const uint64_t *mine, const uint64_t *theirs, const uint64_t *empty,
                          uint64_t *moves);

/* The same, word by word on any processor (the tests hold the two alike). */
int tv_flip_wide_moves_plain(const tv_rules *r, const uint64_t *mine, const uint64_t *theirs,
                             const uint64_t *empty, uint64_t *moves);

#endif
