/* Move text: a move as "d4" (a cell), "d" (a column, for dropped stones),
 * "pass" or "swap", and back (tv_movetext.h). */
#include <stdio.h>
#include <string.h>

#include "tv_movetext.h"

/* text[0..len) into buf as snprintf would put it: at most size - 1
 * characters and a NUL; returns len. */
static int put_text(char *buf, size_t size, const char *text, int len)
{
    if (size > 0) {
        size_t n = (size_t)len < size - 1 ? (size_t)len : size - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}

int tv_move_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    /* Written by hand: a play hook gets every move as text. */
    char t[4];
    if (m == TV_MOVE_PASS)
        return put_text(buf, size, "pass", 4);
    if (m == TV_MOVE_SWAP)
        return put_text(buf, size, "swap", 4);
    if (r->moves == TV_MOVES_DROP && m >= 0 && m < r->grid.width) {
        t[0] = (char)('a' + m);
        return put_text(buf, size, t, 1);
    }
    if (r->moves != TV_MOVES_DROP && m >= 0 && m < r->ncells) { /* as tv_grid_cell_name: "c3" */
        int row = tv_grid_row(&r->grid, m) + 1, len = 1;
        t[0] = (char)('a' + tv_grid_col(&r->grid, m));
        if (row >= 10)
            t[len++] = (char)('0' + row / 10);
        t[len++] = (char)('0' + row % 10);
        return put_text(buf, size, t, len);
    }
    return snprintf(buf, size, "#%d", (int)m);
}

int tv_move_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    if (strcmp(text, "pass") == 0) {
        *m = TV_MOVE_PASS;
        return TV_OK;
    }
    if (strcmp(text, "swap") == 0) {
        *m = TV_MOVE_SWAP;
        return TV_OK;
    }
    if (r->moves == TV_MOVES_DROP) {
        if (text[0] < 'a' || text[0] >= 'a' + r->grid.width || text[1])
            return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a column a..%c", text,
                                'a' + r->grid.width - 1);
        *m = text[0] - 'a';
        return TV_OK;
    }
    int cell = tv_grid_parse_cell(&r->grid, text);
    if (cell < 0) {
        char last[8];
        tv_grid_cell_name(&r->grid, r->ncells - 1, last, sizeof last);
        return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a cell a1..%s, swap or pass",
                            text, last);
    }
    *m = cell;
    return TV_OK;
}
