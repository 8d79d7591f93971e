/* Grid topology: cell indices, cell names and the four line directions.
 * Cell index = row * width + col, row 0 is the first player's side. Names are
 * a column letter from 'a' and a row number from 1: "a1", "g7".
 *
 * A grid is square (each cell touches the 8 around it) or a hex rhombus (Hex's
 * board): the same width x height cells, each a hexagon touching six others,
 * (c+1,r) (c-1,r) (c,r+1) (c,r-1) (c+1,r-1) (c-1,r+1) -- the standard Hex
 * notation (HexGui, Little Golem): a1 and the last cell are the acute corners
 * (two neighbours), the last of row 1 and the first of the last row the
 * obtuse ones (three).
 * Drawn with row 1 at the bottom, as every tavola board, each row half a cell
 * to the right of the one below it; Hex's own diagrams put row 1 on top, the
 * same board seen in a mirror (the same cells touch). */
#ifndef TV_GRID_H
#define TV_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "tv_compass.h"

#define TV_MAX_SIDE 26 /* columns are letters a..z */
#define TV_MAX_CELLS (TV_MAX_SIDE * TV_MAX_SIDE)

/* Line directions, as a bit mask. */
enum {
    TV_DIR_H = 1,  /* along a row */
    TV_DIR_V = 2,  /* along a column */
    TV_DIR_D1 = 4, /* diagonal a1-b2-c3 */
    TV_DIR_D2 = 8, /* anti-diagonal a3-b2-c1 */
    TV_DIR_ALL = 15
};

typedef struct tv_grid {
    int width, height;
    int hex; /* 1: a rhombus of hexagons (six neighbours) */
} tv_grid;

/* Whether the cells (col,row) and (col+dcol,row+drow), both on the board and
 * at most one step apart, touch: on a hex rhombus the diagonal a1-b2 is not a
 * side of a hexagon (a2-b1 is). */
static inline int tv_grid_touch(const tv_grid *g, int dcol, int drow)
{
    return !g->hex || dcol != drow;
}

static inline int tv_grid_cells(const tv_grid *g) { return g->width * g->height; }
static inline int tv_grid_col(const tv_grid *g, int cell) { return cell % g->width; }
static inline int tv_grid_row(const tv_grid *g, int cell) { return cell / g->width; }

/* Step vector of direction bit `dir` (one of TV_DIR_H..TV_DIR_D2). */
void tv_dir_step(int dir, int *dcol, int *drow);

/* Writes the cell's name ("c3") into buf; returns the length. */
int tv_grid_cell_name(const tv_grid *g, int cell, char *buf, size_t size);

/* Parses a whole cell name; returns the cell index or -1. */
int tv_grid_parse_cell(const tv_grid *g, const char *text);

/* A square grid cell's name ("c3", "a10") into t[0..4), without a NUL;
 * returns its length. Written by hand, not by snprintf: a play hook gets
 * every move as text. */
static inline int tv_grid_cell_text(const tv_grid *g, int cell, char *t)
{
    int row = cell / g->width + 1, len = 1;
    t[0] = (char)('a' + cell % g->width);
    if (row >= 10)
        t[len++] = (char)('0' + row / 10);
    t[len++] = (char)('0' + row % 10);
    return len;
}

/* Parses a "dirs" string of letters h, v, d (both diagonals); returns the
 * mask, or -1 on an unknown letter. */
int tv_dirs_parse(const char *text);

/* The neighbour of every cell in each compass direction (tv_compass.h), or
 * -1: off the board, or not a side of a hex rhombus's hexagon. */
void tv_grid_neighbours(const tv_grid *g, int16_t (*nb)[8]);

/* On a board of 64 cells or fewer, for each compass direction d the cells
 * (bits) that have a neighbour that way (tv_grid_neighbours's -1 excluded);
 * all 0 on a bigger board. A step that way moves each bit by the
 * direction's offset in cell numbers, tv_grid_offset. */
void tv_grid_dir_sources(const tv_grid *g, uint64_t sources[8]);
static inline int tv_grid_offset(const tv_grid *g, int d) { return tv_compass_drow(d) * g->width + tv_compass_dcol(d); }

#endif
