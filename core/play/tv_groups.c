/* Groups and liberties (tv_groups.h): walks of one group or one empty
 * region at a time, with a stack and a mark per cell. */
#include "tv_groups.h"

#include <string.h>

/* The four sides: N, E, S, W in the compass numbering (tv_compass.h). */
static const int sides[4] = {0, 2, 4, 6};

/* The group of the stone on `start` into stack[0..n): returns n; marks its
 * cells in seen, and says in *libs whether it has a liberty. */
static int walk_group(const tv_rules *r, const uint8_t *cells, int start, uint8_t *seen, int16_t *stack, int *libs)
{
    int v = cells[start], n = 0, top = 0;
    stack[n++] = (int16_t)start;
    seen[start] = 1;
    *libs = 0;
    while (top < n) {
        int c = stack[top++];
        for (int k = 0; k < 4; k++) {
            int nb = r->nb[c][sides[k]];
            if (nb < 0)
                continue;
            if (cells[nb] == TV_EMPTY)
                *libs = 1;
            else if (cells[nb] == v && !seen[nb]) {
                seen[nb] = 1;
                stack[n++] = (int16_t)nb;
            }
        }
    }
    return n;
}

void tv_groups_scan_of(const tv_rules *r, const uint8_t *cells, tv_groups_scan *g)
{
    int16_t stack[TV_MAX_CELLS];
    int groups = 0;
    for (int c = 0; c < r->ncells; c++)
        g->group[c] = -1;
    for (int c = 0; c < r->ncells; c++) {
        if (!tv_cell_is_piece(cells[c]) || g->group[c] >= 0)
            continue;
        int v = cells[c], n = 0, top = 0, libs = 0, first = -1;
        stack[n++] = (int16_t)c;
        g->group[c] = (int16_t)groups;
        while (top < n) {
            int at = stack[top++];
            for (int k = 0; k < 4; k++) {
                int nb = r->nb[at][sides[k]];
                if (nb < 0)
                    continue;
                if (cells[nb] == TV_EMPTY) {
                    if (libs == 0)
                        first = nb, libs = 1;
                    else if (nb != first)
                        libs = 2;
                } else if (cells[nb] == v && g->group[nb] < 0) {
                    g->group[nb] = (int16_t)groups;
                    stack[n++] = (int16_t)nb;
                }
            }
        }
        g->libs[groups] = (uint8_t)libs;
        g->lib1[groups] = (int16_t)first;
        groups++;
    }
}

int tv_groups_placement(const tv_rules *r, const uint8_t *cells, const tv_groups_scan *g, int cell, int colour)
{
    int keeps = 0;
    for (int k = 0; k < 4; k++) {
        int nb = r->nb[cell][sides[k]];
        if (nb < 0)
            continue;
        int v = cells[nb];
        if (v == TV_EMPTY) {
            keeps = 1;
        } else if (tv_cell_is_piece(v)) {
            int grp = g->group[nb], one = g->libs[grp] == 1; /* its one liberty is `cell`, beside it */
            if (tv_cell_colour(v) != colour && one)
                return 2;
            if (tv_cell_colour(v) == colour && !one)
                keeps = 1;
        }
    }
    return keeps;
}

/* Removes the group in stack[0..n) (stones of one colour); returns n or an error code. */
static int remove_group(const tv_rules *r, tv_state *s, tv_undo *u, const int16_t *stack, int n, tv_error *err)
{
    for (int i = 0; i < n; i++) {
        int rc = tv_state_put_grid(r, s, u, stack[i], TV_EMPTY, err);
        if (rc)
            return rc;
    }
    return n;
}

int tv_groups_place(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int colour, int *taken, int *ko,
                    tv_error *err)
{
    uint8_t seen[TV_MAX_CELLS];
    int16_t stack[TV_MAX_CELLS];
    int last = -1, rc, libs;
    *ko = -1;
    *taken = 0;
    if ((rc = tv_state_put_grid(r, s, u, cell, colour, err)))
        return rc;
    memset(seen, 0, (size_t)r->ncells);
    for (int k = 0; k < 4; k++) {
        int nb = r->nb[cell][sides[k]];
        if (nb < 0 || seen[nb] || !tv_cell_is_piece(s->cells[nb]) || tv_cell_colour(s->cells[nb]) == colour)
            continue;
        int n = walk_group(r, s->cells, nb, seen, stack, &libs);
        if (libs)
            continue;
        if ((rc = remove_group(r, s, u, stack, n, err)) < 0)
            return rc;
        *taken += n;
        last = nb;
    }
    memset(seen, 0, (size_t)r->ncells);
    int own = walk_group(r, s->cells, cell, seen, stack, &libs);
    if (!libs) /* a suicide the rules allow (tv_groups_placement refused the others) */
        return (rc = remove_group(r, s, u, stack, own, err)) < 0 ? rc : TV_OK;
    if (*taken == 1 && own == 1) { /* a lone stone took a lone stone: is the taken cell its one liberty? */
        int free = 0;
        for (int k = 0; k < 4; k++) {
            int nb = r->nb[cell][sides[k]];
            free += nb >= 0 && s->cells[nb] == TV_EMPTY;
        }
        if (free == 1)
            *ko = last;
    }
    return TV_OK;
}

void tv_groups_area(const tv_rules *r, const uint8_t *cells, int area[2])
{
    uint8_t seen[TV_MAX_CELLS];
    int16_t stack[TV_MAX_CELLS];
    area[0] = area[1] = 0;
    memset(seen, 0, (size_t)r->ncells);
    for (int c = 0; c < r->ncells; c++) {
        if (tv_cell_is_piece(cells[c])) {
            area[tv_cell_colour(cells[c]) - 1]++;
            continue;
        }
        if (cells[c] != TV_EMPTY || seen[c])
            continue;
        int n = 0, top = 0, borders = 0; /* bit 0: colour 1 borders it, bit 1: colour 2 */
        stack[n++] = (int16_t)c;
        seen[c] = 1;
        while (top < n) {
            int at = stack[top++];
            for (int k = 0; k < 4; k++) {
                int nb = r->nb[at][sides[k]];
                if (nb < 0)
                    continue;
                if (cells[nb] == TV_EMPTY && !seen[nb]) {
                    seen[nb] = 1;
                    stack[n++] = (int16_t)nb;
                } else if (tv_cell_is_piece(cells[nb])) {
                    borders |= 1 << (tv_cell_colour(cells[nb]) - 1);
                }
            }
        }
        if (borders == 1 || borders == 2)
            area[borders - 1] += n;
    }
}
