#include "tv_mills.h"

#include <string.h>

#include "tv_cells.h"
#include "tv_movetext.h"
#include "tv_vars_state.h"

/* Whether every point of line l but `skip` holds colour (`from`, left empty
 * by the move, holds nothing). */
static int line_of(const tv_rules *r, const uint8_t *cells, int l, int skip, int from, int colour)
{
    const tv_graph *g = &r->graph;
    for (int i = 0; i < g->line_len[l]; i++) {
        int p = g->line[l][i];
        if (p != skip && (p == from || cells[p] != colour))
            return 0;
    }
    return 1;
}

int tv_mills_makes_line(const tv_rules *r, const uint8_t *cells, int c, int from, int colour)
{
    const tv_graph *g = &r->graph;
    for (int j = 0; j < g->nat[c]; j++)
        if (line_of(r, cells, g->at[c][j], c, from, colour))
            return 1;
    return 0;
}

/* The enemy men a line may remove, in order: those in no line of their
 * colour, or all when every one is in one. Their count. */
static int removable(const tv_rules *r, const uint8_t *cells, int enemy, int16_t *out)
{
    int n = 0, all = 0;
    for (int c = 0; c < r->ncells; c++)
        if (cells[c] == enemy) {
            out[all++] = (int16_t)c;
            if (!tv_mills_makes_line(r, cells, c, -1, enemy))
                n++;
        }
    if (n == 0 || n == all)
        return all;
    int k = 0;
    for (int i = 0; i < all; i++)
        if (!tv_mills_makes_line(r, cells, out[i], -1, enemy))
            out[k++] = out[i];
    return k;
}

/* Where the side to move places or moves from: hand (1: it places), flies. */
static void phase(const tv_rules *r, const tv_state *s, int colour, int *hand, int *flies)
{
    *hand = r->vars.hands ? tv_hand_get(r, s, s->to_move, 0) : 0;
    *flies = !*hand && r->mills.fly && s->owned[colour - 1] <= r->mills.fly;
}

typedef struct emit {
    tv_move *out;
    int n, cap;
    int16_t taken[TV_MAX_CELLS];
    int ntaken;
} emit;

/* The moves of a man of colour from `from` to `to`: with each removal when
 * it completes a line. */
static int add(const tv_rules *r, const tv_state *s, emit *e, int from, int to, int colour, tv_error *err)
{
    int line = e->ntaken > 0 && tv_mills_makes_line(r, s->cells, to, from, colour);
    for (int i = 0; i < (line ? e->ntaken : 1); i++) {
        if (e->n == e->cap)
            return tv_error_set(err, TV_ELIMIT, "mills: more than %d moves, room for %d", e->n, e->cap);
        e->out[e->n++] = tv_mills_move(from, to, line ? e->taken[i] : -1);
    }
    return TV_OK;
}

int tv_mills_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    const tv_graph *g = &r->graph;
    int colour = tv_colour_of(s, s->to_move), hand, flies, rc;
    emit e = {.out = out, .cap = cap};
    e.ntaken = removable(r, s->cells, colour ^ 3, e.taken);
    phase(r, s, colour, &hand, &flies);
    if (hand) {
        for (int to = 0; to < r->ncells; to++)
            if (s->cells[to] == TV_EMPTY && (rc = add(r, s, &e, -1, to, colour, err)))
                return rc;
        return e.n;
    }
    for (int from = 0; from < r->ncells; from++) {
        if (s->cells[from] != colour)
            continue;
        if (flies) {
            for (int to = 0; to < r->ncells; to++)
                if (s->cells[to] == TV_EMPTY && (rc = add(r, s, &e, from, to, colour, err)))
                    return rc;
            continue;
        }
        int16_t next[TV_GRAPH_LINKS]; /* the links in order of cells, as the ids go */
        int k = g->nlinks[from];
        memcpy(next, g->link[from], sizeof next);
        for (int i = 1; i < k; i++)
            for (int j = i; j > 0 && next[j - 1] > next[j]; j--) {
                int16_t t = next[j];
                next[j] = next[j - 1], next[j - 1] = t;
            }
        for (int i = 0; i < k; i++)
            if (s->cells[next[i]] == TV_EMPTY && (rc = add(r, s, &e, from, next[i], colour, err)))
                return rc;
    }
    return e.n;
}

int tv_mills_any(const tv_rules *r, const tv_state *s)
{
    int colour = tv_colour_of(s, s->to_move), hand, flies;
    phase(r, s, colour, &hand, &flies);
    if (hand || flies) /* a man to place or fly has a move while a point is empty */
        return s->empty > 0 && (hand || s->owned[colour - 1] > 0);
    for (int from = 0; from < r->ncells; from++)
        if (s->cells[from] == colour)
            for (int i = 0; i < r->graph.nlinks[from]; i++)
                if (s->cells[r->graph.link[from][i]] == TV_EMPTY)
                    return 1;
    return 0;
}

int tv_mills_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err)
{
    int colour = tv_colour_of(s, s->to_move), from = tv_mills_from(m), to = tv_mills_to(m), taken = tv_mills_taken(m);
    int rc;
    if (from < 0) {
        if ((rc = tv_hand_set(r, s, s->to_move, 0, tv_hand_get(r, s, s->to_move, 0) - 1, err)))
            return rc;
    } else {
        tv_state_put_grid(r, s, u, from, TV_EMPTY, err);
    }
    tv_state_put_grid(r, s, u, to, colour, err);
    if (taken >= 0)
        tv_state_put_grid(r, s, u, taken, TV_EMPTY, err);
    return TV_OK;
}

int tv_mills_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    char t[16];
    int len = 0, from = tv_mills_from(m), taken = tv_mills_taken(m);
    if (from >= 0) {
        len += tv_grid_cell_text(&r->grid, from, t);
        t[len++] = '-';
    }
    len += tv_grid_cell_text(&r->grid, tv_mills_to(m), t + len);
    if (taken >= 0) {
        t[len++] = 'x';
        len += tv_grid_cell_text(&r->grid, taken, t + len);
    }
    return tv_move_text_put(buf, size, t, len);
}

/* The cell named at the start of *p (a column letter, then the row's
 * digits, in either case), *p moved past it; -1 when it names none. */
static int cell_at(const tv_rules *r, const char **p)
{
    char name[8];
    int n = 0;
    char c = **p;
    if (c >= 'A' && c <= 'Z')
        c = (char)(c - 'A' + 'a');
    if (c < 'a' || c > 'z')
        return -1;
    name[n++] = c;
    (*p)++;
    while (n < 6 && **p >= '0' && **p <= '9')
        name[n++] = *(*p)++;
    name[n] = '\0';
    return tv_grid_parse_cell(&r->grid, name);
}

int tv_mills_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    const char *p = text;
    int from = -1, to = cell_at(r, &p), taken = -1;
    if (to >= 0 && *p == '-') {
        p++;
        from = to;
        to = cell_at(r, &p);
    }
    if (to >= 0 && (*p == 'x' || *p == 'X')) {
        p++;
        if ((taken = cell_at(r, &p)) < 0)
            to = -1;
    }
    if (to < 0 || *p)
        return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a point (d3), a move (d2-d3), and a "
                            "removal after x (d3xf4, d2-d3xf4)", text);
    *m = tv_mills_move(from, to, taken);
    return TV_OK;
}
