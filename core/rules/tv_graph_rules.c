#include "tv_graph_rules.h"

#include <stdio.h>

int tv_graph_linked(const tv_rules *r, int a, int b)
{
    for (int i = 0; i < r->graph.nlinks[a]; i++)
        if (r->graph.link[a][i] == b)
            return 1;
    return 0;
}

/* Links a and b (once), within the bound of links a point has. */
static int link(tv_rules *r, int a, int b, tv_error *err)
{
    tv_graph *g = &r->graph;
    char na[8], nb[8];
    tv_grid_cell_name(&r->grid, a, na, sizeof na);
    tv_grid_cell_name(&r->grid, b, nb, sizeof nb);
    if (a == b)
        return tv_error_set(err, TV_ERULES, "graph: %s is linked to itself", na);
    if (tv_graph_linked(r, a, b))
        return TV_OK;
    if (g->nlinks[a] == TV_GRAPH_LINKS || g->nlinks[b] == TV_GRAPH_LINKS)
        return tv_error_set(err, TV_ERULES, "graph: %s-%s: a point has at most %d links", na, nb, TV_GRAPH_LINKS);
    g->link[a][g->nlinks[a]++] = (int16_t)b;
    g->link[b][g->nlinks[b]++] = (int16_t)a;
    return TV_OK;
}

static int on_board(const tv_rules *r, int c) { return c >= 0 && c < r->ncells; }

int tv_graph_derive(tv_rules *r, tv_error *err)
{
    tv_graph *g = &r->graph;
    if (!g->on)
        return r->mills.on ? tv_error_set(err, TV_ERULES, "mills: men move along the links of a graph { } board")
                           : TV_OK;
    if (r->grid.hex)
        return tv_error_set(err, TV_ERULES, "graph: its points are cells of a square grid");
    if (r->blocks.mode != TV_BLOCKS_NONE && !g->npoints) /* npoints: derived before, the blocks are ours */
        return tv_error_set(err, TV_ERULES, "blocks: a graph board's blocks are the cells that are not its points");
    if (g->nlines < 1 || g->nlines > TV_GRAPH_LINES || g->nextra < 0 || g->nextra > TV_GRAPH_LINES)
        return tv_error_set(err, TV_ERULES, "graph: 1..%d lines and 0..%d links apart, not %d and %d", TV_GRAPH_LINES,
                            TV_GRAPH_LINES, g->nlines, g->nextra);
    for (int c = 0; c < r->ncells; c++)
        g->point[c] = 0, g->nlinks[c] = 0, g->nat[c] = 0;
    for (int l = 0; l < g->nlines; l++) {
        int n = g->line_len[l];
        if (n < 2 || n > TV_GRAPH_LINE_MAX)
            return tv_error_set(err, TV_ERULES, "graph: line %d has %d points (2..%d)", l + 1, n, TV_GRAPH_LINE_MAX);
        for (int i = 0; i < n; i++) {
            int c = g->line[l][i];
            if (!on_board(r, c))
                return tv_error_set(err, TV_ERULES, "graph: line %d: a point off the board", l + 1);
            for (int j = 0; j < i; j++)
                if (g->line[l][j] == c)
                    return tv_error_set(err, TV_ERULES, "graph: line %d passes a point twice", l + 1);
            if (g->nat[c] == TV_GRAPH_AT)
                return tv_error_set(err, TV_ERULES, "graph: line %d: a point is in at most %d lines", l + 1,
                                    TV_GRAPH_AT);
            for (int j = 0; j < g->nat[c]; j++) { /* the same points twice are one line */
                const int other = g->at[c][j];
                int same = g->line_len[other] == n;
                for (int k = 0; same && k < n; k++) {
                    int found = 0;
                    for (int m = 0; m < n; m++)
                        found |= g->line[other][m] == g->line[l][k];
                    same = found;
                }
                if (same)
                    return tv_error_set(err, TV_ERULES, "graph: lines %d and %d are the same points", other + 1, l + 1);
            }
            g->at[c][g->nat[c]++] = (uint8_t)l;
            g->point[c] = 1;
            int rc = i > 0 ? link(r, g->line[l][i - 1], c, err) : TV_OK;
            if (rc)
                return rc;
        }
    }
    for (int k = 0; k < g->nextra; k++) {
        int a = g->extra[k][0], b = g->extra[k][1];
        if (!on_board(r, a) || !on_board(r, b))
            return tv_error_set(err, TV_ERULES, "graph: link %d: a point off the board", k + 1);
        g->point[a] = g->point[b] = 1;
        int rc = link(r, a, b, err);
        if (rc)
            return rc;
    }
    r->blocks.mode = TV_BLOCKS_LIST;
    r->blocks.count = 0;
    g->npoints = 0;
    for (int c = 0; c < r->ncells; c++) {
        if (g->point[c])
            g->npoints++;
        else
            r->blocks.cells[r->blocks.count++] = (uint16_t)c;
    }
    if (g->npoints < 2)
        return tv_error_set(err, TV_ERULES, "graph: %d points (at least 2)", g->npoints);
    g->small = r->ncells <= 64;
    g->points_bits = 0;
    for (int c = 0; g->small && c < r->ncells; c++) {
        g->points_bits |= (uint64_t)g->point[c] << c;
        g->link_bits[c] = 0;
        for (int i = 0; i < g->nlinks[c]; i++)
            g->link_bits[c] |= 1ull << g->link[c][i];
    }
    for (int l = 0; g->small && l < g->nlines; l++) {
        g->line_bits[l] = 0;
        for (int i = 0; i < g->line_len[l]; i++)
            g->line_bits[l] |= 1ull << g->line[l][i];
    }
    return TV_OK;
}

int tv_graph_mills_check(tv_rules *r, tv_error *err)
{
    const tv_mills *m = &r->mills;
    if (!m->on)
        return TV_OK;
    if (m->fly < 0 || m->fly > r->graph.npoints)
        return tv_error_set(err, TV_ERULES, "mills: fly %d is outside 0..%d (the points)", m->fly, r->graph.npoints);
    if (!r->vars.hands || (!r->vars.hand_start[0][0] && !r->vars.hand_start[1][0]))
        return tv_error_set(err, TV_ERULES, "mills: the men are placed from the hands (hands = { man = { 9, 9 } })");
    if ((r->pieces.nkinds > 1))
        return tv_error_set(err, TV_ERULES, "mills: the men are of one kind, not %d", r->pieces.nkinds);
    /* own men (or the hand) x empty points x enemy men to remove (or 1),
     * their sum at most the points: the largest product */
    long most = 0, points = r->graph.npoints;
    for (long own = 1; own <= points; own++) {
        long rest = points - own, empty = (rest + 1) / 2, enemy = rest - empty;
        long n = own * empty * (enemy > 1 ? enemy : 1);
        most = n > most ? n : most;
    }
    if (most > TV_MOVES_LIMIT)
        return tv_error_set(err, TV_ERULES, "mills: %d points could have %ld legal moves in one position, more than %d",
                            r->graph.npoints, most, TV_MOVES_LIMIT);
    r->max_moves = most > TV_MAX_MOVES ? (int)most : TV_MAX_MOVES;
    return TV_OK;
}
