/* Move text (tv_movetext.h): pass and swap here, the rest by the family. */
#include "tv_movetext.h"

#include <stdio.h>
#include <string.h>

#include "tv_family.h"

int tv_move_text_put(char *buf, size_t size, const char *text, int len)
{
    if (size > 0) {
        size_t n = (size_t)len < size - 1 ? (size_t)len : size - 1;
        memcpy(buf, text, n);
        buf[n] = '\0';
    }
    return len;
}

int tv_move_text_cell(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    char t[4];
    if (m >= 0 && m < r->ncells)
        return tv_move_text_put(buf, size, t, tv_grid_cell_text(&r->grid, m, t));
    return snprintf(buf, size, "#%d", (int)m);
}

int tv_move_parse_cell(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    int cell = tv_grid_parse_cell(&r->grid, text);
    if (cell < 0) {
        char last[8];
        tv_grid_cell_name(&r->grid, r->ncells - 1, last, sizeof last);
        return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a cell a1..%s, swap or pass", text, last);
    }
    *m = cell;
    return TV_OK;
}

int tv_move_refuse(const tv_rules *r, tv_move m, tv_error *err, const char *why)
{
    char name[TV_TEXT_MAX]; /* a whole move's text may be long (six jumps and more) */
    tv_move_text(r, m, name, sizeof name);
    return tv_error_set(err, TV_EILLEGAL, "%s: %s", name, why);
}

int tv_move_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    if (m == TV_MOVE_PASS)
        return tv_move_text_put(buf, size, "pass", 4);
    if (m == TV_MOVE_SWAP)
        return tv_move_text_put(buf, size, "swap", 4);
    return tv_family_of(r)->text(r, m, buf, size);
}

/* pass and swap, or 0 when text is neither. */
static int special(const char *text, tv_move *m)
{
    if (strcmp(text, "pass") == 0)
        *m = TV_MOVE_PASS;
    else if (strcmp(text, "swap") == 0)
        *m = TV_MOVE_SWAP;
    else
        return 0;
    return 1;
}

int tv_move_parse(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    return special(text, m) ? TV_OK : tv_family_of(r)->parse(r, NULL, text, m, err);
}

int tv_move_parse_at(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err)
{
    return special(text, m) ? TV_OK : tv_family_of(r)->parse(r, s, text, m, err);
}
