#include "tv_grid.h"

#include <stdio.h>
#include <string.h>

void tv_dir_step(int dir, int *dcol, int *drow)
{
    switch (dir) {
    case TV_DIR_H: *dcol = 1; *drow = 0; break;
    case TV_DIR_V: *dcol = 0; *drow = 1; break;
    case TV_DIR_D1: *dcol = 1; *drow = 1; break;
    default: *dcol = 1; *drow = -1; break;
    }
}

int tv_grid_cell_name(const tv_grid *g, int cell, char *buf, size_t size)
{
    return snprintf(buf, size, "%c%d", 'a' + tv_grid_col(g, cell), tv_grid_row(g, cell) + 1);
}

int tv_grid_parse_cell(const tv_grid *g, const char *text)
{
    if (text[0] < 'a' || text[0] > 'z')
        return -1;
    int col = text[0] - 'a';
    int row = 0, digits = 0;
    for (const char *p = text + 1; *p; p++) {
        if (*p < '0' || *p > '9' || digits == 2 || (digits == 0 && *p == '0'))
            return -1;
        row = row * 10 + (*p - '0');
        digits++;
    }
    if (digits == 0 || col >= g->width || row < 1 || row > g->height)
        return -1;
    return (row - 1) * g->width + col;
}

int tv_dirs_parse(const char *text)
{
    int mask = 0;
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case 'h': mask |= TV_DIR_H; break;
        case 'v': mask |= TV_DIR_V; break;
        case 'd': mask |= TV_DIR_D1 | TV_DIR_D2; break;
        default: return -1;
        }
    }
    return mask;
}

void tv_grid_neighbours(const tv_grid *g, int16_t (*nb)[8])
{
    int n = tv_grid_cells(g);
    for (int c = 0; c < n; c++)
        for (int d = 0; d < 8; d++) {
            int col = tv_grid_col(g, c) + tv_compass_dcol(d), row = tv_grid_row(g, c) + tv_compass_drow(d);
            nb[c][d] = (int16_t)(col >= 0 && col < g->width && row >= 0 && row < g->height &&
                                         tv_grid_touch(g, tv_compass_dcol(d), tv_compass_drow(d))
                                     ? row * g->width + col
                                     : -1);
        }
}

void tv_grid_dir_sources(const tv_grid *g, uint64_t sources[8])
{
    int n = tv_grid_cells(g), w = g->width, h = g->height;
    if (n > 64) {
        memset(sources, 0, 8 * sizeof *sources);
        return;
    }
    /* Bit sets, not a walk of the cells: the pieces' playouts derive their
     * plans from these twice a game. */
    uint64_t board = n == 64 ? ~0ull : (1ull << n) - 1, first_col = 0;
    for (int row = 0; row < h; row++)
        first_col |= 1ull << row * w;
    uint64_t last_col = first_col << (w - 1), first_row = (1ull << w) - 1, last_row = first_row << w * (h - 1);
    for (int d = 0; d < 8; d++) {
        int dc = tv_compass_dcol(d), dr = tv_compass_drow(d);
        sources[d] = !tv_grid_touch(g, dc, dr) ? 0
                     : board & (dc > 0 ? ~last_col : dc < 0 ? ~first_col : ~0ull) &
                           (dr > 0 ? ~last_row : dr < 0 ? ~first_row : ~0ull);
    }
}
