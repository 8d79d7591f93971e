/* The eight compass directions of a square grid, 0 = N (towards higher rows)
 * .. 7 = NW, as column and row steps; the same numbering everywhere (pieces'
 * generators, custodial capture, flips, the neighbour table). */
#ifndef TV_COMPASS_H
#define TV_COMPASS_H

#include <stdint.h>

/* Compass direction i as a column and row step. */
static inline int tv_compass_dcol(int i) { static const int8_t d[8] = {0, 1, 1, 1, 0, -1, -1, -1}; return d[i & 7]; }
static inline int tv_compass_drow(int i) { static const int8_t d[8] = {1, 1, 0, -1, -1, -1, 0, 1}; return d[i & 7]; }
static inline int tv_compass_reverse(int i) { return (i + 4) & 7; }
/* North and south exchanged: player 2's view of player 1's directions. */
static inline int tv_compass_mirror(int i) { return (4 - i) & 7; }
static inline int tv_compass_mirror_mask(int mask)
{
    int out = 0;
    for (int i = 0; i < 8; i++)
        if (mask & (1 << i))
            out |= 1 << tv_compass_mirror(i);
    return out;
}

#endif
