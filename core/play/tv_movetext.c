/* Move text: a move as "d4" (a cell), "d" (a column, for dropped stones),
 * "pass" or "swap", and back (tv_movetext.h). */
#include <stdio.h>
#include <string.h>

#include "tv_movetext.h"

#include <ctype.h>

#include "tv_pieces.h"
#include "tv_play.h"
#include "tv_rotate.h"

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

/* A cell's name into t; returns its length. */
static int cell_text(const tv_rules *r, int cell, char *t)
{
    int row = tv_grid_row(&r->grid, cell) + 1, len = 1;
    t[0] = (char)('a' + tv_grid_col(&r->grid, cell));
    if (row >= 10)
        t[len++] = (char)('0' + row / 10);
    t[len++] = (char)('0' + row % 10);
    return len;
}

static int piece_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    int path[TV_PMOVE_CHAIN_LIMIT + 1], n = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1), len = 0;
    char t[(TV_PMOVE_CHAIN_LIMIT + 1) * 4];
    if (n < 0)
        return snprintf(buf, size, "#%d", (int)m);
    int arrow = tv_pieces_arrow(r, m);
    for (int i = 0; i < n; i++) {
        if (i)
            t[len++] = arrow < 0 && (tv_pmove_is_chain(m) || tv_pmove_captures(m)) ? 'x' : '-';
        len += cell_text(r, path[i], t + len);
    }
    if (arrow >= 0) { /* d1-d7/g7 */
        t[len++] = '/';
        len += cell_text(r, arrow, t + len);
    }
    return put_text(buf, size, t, len);
}

int tv_move_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    /* Written by hand: a play hook gets every move as text. */
    char t[4];
    if (m == TV_MOVE_PASS)
        return put_text(buf, size, "pass", 4);
    if (m == TV_MOVE_SWAP)
        return put_text(buf, size, "swap", 4);
    if (r->moves == TV_MOVES_PIECES)
        return piece_text(r, m, buf, size);
    if (r->rotate.side && m >= 0 && m < r->ncells * tv_rotate_turns(r))
        return tv_rotate_text(r, m, buf, size);
    if (r->moves == TV_MOVES_DROP && m >= 0 && m < r->grid.width) {
        t[0] = (char)('a' + m);
        return put_text(buf, size, t, 1);
    }
    if (r->moves != TV_MOVES_DROP && m >= 0 && m < r->ncells) /* as tv_grid_cell_name: "c3" */
        return put_text(buf, size, t, cell_text(r, m, t));
    return snprintf(buf, size, "#%d", (int)m);
}

/* The cells of a piece's move as typed: "a2-a3", "A2A3", "c3xe5xc7", a
 * shot "d1-d7/g7" (the '/' once, before the last cell); into
 * cells[0..size), with *capture set when an 'x' was written and *slash when
 * a '/' was. Returns the count, or -1. */
static int typed_cells(const tv_rules *r, const char *text, int *cells, int size, int *capture, int *slash)
{
    int n = 0;
    *capture = *slash = 0;
    for (const char *p = text; *p;) {
        if (n && (*p == '-' || *p == 'x' || *p == 'X' || *p == ':' || *p == '/')) {
            if (*slash)
                return -1; /* the arrow is the last cell */
            *capture |= *p == 'x' || *p == 'X';
            *slash = *p == '/';
            if (!*++p)
                return -1;
        }
        char name[4];
        int len = 0;
        if (!isalpha((unsigned char)*p))
            return -1;
        name[len++] = (char)tolower((unsigned char)*p++);
        while (len < 3 && isdigit((unsigned char)*p))
            name[len++] = *p++;
        name[len] = '\0';
        int cell = tv_grid_parse_cell(&r->grid, name);
        if (cell < 0 || n == size)
            return -1;
        cells[n++] = cell;
    }
    return n;
}

/* The direction in which `to` is two cells from `from`, or -1. */
static int jump_dir(const tv_rules *r, int from, int to)
{
    for (int d = 0; d < 8; d++)
        if ((r->pieces.jump_dirs & (1 << d)) && r->nb[from][d] >= 0 && r->nb[r->nb[from][d]][d] == to)
            return d;
    return -1;
}

static int parse_piece(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    int cells[TV_PMOVE_CHAIN_LIMIT + 1], capture, slash;
    int n = typed_cells(r, text, cells, TV_PMOVE_CHAIN_LIMIT + 1, &capture, &slash);
    if (r->pieces.shoots) { /* no chains: from-to, or from-to/arrow ("d1d7g7" too) */
        if (n < 2 || n > 3 || (slash && n != 3))
            return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected from-to/arrow, as d1-d7/g7", text);
        if (n == 3 && capture)
            return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: a move that shoots captures nothing (d1-d7/g7)",
                                text);
        *m = n == 3 ? tv_pmove_shot(cells[0], cells[1], cells[2]) : tv_pmove_simple(cells[0], cells[1], capture);
        return TV_OK;
    }
    if (n < 2 || slash)
        return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected from-to, as a2-a3, a2xb3 or c3xe5xc7", text);
    int8_t dirs[TV_PMOVE_CHAIN_LIMIT];
    int chain = n > 2 || (capture && jump_dir(r, cells[0], cells[1]) >= 0);
    if (!chain) {
        *m = tv_pmove_simple(cells[0], cells[1], capture);
        return TV_OK;
    }
    for (int i = 1; i < n; i++)
        if ((dirs[i - 1] = (int8_t)jump_dir(r, cells[i - 1], cells[i])) < 0 || i > r->pieces.chain_max)
            return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: each jump of a chain goes over one cell", text);
    *m = tv_pmove_chain(r->pieces.jump_dirs, cells[0], dirs, n - 1);
    return TV_OK;
}

int tv_move_parse_at(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err)
{
    if (r->moves != TV_MOVES_PIECES || r->hooks.moves)
        return tv_move_parse(r, text, m, err);
    int typed[TV_PMOVE_CHAIN_LIMIT + 1], capture, slash;
    int n = typed_cells(r, text, typed, TV_PMOVE_CHAIN_LIMIT + 1, &capture, &slash);
    tv_move moves[TV_MOVES_LIMIT], found[2];
    int nm = n >= 2 ? tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, NULL) : 0, nf = 0;
    for (int i = 0; i < nm; i++) {
        int path[TV_PMOVE_CHAIN_LIMIT + 1], np = tv_pieces_path(r, moves[i], path, TV_PMOVE_CHAIN_LIMIT + 1);
        int same = np == n ? memcmp(path, typed, (size_t)n * sizeof *path) == 0
                           : n == 2 && path[0] == typed[0] && path[np - 1] == typed[1];
        if (same && nf < 2)
            found[nf] = moves[i];
        nf += same;
    }
    if (nf == 1) {
        *m = found[0];
        return TV_OK;
    }
    if (nf > 1) {
        char a[TV_PMOVE_CHAIN_LIMIT * 4 + 8], b[TV_PMOVE_CHAIN_LIMIT * 4 + 8];
        tv_move_text(r, found[0], a, sizeof a);
        tv_move_text(r, found[1], b, sizeof b);
        return tv_error_set(err, TV_EINVAL, "'%.40s' is ambiguous: %d moves, as %s and %s", text, nf, a, b);
    }
    return tv_move_parse(r, text, m, err);
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
    if (r->moves == TV_MOVES_PIECES)
        return parse_piece(r, text, m, err);
    if (r->rotate.side)
        return tv_rotate_parse(r, text, m, err);
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
