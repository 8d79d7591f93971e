/* Move text of pieces that move (tv_pieces_text.h). */
#include "tv_pieces_text.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "tv_movetext.h"
#include "tv_pieces.h"
#include "tv_pieces_after.h"
#include "tv_pieces_special.h"

/* A cell's name into t; returns its length. */
static int cell_text(const tv_rules *r, int cell, char *t) { return tv_grid_cell_text(&r->grid, cell, t); }

int tv_pieces_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    int path[TV_PMOVE_CHAIN_LIMIT + 1], n = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1), len = 0;
    char t[(TV_PMOVE_CHAIN_LIMIT + 1) * 4];
    if (n < 0)
        return snprintf(buf, size, "#%d", (int)m);
    if (r->pieces.special && tv_pmove_is_castle(m))
        return snprintf(buf, size, "%s", r->pieces.castle[tv_pmove_castle(m)].name);
    int arrow = tv_pieces_arrow(r, m);
    for (int i = 0; i < n; i++) {
        if (i)
            t[len++] = arrow < 0 && (tv_pieces_is_chain(r, m) || tv_pmove_captures(m)) ? 'x' : '-';
        len += cell_text(r, path[i], t + len);
    }
    if (arrow >= 0) { /* d1-d7/g7 */
        t[len++] = '/';
        len += cell_text(r, arrow, t + len);
    }
    if (r->pieces.special && tv_pmove_promotes(m) >= 0) { /* e7-e8=Q */
        t[len++] = '=';
        t[len++] = (char)toupper((unsigned char)r->pieces.letter[tv_pmove_promotes(m)]);
    }
    if (r->pieces.after && tv_pieces_is_chain(r, m) && tv_pmove_variant(m) > 0) /* c3xe5(2) */
        len += snprintf(t + len, sizeof t - (size_t)len, "(%d)", tv_pmove_variant(m) + 1);
    return tv_move_text_put(buf, size, t, len);
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

static int parse_typed(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
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
    if (r->pieces.after) { /* a capture is its two ends; its landings need the position (tv_pieces_after.h) */
        if (n > 2)
            return tv_error_set(err, TV_EINVAL, "'%.40s': a capture's landings are read in a position; write its ends, "
                                "as c3xe5", text);
        *m = capture ? tv_pmove_after(cells[0], cells[1], 0) : tv_pmove_simple(cells[0], cells[1], 0);
        return TV_OK;
    }
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

/* The castling named `text` ("O-O", "0-0" too), or -1. */
static int castle_named(const tv_rules *r, const char *text)
{
    for (int i = 0; i < r->pieces.ncastles; i++) {
        const char *a = r->pieces.castle[i].name, *b = text;
        while (*a && (*a == *b || (*a == 'O' && *b == '0') || tolower((unsigned char)*a) == tolower((unsigned char)*b)))
            a++, b++;
        if (!*a && !*b)
            return i;
    }
    return -1;
}

/* A promotion's kind written after the cells -- "=Q", "=q" or "q"
 * (e7-e8=Q, e7e8q) -- cut off text into plain; the kind, -1 for none,
 * -2 for a letter that names no kind. */
static int promotion_suffix(const tv_rules *r, const char *text, char *plain, size_t size)
{
    size_t n = strlen(text);
    snprintf(plain, size, "%s", text);
    if (!r->pieces.special || n < 3 || n >= size || !isalpha((unsigned char)text[n - 1]) ||
        !(text[n - 2] == '=' || isdigit((unsigned char)text[n - 2])))
        return -1;
    plain[n - 1 - (text[n - 2] == '=')] = '\0';
    for (int k = 0; k < r->pieces.nkinds; k++)
        if (r->pieces.letter[k] == tolower((unsigned char)text[n - 1]))
            return k;
    return -2;
}

/* The variant written after a capture taken after the move -- "(2)" in
 * c3xe5(2) -- cut off text into plain: the variant, -1 for none, -2 for a
 * number out of range. */
static int variant_suffix(const tv_rules *r, const char *text, char *plain, size_t size)
{
    size_t n = strlen(text);
    const char *open = strrchr(text, '(');
    if (!r->pieces.after || !open || n >= size || text[n - 1] != ')')
        return -1;
    int v = 0;
    for (const char *p = open + 1; p < text + n - 1; p++) {
        if (!isdigit((unsigned char)*p) || v > TV_PMOVE_VARIANTS)
            return -2;
        v = 10 * v + (*p - '0');
    }
    if (v < 1 || v > TV_PMOVE_VARIANTS)
        return -2;
    memcpy(plain, text, (size_t)(open - text));
    plain[open - text] = '\0';
    return v - 1;
}

int tv_pieces_parse(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err)
{
    char plain[64], cut[64];
    int variant = variant_suffix(r, text, cut, sizeof cut);
    if (variant == -2)
        return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: the number in brackets counts the captures between "
                            "two cells that take different pieces, as c3xe5(2)", text);
    if (variant >= 0)
        text = cut;
    int castle = r->pieces.special ? castle_named(r, text) : -1;
    int promo = promotion_suffix(r, text, plain, sizeof plain);
    if (castle >= 0) { /* the mover's cells (player 1's without a position) */
        int c[4];
        tv_special_castle_cells(r, s ? tv_colour_of(s, s->to_move) - 1 : 0, castle, c);
        *m = tv_pmove_castling(c[0], c[1], castle);
        return TV_OK;
    }
    if (promo == -2)
        return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: the promotion names no kind of this game", text);
    if (promo >= 0)
        text = plain;
    if (!s) { /* no position: the cells as typed */
        int rc = parse_typed(r, text, m, err);
        if (rc == TV_OK && variant >= 0 && r->pieces.after && tv_pieces_is_chain(r, *m))
            *m = tv_pmove_after(tv_pmove_from(*m), tv_pmove_to(*m), variant);
        if (rc == TV_OK && promo >= 0)
            *m = tv_pmove_promoting(tv_pmove_from(*m), tv_pmove_to(*m), tv_pmove_captures(*m), promo);
        return rc;
    }
    int typed[TV_PMOVE_CHAIN_LIMIT + 1], capture, slash;
    int n = typed_cells(r, text, typed, TV_PMOVE_CHAIN_LIMIT + 1, &capture, &slash);
    if (r->pieces.after && n > 2 && s->status == TV_ONGOING) { /* the landings written out: c3xe5xc7 */
        int got = tv_after_by_landings(r, s->cells, typed, n, m, err);
        if (got < 0)
            return got;
        if (!got)
            return tv_error_set(err, TV_EINVAL, "'%.40s': no capture of a piece on its first cell lands so", text);
        return TV_OK;
    }
    tv_move moves[TV_MOVES_LIMIT], found[2];
    int nm = n >= 2 && s->status == TV_ONGOING ? tv_pieces_moves(r, s, moves, TV_MOVES_LIMIT, NULL) : 0, nf = 0;
    for (int i = 0; i < nm; i++) {
        int path[TV_PMOVE_CHAIN_LIMIT + 1], np = tv_pieces_path(r, moves[i], path, TV_PMOVE_CHAIN_LIMIT + 1);
        int same = np == n ? memcmp(path, typed, (size_t)n * sizeof *path) == 0
                           : n == 2 && path[0] == typed[0] && path[np - 1] == typed[1];
        if (r->pieces.special) { /* the promotion as typed; the royal piece onto its rook: castling */
            same = same && (promo < 0 || tv_pmove_promotes(moves[i]) == promo);
            if (n == 2 && promo < 0 && tv_pmove_is_castle(moves[i])) {
                int c[4];
                tv_special_castle_cells(r, tv_colour_of(s, s->to_move) - 1, tv_pmove_castle(moves[i]), c);
                same |= typed[0] == c[0] && typed[1] == c[2];
            }
        }
        if (variant >= 0) /* c3xe5(2): that capture only */
            same = same && tv_pieces_is_chain(r, moves[i]) && tv_pmove_variant(moves[i]) == variant;
        else if (r->pieces.after && tv_pieces_is_chain(r, moves[i])) /* c3xe5: the first, as it is written */
            same = same && tv_pmove_variant(moves[i]) == 0;
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
        tv_pieces_text(r, found[0], a, sizeof a);
        tv_pieces_text(r, found[1], b, sizeof b);
        return tv_error_set(err, TV_EINVAL, "'%.40s' is ambiguous: %d moves, as %s and %s", text, nf, a, b);
    }
    int rc = parse_typed(r, text, m, err);
    if (rc == TV_OK && variant >= 0 && r->pieces.after && tv_pieces_is_chain(r, *m))
        *m = tv_pmove_after(tv_pmove_from(*m), tv_pmove_to(*m), variant);
    if (rc == TV_OK && promo >= 0)
        *m = tv_pmove_promoting(tv_pmove_from(*m), tv_pmove_to(*m), tv_pmove_captures(*m), promo);
    return rc;
}
