#include "tv_lines.h"

#include <string.h>

#include "tv_cells.h"

/* Whether a cell holding v continues a run of `colour`; TV_GOAL_ANY: any stone. */
static inline int same_run(int v, int colour)
{
    return colour == TV_GOAL_ANY ? tv_cell_is_piece(v) : v == colour;
}

/* Length of the run of `colour` starting next to (col,row) in direction (dc,dr). */
static int run_from(const tv_grid *g, const uint8_t *cells, int col, int row, int dc, int dr,
                    int colour)
{
    int w = g->width, h = g->height, n = 0;
    for (col += dc, row += dr; col >= 0 && col < w && row >= 0 && row < h; col += dc, row += dr) {
        if (!same_run(cells[row * w + col], colour))
            break;
        n++;
    }
    return n;
}

/* cell / w for any cell of a board up to 26x26 without a division:
 * (cell * RECIP(w)) >> 16 is exact there (checked for every width and cell). */
#define RECIP(w) ((65536u + (w) - 1u) / (w))
static const uint32_t recip[TV_MAX_SIDE + 1] = {
    0, RECIP(1), RECIP(2), RECIP(3), RECIP(4), RECIP(5), RECIP(6), RECIP(7), RECIP(8), RECIP(9),
    RECIP(10), RECIP(11), RECIP(12), RECIP(13), RECIP(14), RECIP(15), RECIP(16), RECIP(17), RECIP(18),
    RECIP(19), RECIP(20), RECIP(21), RECIP(22), RECIP(23), RECIP(24), RECIP(25), RECIP(26)};

/* Stones of `colour` next to `cell` stepping by `step` cells, at most `limit`
 * steps (the distance to the edge of the board in that direction). */
static inline int run_len(const uint8_t *cells, int cell, int step, int limit, int colour)
{
    int n = 0;
    for (int c = cell + step; n < limit && cells[c] == colour; c += step)
        n++;
    return n;
}

static inline int min2(int a, int b) { return a < b ? a : b; }

/* The runs through the stone on `cell` along the directions of dirs: the
 * stones before[i] and after[i] it in the i-th direction present. Returns
 * the count of directions. Forced inline: it is the placement's inner loop. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int runs_through(const tv_grid *g, const uint8_t *cells, int cell, int dirs, int before[4],
                               int after[4])
{
    int colour = cells[cell], w = g->width, n = 0;
    int row = (int)(((uint32_t)cell * recip[w]) >> 16), col = cell - row * w;
    int left = col, right = w - 1 - col, down = row, up = g->height - 1 - row;
    if (dirs & TV_DIR_H) {
        before[n] = run_len(cells, cell, -1, left, colour);
        after[n++] = run_len(cells, cell, 1, right, colour);
    }
    if (dirs & TV_DIR_V) {
        before[n] = run_len(cells, cell, -w, down, colour);
        after[n++] = run_len(cells, cell, w, up, colour);
    }
    if (dirs & TV_DIR_D1) { /* a1-b2-c3 */
        before[n] = run_len(cells, cell, -w - 1, min2(left, down), colour);
        after[n++] = run_len(cells, cell, w + 1, min2(right, up), colour);
    }
    if (dirs & TV_DIR_D2) { /* a3-b2-c1 */
        before[n] = run_len(cells, cell, w - 1, min2(left, up), colour);
        after[n++] = run_len(cells, cell, 1 - w, min2(right, down), colour);
    }
    return n;
}

int32_t tv_lines_delta(const tv_rules *r, const uint8_t *cells, int cell)
{
    const int32_t *points = r->lines.points;
    int before[4], after[4], n = runs_through(&r->grid, cells, cell, r->lines.dirs, before, after);
    int32_t delta = 0;
    for (int i = 0; i < n; i++)
        delta += points[before[i] + after[i] + 1] - points[before[i]] - points[after[i]];
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

/* A line of stones of either colour through `cell` (line { colours = "any" }):
 * the full walk, as that goal is for small boards (Notakto). */
static int goal_made_any(const tv_rules *r, const uint8_t *cells, int cell)
{
    int col = tv_grid_col(&r->grid, cell), row = tv_grid_row(&r->grid, cell);
    for (int dir = TV_DIR_H; dir <= TV_DIR_D2; dir <<= 1) {
        int dc, dr;
        tv_dir_step(dir, &dc, &dr);
        if ((r->goal.dirs & dir) &&
            goal_met(&r->goal, 1 + run_from(&r->grid, cells, col, row, dc, dr, TV_GOAL_ANY) +
                                   run_from(&r->grid, cells, col, row, -dc, -dr, TV_GOAL_ANY)))
            return 1;
    }
    return 0;
}

int tv_goal_made(const tv_rules *r, const tv_state *s, int cell)
{
    const uint8_t *cells = s->cells;
    if (r->goal.any)
        return goal_made_any(r, cells, cell);
    if (r->goal.windowed) { /* a window full of the stone's colour, nothing of it just past (exact) */
        uint64_t bits = tv_cells_colour_bits(s, r->ncells, cells[cell]), hit = 0;
        const uint64_t(*win)[2] = r->goal.win;
        for (int i = r->goal.win_first[cell], end = r->goal.win_first[cell + 1]; i < end; i++)
            hit |= (uint64_t)((bits & win[i][0]) == win[i][0]) & (uint64_t)!(bits & win[i][1]);
        return (int)hit;
    }
    int before[4], after[4], n = runs_through(&r->grid, cells, cell, r->goal.dirs, before, after);
    for (int i = 0; i < n; i++)
        if (goal_met(&r->goal, 1 + before[i] + after[i]))
            return 1;
    return 0;
}

int tv_goal_anywhere(const tv_rules *r, const uint8_t *cells, int colour)
{
    int w = r->grid.width, h = r->grid.height;
    colour = r->goal.any ? TV_GOAL_ANY : colour;
    for (int dir = TV_DIR_H; dir <= TV_DIR_D2; dir <<= 1) {
        if (!(r->goal.dirs & dir))
            continue;
        int dc, dr;
        tv_dir_step(dir, &dc, &dr);
        for (int cell = 0; cell < w * h; cell++) {
            int col = cell % w, row = cell / w, pc = col - dc, pr = row - dr;
            if (!same_run(cells[cell], colour) ||
                (pc >= 0 && pc < w && pr >= 0 && pr < h && same_run(cells[pr * w + pc], colour)))
                continue; /* not the start of a maximal run */
            if (goal_met(&r->goal, 1 + run_from(&r->grid, cells, col, row, dc, dr, colour)))
                return 1;
        }
    }
    return 0;
}

int tv_goal_on_board(const tv_rules *r, const tv_state *s)
{
    if (!r->goal.length)
        return -1;
    if (r->goal.any) /* whoever put the stones there, the last mover made it */
        return tv_goal_anywhere(r, s->cells, TV_GOAL_ANY) ? tv_goal_winner(r, s->to_move ^ 1) : -1;
    int maker = -1;
    for (int p = 0; p < 2; p++) {
        if (!tv_goal_anywhere(r, s->cells, tv_colour_of(s, p)))
            continue;
        if (maker >= 0)
            return -2;
        maker = p;
    }
    return maker < 0 ? -1 : tv_goal_winner(r, maker);
}
