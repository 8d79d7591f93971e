#include "tv_goal_rules.h"

#include <string.h>

static int on_grid(const tv_grid *g, int col, int row)
{
    return col >= 0 && col < g->width && row >= 0 && row < g->height;
}

static uint64_t bit_at(const tv_grid *g, int col, int row) { return 1ull << (row * g->width + col); }

/* Gives every cell as many windows as the cell with the most, where the
 * table has room (tic-tac-toe: 4 each, 36 in all): a placement's scan then
 * runs the same count every time, and its loop's end is no guess missed (a
 * corner's 3 and the centre's 4 were one a ply). A pad window can never
 * hit: it needs the placed cell both full and empty. Moved last cell first,
 * each cell's windows go to a place at or past where they were. */
static void pad_windows(tv_rules *r)
{
    tv_goal *goal = &r->goal;
    int most = 0, n = r->ncells;
    for (int cell = 0; cell < n; cell++)
        if (goal->win_first[cell + 1] - goal->win_first[cell] > most)
            most = goal->win_first[cell + 1] - goal->win_first[cell];
    if (most * n > TV_GOAL_WINS)
        return;
    for (int cell = n - 1; cell >= 0; cell--) {
        int from = goal->win_first[cell], count = goal->win_first[cell + 1] - from, to = cell * most;
        memmove(goal->win[to], goal->win[from], (size_t)count * sizeof goal->win[0]);
        for (int i = count; i < most; i++)
            goal->win[to + i][0] = goal->win[to + i][1] = 1ull << cell;
    }
    for (int cell = 0; cell <= n; cell++)
        goal->win_first[cell] = (uint16_t)(cell * most);
}

void tv_goal_windows(tv_rules *r)
{
    tv_goal *goal = &r->goal;
    const tv_grid *g = &r->grid;
    int len = goal->length, n = 0;
    goal->windowed = 0;
    if (!len || goal->any || r->board != TV_BOARD_GRID || g->hex || r->ncells > 64)
        return;
    goal->win_first[0] = 0;
    for (int cell = 0; cell < r->ncells; cell++) {
        int col = cell % g->width, row = cell / g->width;
        for (int dir = TV_DIR_H; dir <= TV_DIR_D2; dir <<= 1) {
            if (!(goal->dirs & dir))
                continue;
            int dc, dr;
            tv_dir_step(dir, &dc, &dr);
            for (int back = 0; back < len; back++) { /* the window that starts `back` steps behind the cell */
                int c0 = col - back * dc, r0 = row - back * dr;
                int c1 = c0 + (len - 1) * dc, r1 = r0 + (len - 1) * dr;
                if (!on_grid(g, c0, r0) || !on_grid(g, c1, r1))
                    continue;
                if (n == TV_GOAL_WINS)
                    return; /* too many: windowed stays 0 */
                uint64_t window = 0, ends = 0;
                for (int i = 0; i < len; i++)
                    window |= bit_at(g, c0 + i * dc, r0 + i * dr);
                if (goal->exact && on_grid(g, c0 - dc, r0 - dr))
                    ends |= bit_at(g, c0 - dc, r0 - dr);
                if (goal->exact && on_grid(g, c1 + dc, r1 + dr))
                    ends |= bit_at(g, c1 + dc, r1 + dr);
                goal->win[n][0] = window;
                goal->win[n][1] = ends;
                n++;
            }
        }
        goal->win_first[cell + 1] = (uint16_t)n;
    }
    goal->windowed = 1;
    pad_windows(r);
}
