#include "tv_draw.h"
#include "tv_out.h"
#include "tv_position.h"
#include "tv_vars_state.h"

#include <ctype.h>
#include <stdio.h>


/* A player's name as drawn: a ruleset's control bytes (ESC, newline) become
 * \xHH, so a drawing written to a terminal cannot carry escape sequences. */
typedef struct { char text[TV_NAME_MAX * 4 + 1]; } safe_name;
static safe_name name_of(const tv_rules *r, int p)
{
    safe_name n;
    size_t k = 0;
    for (const unsigned char *c = (const unsigned char *)r->players[p & 1]; *c && k + 5 < sizeof n.text; c++) {
        if (*c < 0x20 || *c == 0x7f)
            k += (size_t)snprintf(n.text + k, sizeof n.text - k, "\\x%02x", *c);
        else
            n.text[k++] = (char)*c;
    }
    n.text[k] = '\0';
    return n;
}


static void status(tv_out *o, const tv_game *g)
{
    const tv_rules *r = g->rules;
    const tv_state *s = g->state;
    safe_name p1 = name_of(r, 0), p2 = name_of(r, 1);
    if (r->board == TV_BOARD_MANCALA)
        tv_out_put(o, "ply %u  %s %d  %s %d  ", (unsigned)s->ply, p1.text, (int)s->score[0], p2.text,
            (int)s->score[1]);
    else if (tv_rules_scores(r))
        tv_out_put(o, "ply %u  %s (%c) %d  %s (%c) %d  ", (unsigned)s->ply, p1.text, tv_cell_char(r, tv_colour_of(s, 0)),
            (int)s->score[0], p2.text, tv_cell_char(r, tv_colour_of(s, 1)), (int)s->score[1]);
    else /* a k-in-a-row game keeps no score */
        tv_out_put(o, "ply %u  %s (%c)  %s (%c)  ", (unsigned)s->ply, p1.text, tv_cell_char(r, tv_colour_of(s, 0)), p2.text,
            tv_cell_char(r, tv_colour_of(s, 1)));
    if (s->status == TV_OVER && (s->flags & TV_FLAG_CAPPED))
        tv_out_put(o, "game over: draw, the move limit of %d plies was reached\n", r->ply_cap);
    else if (s->status == TV_OVER && s->winner == 0)
        tv_out_put(o, "game over: draw\n");
    else if (s->status == TV_OVER)
        tv_out_put(o, "game over: %s wins\n", s->winner == 1 ? p1.text : p2.text);
    else
        tv_out_put(o, "%s to %s\n", s->to_move ? p2.text : p1.text, (s->flags & TV_FLAG_SETUP) ? "place a hole" : "move");
}

/* ---- variables and hands ------------------------------------------------ */

static void vars_line(tv_out *o, const tv_game *g)
{
    const tv_rules *r = g->rules;
    for (int i = 0; i < r->vars.n; i++) {
        const tv_var *x = &r->vars.var[i];
        tv_out_put(o, "%s%s=", i ? " " : "", x->name); /* names are a-z, 0-9, _ (the loader's check) */
        for (int p = 0; p < (x->per_player ? 2 : 1); p++) {
            int v = tv_var_get(r, g->state, i, p);
            char cell[8] = "-";
            if (x->type == TV_VAR_CELL && v >= 0 && v < r->ncells)
                cell[tv_grid_cell_text(&r->grid, v, cell)] = '\0';
            if (p)
                tv_out_put(o, "/");
            if (x->type == TV_VAR_FLAG)
                tv_out_put(o, "%s", v ? "true" : "false");
            else if (x->type == TV_VAR_CELL)
                tv_out_put(o, "%s", cell);
            else
                tv_out_put(o, "%d", v);
        }
    }
}

int tv_draw_hand_kinds(const tv_rules *r) { return r->vars.hands ? (r->pieces.nkinds ? r->pieces.nkinds : 1) : 0; }

char tv_draw_hand_letter(const tv_rules *r, int p, int k)
{
    if (!r->pieces.nkinds)
        return p ? 'o' : 'x';
    return p ? r->pieces.letter[k] : (char)toupper((unsigned char)r->pieces.letter[k]);
}

static void hand_line(tv_out *o, const tv_game *g, int p)
{
    const tv_rules *r = g->rules;
    int any = 0;
    for (int k = 0; k < tv_draw_hand_kinds(r); k++) {
        int n = tv_hand_get(r, g->state, p, k);
        if (n > 0)
            tv_out_put(o, "%s%c%d", any++ ? " " : "", tv_draw_hand_letter(r, p, k), n);
    }
    if (!any && tv_draw_hand_kinds(r))
        tv_out_put(o, "none");
}

int tv_draw_vars(const tv_game *g, char *buf, size_t size)
{
    tv_out o = {buf, size, 0};
    vars_line(&o, g);
    return tv_out_end(&o);
}

/* The lines under the board, for a ruleset that has variables or hands. */
static void extras(tv_out *o, const tv_game *g)
{
    const tv_rules *r = g->rules;
    if (r->vars.n) {
        tv_out_put(o, "    vars: ");
        vars_line(o, g);
        tv_out_put(o, "\n");
    }
    if (tv_draw_hand_kinds(r)) {
        for (int p = 0; p < 2; p++) {
            tv_out_put(o, "%s%s: ", p ? "; " : "    hands: ", name_of(r, p).text);
            hand_line(o, g, p);
        }
        tv_out_put(o, "\n");
    }
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
                tv_out_put(&o, "%c", tv_cell_char(r, v));
        }
        tv_out_put(&o, "\n");
    }
    return tv_out_end(&o);
}

/* A graph board's cell that is no point: '-' where a link passes it along
 * its row, '|' along its column, else blank. */
static char graph_char(const tv_rules *r, int cell)
{
    int w = r->grid.width, col = cell % w, row = cell / w;
    for (int a = 0; a < r->ncells; a++)
        for (int i = 0; i < r->graph.nlinks[a]; i++) {
            int b = r->graph.link[a][i], ac = a % w, ar = a / w, bc = b % w, br = b / w;
            if (ar == row && br == row && (ac - col) * (bc - col) < 0)
                return '-';
            if (ac == col && bc == col && (ar - row) * (br - row) < 0)
                return '|';
        }
    return ' ';
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
            tv_out_put(&o, "    %s %s %d\n", name_of(r, row).text, r->sow.stores ? "store" : "captured", (int)s->score[row]);
        }
    } else {
        int last = tv_last_cell(r, s), hex = r->grid.hex;
        /* Cells a hex board's ruleset blocks by name shape it (Y's triangle):
         * drawn as nothing. */
        int shaped = hex && r->blocks.mode == TV_BLOCKS_LIST;
        if (hex && !shaped) { /* the letters along the top row too: columns lean */
            tv_out_put(&o, "    %*s", r->grid.height - 1, "");
            for (int col = 0; col < r->grid.width; col++)
                tv_out_put(&o, " %c", 'a' + col);
            tv_out_put(&o, "\n");
        }
        for (int row = r->grid.height - 1; row >= 0; row--) {
            /* A hex rhombus: each row half a cell (one character) right of
             * the row below, so that a cell's six neighbours surround it. */
            tv_out_put(&o, "%3d %*s", row + 1, hex ? row : 0, "");
            int end = r->grid.width; /* no blanks at the end of a line */
            while (shaped && end > 1 && s->cells[row * r->grid.width + end - 1] == TV_BLOCK)
                end--;
            for (int col = 0; col < end; col++) {
                int cell = row * r->grid.width + col, c = tv_cell_char(r, s->cells[cell]);
                if (shaped && s->cells[cell] == TV_BLOCK)
                    c = ' ';
                if (r->graph.on && s->cells[cell] == TV_BLOCK) /* a graph's links, drawn through the cells between */
                    c = graph_char(r, cell);
                if (cell == last && !r->pieces.nkinds && (c == 'x' || c == 'o')) /* kinds use the case for the owner */
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
    extras(&o, g);
    status(&o, g);
    return tv_out_end(&o);
}
