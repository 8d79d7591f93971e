/* Groups and liberties (Go; tv_rules.h tv_groups): which placements are
 * legal, a placement's captures, and the area a side holds. A group is the
 * stones of one colour joined through their four sides; its liberties are
 * the empty cells beside it. Nothing allocates; every walk is bounded by the
 * board (each cell visited once). */
#ifndef TV_GROUPS_H
#define TV_GROUPS_H

#include "tv_cells.h"

/* What one scan of a position knows: each stone's group, and each group's
 * liberties counted up to two (and its first), enough to tell a placement
 * that captures (an enemy group's only liberty) from a suicide (no liberty
 * left to the mover's stone and the groups it joins). */
typedef struct tv_groups_scan {
    int16_t group[TV_MAX_CELLS]; /* a stone's group, -1 elsewhere */
    uint8_t libs[TV_MAX_CELLS];  /* by group: 0, 1, or 2 for two or more */
    int16_t lib1[TV_MAX_CELLS];  /* by group: its first liberty found */
} tv_groups_scan;

void tv_groups_scan_of(const tv_rules *r, const uint8_t *cells, tv_groups_scan *g);

/* A stone of `colour` on the empty `cell`: 2 when it captures, 1 when it
 * keeps a liberty without capturing, 0 when it is a suicide. */
int tv_groups_placement(const tv_rules *r, const uint8_t *cells, const tv_groups_scan *g, int cell, int colour);

/* Places a stone of `colour` on the empty `cell` and removes what it
 * captures (then its own group, a suicide the rules allow): *taken the
 * enemy stones taken, *ko the cell the simple ko rule closes to the other
 * side (-1: none). Cells through tv_cells.h with the undo record u (may be
 * NULL). TV_OK or an error code. */
int tv_groups_place(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int colour, int *taken, int *ko,
                    tv_error *err);

/* Area scoring: each colour's stones plus the empty regions that only its
 * stones border, into area[0] (colour 1) and area[1] (colour 2). */
void tv_groups_area(const tv_rules *r, const uint8_t *cells, int area[2]);

#endif
