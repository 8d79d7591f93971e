#include "tv_draw.h"
#include "tv_out.h"

#include <stdio.h>

static const char cell_char[4] = {'.', 'x', 'o', '#'};


static void status(tv_out *o, const tv_game *g)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    if (r->board == TV_BOARD_MANCALA)
        tv_out_put(o, "ply %u  %s %d  %s %d  ", (unsigned)s->ply, r->players[0], (int)s->score[0], r->players[1],
            (int)s->score[1]);
    else
        tv_out_put(o, "ply %u  %s (%c) %d  %s (%c) %d  ", (unsigned)s->ply, r->players[0], cell_char[tv_colour_of(s, 0)],
            (int)s->score[0], r->players[1], cell_char[tv_colour_of(s, 1)], (int)s->score[1]);
    if (s->status == TV_OVER && (s->flags & TV_FLAG_CAPPED))
        tv_out_put(o, "game over: draw, the move limit of %d plies was reached\n", r->ply_cap);
    else if (s->status == TV_OVER && s->winner == 0)
        tv_out_put(o, "game over: draw\n");
    else if (s->status == TV_OVER)
        tv_out_put(o, "game over: %s wins\n", r->players[s->winner - 1]);
    else
        tv_out_put(o, "%s to %s\n", r->players[s->to_move], (s->flags & TV_FLAG_SETUP) ? "place a hole" : "move");
}

int tv_draw_status(const tv_game *g, char *buf, size_t size)
{
    tv_out o = {buf, size, 0};
    status(&o, g);
    return (int)o.len;
}

int tv_draw_rows(const tv_game *g, char *buf, size_t size)
{
    const tv_rules *r = g->rules;
    tv_out o = {buf, size, 0};
    for (int row = r->grid.height - 1; row >= 0; row--) {
        for (int col = 0; col < r->grid.width; col++) {
            int v = g->state->cells[row * r->grid.width + col];
            if (r->board == TV_BOARD_MANCALA)
                tv_out_put(&o, "%s%d", col ? " " : "", v);
            else
                tv_out_put(&o, "%c", cell_char[v & 3]);
        }
        tv_out_put(&o, "\n");
    }
    return tv_out_end(&o);
}

int tv_draw_board(const tv_game *g, char *buf, size_t size)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    tv_out o = {buf, size, 0};
    if (r->board == TV_BOARD_MANCALA) { /* row 2 on top, as the players sit */
        int w = r->sow.holes;
        tv_out_put(&o, "    ");
        for (int col = 0; col < w; col++)
            tv_out_put(&o, " %3c", 'a' + col);
        tv_out_put(&o, "\n");
        for (int row = 1; row >= 0; row--) {
            tv_out_put(&o, "%3d ", row + 1);
            for (int col = 0; col < w; col++)
                tv_out_put(&o, " %3d", s->cells[row * w + col]);
            tv_out_put(&o, "    %s %s %d\n", r->players[row], r->sow.stores ? "store" : "captured", (int)s->score[row]);
        }
    } else {
        int last = tv_last_cell(r, s);
        for (int row = r->grid.height - 1; row >= 0; row--) {
            tv_out_put(&o, "%3d ", row + 1);
            for (int col = 0; col < r->grid.width; col++) {
                int cell = row * r->grid.width + col, c = cell_char[s->cells[cell] & 3];
                if (cell == last && (c == 'x' || c == 'o'))
                    c -= 'a' - 'A'; /* the last stone in capitals */
                tv_out_put(&o, " %c", c);
            }
            tv_out_put(&o, "\n");
        }
        tv_out_put(&o, "    ");
        for (int col = 0; col < r->grid.width; col++)
            tv_out_put(&o, " %c", 'a' + col);
        tv_out_put(&o, "\n");
    }
    status(&o, g);
    return tv_out_end(&o);
}
