#include "tv_goal_rules.h"

static int on_grid(const tv_grid *g, int col, int row)
{
    return col >= 0 && col < g->width && row >= 0 && row < g->height;
}

static uint64_t bit_at(const tv_grid *g, int col, int row) { return 1ull << (row * g->width + col); }

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
}
