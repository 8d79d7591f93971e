#include "tv_lines.h"

/* Length of the run of `colour` starting next to (col,row) in direction (dc,dr). */
static int run_from(const tv_grid *g, const uint8_t *cells, int col, int row, int dc, int dr,
                    int colour)
{
    int w = g->width, h = g->height, n = 0;
    for (col += dc, row += dr; col >= 0 && col < w && row >= 0 && row < h; col += dc, row += dr) {
        if (cells[row * w + col] != colour)
            break;
        n++;
    }
    return n;
}

int32_t tv_lines_delta(const tv_rules *r, const uint8_t *cells, int cell)
{
    int colour = cells[cell], col = tv_grid_col(&r->grid, cell), row = tv_grid_row(&r->grid, cell);
    int32_t delta = 0;
    for (int dir = TV_DIR_H; dir <= TV_DIR_D2; dir <<= 1) {
        if (!(r->lines.dirs & dir))
            continue;
        int dc, dr;
        tv_dir_step(dir, &dc, &dr);
        int before = run_from(&r->grid, cells, col, row, -dc, -dr, colour);
        int after = run_from(&r->grid, cells, col, row, dc, dr, colour);
        delta += tv_run_points(r, before + after + 1) - tv_run_points(r, before) -
                 tv_run_points(r, after);
    }
    return delta;
}

void tv_runs_count(const tv_grid *g, const tv_lines *l, const uint8_t *cells, int32_t points[2])
{
    int w = g->width, h = g->height;
    points[0] = points[1] = 0;
    for (int dir = TV_DIR_H; dir <= TV_DIR_D2; dir <<= 1) {
        if (!(l->dirs & dir))
            continue;
        int dc, dr;
        tv_dir_step(dir, &dc, &dr);
        /* A run starts at a stone whose predecessor in this direction is off
         * the board or of another colour. */
        for (int cell = 0; cell < w * h; cell++) {
            int colour = cells[cell];
            if (colour != TV_STONE1 && colour != TV_STONE2)
                continue;
            int col = cell % w, row = cell / w, pc = col - dc, pr = row - dr;
            if (pc >= 0 && pc < w && pr >= 0 && pr < h && cells[pr * w + pc] == colour)
                continue;
            int len = 1 + run_from(g, cells, col, row, dc, dr, colour);
            points[colour - 1] += l->points[len];
        }
    }
}

void tv_lines_count(const tv_rules *r, const uint8_t *cells, int32_t points[2])
{
    tv_runs_count(&r->grid, &r->lines, cells, points);
}

static int goal_met(const tv_goal *g, int len)
{
    return g->exact ? len == g->length : len >= g->length;
}

int tv_goal_made(const tv_rules *r, const uint8_t *cells, int cell)
{
    int colour = cells[cell], col = tv_grid_col(&r->grid, cell), row = tv_grid_row(&r->grid, cell);
    for (int dir = TV_DIR_H; dir <= TV_DIR_D2; dir <<= 1) {
        if (!(r->goal.dirs & dir))
            continue;
        int dc, dr;
        tv_dir_step(dir, &dc, &dr);
        int len = 1 + run_from(&r->grid, cells, col, row, -dc, -dr, colour) +
                  run_from(&r->grid, cells, col, row, dc, dr, colour);
        if (goal_met(&r->goal, len))
            return 1;
    }
    return 0;
}

int tv_goal_anywhere(const tv_rules *r, const uint8_t *cells, int colour)
{
    int w = r->grid.width, h = r->grid.height;
    for (int dir = TV_DIR_H; dir <= TV_DIR_D2; dir <<= 1) {
        if (!(r->goal.dirs & dir))
            continue;
        int dc, dr;
        tv_dir_step(dir, &dc, &dr);
        for (int cell = 0; cell < w * h; cell++) {
            int col = cell % w, row = cell / w, pc = col - dc, pr = row - dr;
            if (cells[cell] != colour ||
                (pc >= 0 && pc < w && pr >= 0 && pr < h && cells[pr * w + pc] == colour))
                continue; /* not the start of a maximal run */
            if (goal_met(&r->goal, 1 + run_from(&r->grid, cells, col, row, dc, dr, colour)))
                return 1;
        }
    }
    return 0;
}
