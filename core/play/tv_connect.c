/* The connection end (tv_connect.h). */
#include "tv_connect.h"

/* Boards of up to 64 cells: the cells of `colour` as a bit set (bit c is
 * cell c, rows of `w` bits). */
static uint64_t cells64(const tv_rules *r, const uint8_t *cells, int colour)
{
    uint64_t mine = 0;
    for (int c = 0; c < r->ncells; c++)
        mine |= (uint64_t)((cells[c] & 3) == colour) << c;
    return mine;
}

/* A group grows by its 8-neighbourhood until it stops. */
static int connected64(const tv_rules *r, uint64_t mine)
{
    int w = r->grid.width, n = r->ncells;
    uint64_t left = 0, all = n == 64 ? ~0ull : (1ull << n) - 1;
    for (int c = 0; c < n; c += w)
        left |= 1ull << c;
    uint64_t right = w == 1 ? left : left << (w - 1), group = mine & (0 - mine);
    for (;;) { /* at most one round per piece */
        uint64_t v = group | group << w | group >> w;
        uint64_t grown = (v | (v & ~right) << 1 | (v & ~left) >> 1) & all & mine;
        if (grown == group)
            return group == mine;
        group = grown;
    }
}

/* Larger boards: a depth-first fill over the neighbour table. */
static int connected_any(const tv_rules *r, const uint8_t *cells, int colour, int count)
{
    uint8_t seen[TV_MAX_CELLS] = {0};
    int16_t stack[TV_MAX_CELLS];
    int top = 0, found = 0;
    for (int c = 0; c < r->ncells && !top; c++)
        if (tv_cell_is_piece(cells[c]) && tv_cell_colour(cells[c]) == colour) {
            seen[c] = 1;
            stack[top++] = (int16_t)c;
        }
    while (top) { /* each cell is pushed once */
        int c = stack[--top];
        found++;
        for (int d = 0; d < 8; d++) {
            int nb = r->nb[c][d];
            if (nb >= 0 && !seen[nb] && tv_cell_is_piece(cells[nb]) && tv_cell_colour(cells[nb]) == colour) {
                seen[nb] = 1;
                stack[top++] = (int16_t)nb;
            }
        }
    }
    return found == count;
}

int tv_connect_all(const tv_rules *r, const uint8_t *cells, int colour, int count)
{
    if (count <= 1)
        return count == 1;
    return r->ncells <= 64 ? connected64(r, cells64(r, cells, colour)) : connected_any(r, cells, colour, count);
}

int tv_connect_end(const tv_rules *r, const tv_state *s, int *winner)
{
    if (!(r->ends & TV_END_CONNECTED))
        return 0;
    for (int k = 1; k >= 0; k--) { /* the mover (the player not to move) first */
        int p = s->to_move ^ k, colour = tv_colour_of(s, p);
        if (tv_connect_all(r, s->cells, colour, s->owned[colour - 1])) {
            *winner = p + 1;
            return 1;
        }
    }
    return 0;
}
