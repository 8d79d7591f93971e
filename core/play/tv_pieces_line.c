/* Line-count moves and leaps (tv_pieces_line.h). */
#include "tv_pieces_line.h"
#include "tv_bits.h"

static void count_lines(const tv_rules *r, const uint8_t *cells, tv_plines *l)
{
    int w = r->grid.width, h = r->grid.height;
    for (int i = 0; i < w; i++)
        l->col[i] = 0;
    for (int i = 0; i < h; i++)
        l->row[i] = 0;
    for (int i = 0; i < w + h - 1; i++)
        l->diag[i] = l->anti[i] = 0;
    for (int row = 0, c = 0; row < h; row++)
        for (int col = 0; col < w; col++, c++)
            if (tv_cell_is_piece(cells[c])) {
                l->col[col]++;
                l->row[row]++;
                l->diag[col - row + h - 1]++;
                l->anti[col + row]++;
            }
    l->ready = 1;
}

/* The pieces on the four lines through `cell`, by compass direction mod 4
 * (a line and its reverse are one line): N-S, NE-SW, E-W, SE-NW. */
static inline void on_lines(const tv_rules *r, const tv_plines *l, int cell, int count[4])
{
    int col = tv_grid_col(&r->grid, cell), row = tv_grid_row(&r->grid, cell);
    count[0] = l->col[col];
    count[1] = l->diag[col - row + r->grid.height - 1];
    count[2] = l->row[row];
    count[3] = l->anti[col + row];
}

/* Appends the move to `to` when its content allows it. */
static inline int land(const tv_rules *r, const tv_gen *gen, int colour, int from, int to, int v, tv_move *out,
                       int8_t *caps, int n)
{
    int capture;
    if (v == TV_EMPTY && (gen->to & TV_TO_EMPTY))
        capture = 0;
    else if (tv_cell_is_piece(v) && tv_cell_colour(v) != colour && (gen->to & TV_TO_ENEMY))
        capture = 1;
    else
        return n;
    if (n == r->max_moves)
        return -1;
    caps[n] = (int8_t)capture;
    out[n] = tv_pmove_simple(from, to, capture);
    return n + 1;
}

int tv_pline_moves(const tv_rules *r, const tv_gen *gen, const uint8_t *cells, int colour, int from,
                   tv_plines *lines, tv_move *out, int8_t *caps, int n)
{
    int count[4], w = r->grid.width, h = r->grid.height;
    int col = tv_grid_col(&r->grid, from), row = tv_grid_row(&r->grid, from);
    if (!lines->ready)
        count_lines(r, cells, lines);
    on_lines(r, lines, from, count);
    for (unsigned dirs = (unsigned)gen->abs[colour - 1]; dirs && n >= 0; dirs &= dirs - 1) {
        int d = tv_bits_lowest32(dirs), dist = count[d & 3], dc = tv_compass_dcol(d), dr = tv_compass_drow(d);
        int tc = col + dc * dist, tr = row + dr * dist;
        if (tc < 0 || tc >= w || tr < 0 || tr >= h)
            continue; /* the line ends first */
        int step = dr * w + dc, to = tr * w + tc, k = 1;
        for (; k < dist; k++) { /* on the board: a straight line to an on-board cell */
            int v = cells[from + k * step];
            if (v != TV_EMPTY && (v & 3) != colour)
                break; /* an enemy or a block (colour bits 3) on the way */
        }
        if (k == dist)
            n = land(r, gen, colour, from, to, cells[to], out, caps, n);
    }
    return n;
}

int tv_pleap_moves(const tv_rules *r, const tv_gen *gen, const uint8_t *cells, int colour, int from, tv_move *out,
                   int8_t *caps, int n)
{
    int w = r->grid.width, h = r->grid.height, col = tv_grid_col(&r->grid, from), row = tv_grid_row(&r->grid, from);
    int flip = colour == TV_STONE2 ? -1 : 1;
    for (int i = 0; i < gen->noffsets && n >= 0; i++) {
        int c = col + gen->offsets[i][0], rr = row + flip * gen->offsets[i][1];
        if (c >= 0 && c < w && rr >= 0 && rr < h)
            n = land(r, gen, colour, from, rr * w + c, cells[rr * w + c], out, caps, n);
    }
    return n;
}

const char *tv_pline_why(const tv_rules *r, const tv_gen *gen, const uint8_t *cells, int colour, int from, int to,
                         int *cell)
{
    tv_plines lines = {.ready = 0};
    *cell = -1;
    for (unsigned dirs = (unsigned)gen->abs[colour - 1]; dirs; dirs &= dirs - 1) {
        int d = 0, k = 0, at = from;
        while (!(dirs >> d & 1u))
            d++;
        while (at >= 0 && at != to && k < TV_MAX_SIDE) {
            at = r->nb[at][d];
            k++;
        }
        if (at != to)
            continue;
        int count[4];
        if (!lines.ready)
            count_lines(r, cells, &lines);
        on_lines(r, &lines, from, count);
        int dist = count[d & 3];
        if (k != dist)
            return dist == 1 ? "the line holds 1 piece: the piece moves exactly 1 cell"
                             : "the piece moves exactly as many cells as the line holds pieces";
        for (at = r->nb[from][d]; at != to; at = r->nb[at][d])
            if (cells[at] != TV_EMPTY && (!tv_cell_is_piece(cells[at]) || tv_cell_colour(cells[at]) != colour)) {
                *cell = at;
                return tv_cell_is_piece(cells[at]) ? "an enemy piece is in the way on " : "a block is in the way on ";
            }
        return cells[to] == TV_EMPTY ? "this game's line moves do not land on an empty cell"
                                     : "this game's line moves do not capture";
    }
    return NULL;
}
