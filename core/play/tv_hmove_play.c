/* Whole moves of a moves hook (tv_hmove_play.h). */
#include "tv_hmove_play.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "tv_cells.h"
#include "tv_custodial.h"
#include "tv_movetext.h"
#include "tv_pieces.h"
#include "tv_vars_state.h"

static int kinds(const tv_rules *r) { return r->pieces.nkinds ? r->pieces.nkinds : 1; }

/* Chains of 1..TV_HMOVE_CHAIN_MAX jumps: 8 * (1 + 7 + ... + 7^5) codes. */
static int chain_codes(void)
{
    int n = 0, place = 8;
    for (int l = 0; l < TV_HMOVE_CHAIN_MAX; l++, place *= 7)
        n += place;
    return n;
}

static int bad(tv_error *err, tv_move m, const char *why)
{
    return tv_error_set(err, TV_EINVAL, "move #%ld is no move of this board: %s", (long)m, why);
}

int tv_hmove_decode(const tv_rules *r, tv_move m, tv_hmove_parts *p, tv_error *err)
{
    int n = r->ncells;
    if (m < 0)
        return bad(err, m, "a special move");
    p->shape = tv_hmove_shape(m);
    p->from = p->to = tv_hmove_from(m);
    p->kind = -1;
    p->removed = -1;
    p->njumps = 0;
    p->nparts = 0;
    p->path[0] = p->from;
    switch (p->shape) {
    case TV_HMOVE_TURNS: {
        int k = tv_hturns_parts(r->hooks.turns, tv_hmove_turn_index(m), p->part);
        tv_hmove_parts first, last;
        if (k < 2 || tv_hmove_decode(r, p->part[0], &first, NULL) || tv_hmove_decode(r, p->part[k - 1], &last, NULL))
            return bad(err, m, "no turn a moves hook has listed");
        p->nparts = k;
        p->from = p->path[0] = first.from;
        p->to = last.to;
        return TV_OK;
    }
    case TV_HMOVE_CELL:
        return m < n ? TV_OK : bad(err, m, "a cell off the board");
    case TV_HMOVE_DROP:
        p->kind = tv_hmove_kind(m);
        if ((m >> 10 & 1023) || m >> 25 || p->from >= n)
            return bad(err, m, "a cell off the board");
        return p->kind < kinds(r) ? TV_OK : bad(err, m, "a kind the game lacks");
    case TV_HMOVE_STEP:
        p->to = tv_hmove_to(m);
        p->kind = tv_hmove_kind(m);
        if (m >> 25 || p->from >= n || p->to >= n || p->from == p->to)
            return bad(err, m, "a cell off the board");
        return p->kind < kinds(r) ? TV_OK : bad(err, m, "a kind the game lacks");
    case TV_HMOVE_TAKE:
        p->to = tv_hmove_to(m);
        p->removed = tv_hmove_removed(m);
        if (p->from >= n || p->to >= n || p->removed >= n || p->removed == p->to ||
            (p->removed == p->from && p->from != p->to))
            return bad(err, m, "a cell off the board");
        return TV_OK;
    default: {
        int8_t dirs[TV_PMOVE_CHAIN_LIMIT];
        if ((p->njumps = tv_hmove_chain_dirs(m, dirs)) < 1 || p->from >= n)
            return bad(err, m, "no chain of jumps");
        for (int i = 0; i < p->njumps; i++) {
            int over = r->nb[p->path[i]][dirs[i]], land = over < 0 ? -1 : r->nb[over][dirs[i]];
            if (land < 0)
                return bad(err, m, "a chain that leaves the board");
            p->over[i] = over;
            p->path[i + 1] = land;
        }
        p->to = p->path[p->njumps];
        return TV_OK;
    }
    }
}

/* The direction in which b is two cells from a along a line, or -1. */
static int jump_dir(const tv_rules *r, int a, int b)
{
    for (int d = 0; d < 8; d++)
        if (r->nb[a][d] >= 0 && r->nb[r->nb[a][d]][d] == b)
            return d;
    return -1;
}

int tv_hmove_turn_of(const tv_rules *r, const tv_move *parts, int n, int add, tv_move *m, tv_error *err)
{
    if (n < 1 || n > TV_HTURN_PARTS)
        return tv_error_set(err, TV_EINVAL, "a turn of %d parts: a turn holds 1..%d", n, TV_HTURN_PARTS);
    tv_hmove_parts q;
    for (int i = 0; i < n; i++) {
        if (parts[i] < 0 || tv_hmove_decode(r, parts[i], &q, NULL))
            return tv_error_set(err, TV_EINVAL, "part %d of the turn is no whole move of this board", i + 1);
        if (q.shape == TV_HMOVE_TURNS)
            return tv_error_set(err, TV_EINVAL, "part %d of the turn is a turn itself", i + 1);
    }
    if (n == 1) {
        *m = parts[0];
        return TV_OK;
    }
    if (!r->hooks.turns)
        return tv_error_set(err, TV_EINVAL, "a turn of several parts is for a moves hook's whole moves");
    int index, rc;
    if (add && (rc = tv_hturns_add(r->hooks.turns, parts, n, &index, err)))
        return rc;
    if (!add && (index = tv_hturns_find(r->hooks.turns, parts, n)) < 0)
        return tv_error_set(err, TV_EILLEGAL, "that turn is not among the legal moves");
    *m = tv_hmove_turn(index);
    return TV_OK;
}

int tv_hmove_encode(const tv_rules *r, const tv_hmove_parts *p, int add, tv_move *m, tv_error *err)
{
    int n = r->ncells;
    if (p->shape == TV_HMOVE_TURNS)
        return tv_hmove_turn_of(r, p->part, p->nparts, add, m, err);
    if (p->from < 0 || p->from >= n || p->to < 0 || p->to >= n || p->removed >= n || p->kind >= kinds(r))
        return tv_error_set(err, TV_EINVAL, "a cell off the board or a kind the game lacks");
    switch (p->shape) {
    case TV_HMOVE_CELL:
        *m = p->from;
        return TV_OK;
    case TV_HMOVE_DROP:
        *m = tv_hmove_drop(p->from, p->kind < 0 ? 0 : p->kind);
        return TV_OK;
    case TV_HMOVE_STEP:
        if (p->from == p->to)
            return tv_error_set(err, TV_EINVAL, "a move from a cell to itself");
        *m = tv_hmove_step(p->from, p->to, p->kind);
        return TV_OK;
    case TV_HMOVE_TAKE:
        if (p->removed < 0 || p->removed == p->to || (p->removed == p->from && p->from != p->to) || p->kind >= 0)
            return tv_error_set(err, TV_EINVAL, "a removal must name another cell than the move's, and a move with "
                                                "one promotes nothing");
        *m = tv_hmove_take(p->from, p->to, p->removed);
        return TV_OK;
    default: {
        if (p->njumps < 1 || p->njumps > TV_HMOVE_CHAIN_MAX)
            return tv_error_set(err, TV_EINVAL, "a chain of %d jumps: a hook's chain holds 1..%d", p->njumps,
                                TV_HMOVE_CHAIN_MAX);
        int8_t dirs[TV_HMOVE_CHAIN_MAX];
        for (int i = 0; i < p->njumps; i++) {
            int d = jump_dir(r, p->path[i], p->path[i + 1]);
            if (d < 0 || (i && d == tv_compass_reverse(dirs[i - 1])))
                return tv_error_set(err, TV_EINVAL, "jump %d does not land two cells along a line (or goes "
                                                    "straight back)", i + 1);
            dirs[i] = (int8_t)d;
        }
        *m = tv_hmove_chain(p->from, dirs, p->njumps);
        return TV_OK;
    }
    }
}

static int kind_letter(const tv_rules *r, int kind)
{
    return r->pieces.nkinds ? toupper((unsigned char)r->pieces.letter[kind]) : 'X';
}

int tv_hmove_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    tv_hmove_parts p;
    if (tv_hmove_decode(r, m, &p, NULL))
        return snprintf(buf, size, "#%d", (int)m);
    char t[TV_TEXT_MAX];
    int len = 0;
    if (p.shape == TV_HMOVE_TURNS) { /* the parts' texts joined by '/' (each at most 28 characters) */
        for (int i = 0; i < p.nparts; i++) {
            if (i)
                t[len++] = '/';
            len += tv_hmove_text(r, p.part[i], t + len, sizeof t - (size_t)len);
        }
        return tv_move_text_put(buf, size, t, len);
    }
    if (p.shape == TV_HMOVE_DROP || (p.shape == TV_HMOVE_TAKE && p.from == p.to)) {
        if (p.shape == TV_HMOVE_DROP)
            t[len++] = (char)kind_letter(r, p.kind);
        t[len++] = '@';
    }
    len += tv_grid_cell_text(&r->grid, p.from, t + len);
    if (p.shape == TV_HMOVE_JUMPS) {
        for (int i = 1; i <= p.njumps; i++) {
            t[len++] = 'x';
            len += tv_grid_cell_text(&r->grid, p.path[i], t + len);
        }
    } else if (p.shape == TV_HMOVE_STEP || (p.shape == TV_HMOVE_TAKE && p.from != p.to)) {
        t[len++] = '-';
        len += tv_grid_cell_text(&r->grid, p.to, t + len);
    }
    if (p.shape == TV_HMOVE_STEP && p.kind >= 0) {
        t[len++] = '=';
        t[len++] = (char)kind_letter(r, p.kind);
    }
    if (p.shape == TV_HMOVE_TAKE) {
        t[len++] = 'x';
        len += tv_grid_cell_text(&r->grid, p.removed, t + len);
    }
    return tv_move_text_put(buf, size, t, len);
}

/* A cell name at *pp ("d4", any case); advances past it. -1 if none. */
static int read_cell(const tv_rules *r, const char **pp)
{
    const char *p = *pp;
    char name[4];
    int len = 0;
    if (!isalpha((unsigned char)*p))
        return -1;
    name[len++] = (char)tolower((unsigned char)*p++);
    while (len < 3 && isdigit((unsigned char)*p))
        name[len++] = *p++;
    name[len] = '\0';
    *pp = p;
    return tv_grid_parse_cell(&r->grid, name);
}

/* A kind by its letter (any case), or -1. */
static int read_kind(const tv_rules *r, int c)
{
    if (!r->pieces.nkinds)
        return tolower(c) == 'x' ? 0 : -1;
    for (int k = 0; k < r->pieces.nkinds; k++)
        if (r->pieces.letter[k] == tolower(c))
            return k;
    return -1;
}

static int unreadable(const char *text, const char *why, tv_error *err)
{
    return tv_error_set(err, TV_EINVAL, "'%.40s' is no move: %s", text, why);
}

static int parse_one(const tv_rules *r, const char *text, tv_move *m, tv_error *err);

int tv_hmove_parse(const tv_rules *r, const char *text, int add, tv_move *m, tv_error *err)
{
    if (!strchr(text, '/'))
        return parse_one(r, text, m, err);
    tv_move parts[TV_HTURN_PARTS];
    int n = 0;
    for (const char *q = text;; q++) {
        const char *end = strchr(q, '/');
        size_t len = end ? (size_t)(end - q) : strlen(q);
        char one[40];
        if (n == TV_HTURN_PARTS)
            return unreadable(text, "a turn holds at most 8 parts", err);
        if (len == 0 || len >= sizeof one)
            return unreadable(text, "expected a part such as d4 or a1-a3 between the '/'", err);
        memcpy(one, q, len);
        one[len] = '\0';
        int rc = parse_one(r, one, &parts[n++], err);
        if (rc)
            return rc;
        if (!end)
            break;
        q = end;
    }
    return tv_hmove_turn_of(r, parts, n, add, m, err);
}

static int parse_one(const tv_rules *r, const char *text, tv_move *m, tv_error *err)
{
    tv_hmove_parts p = {.shape = TV_HMOVE_CELL, .kind = -1, .removed = -1};
    const char *q = text;
    int drop = 0;
    if (q[0] && q[1] == '@') { /* K@d4 */
        if ((p.kind = read_kind(r, q[0])) < 0)
            return unreadable(text, "no kind has that letter", err);
        q += 2;
        drop = 1;
        p.shape = TV_HMOVE_DROP;
    } else if (q[0] == '@') {
        q++;
        drop = 1;
    }
    if ((p.from = p.to = p.path[0] = read_cell(r, &q)) < 0)
        return unreadable(text, "expected a cell such as d4", err);
    if (!drop && *q == '-') {
        q++;
        if ((p.to = read_cell(r, &q)) < 0)
            return unreadable(text, "expected the cell the piece moves to", err);
        p.shape = TV_HMOVE_STEP;
        if (*q == '=') {
            if (!q[1] || (p.kind = read_kind(r, q[1])) < 0)
                return unreadable(text, "expected the letter of the kind the piece becomes", err);
            q += 2;
        }
    } else if (!drop && (*q == 'x' || *q == 'X')) {
        p.shape = TV_HMOVE_JUMPS;
        while (*q == 'x' || *q == 'X') {
            q++;
            if (p.njumps == TV_HMOVE_CHAIN_MAX)
                return unreadable(text, "a hook's chain holds at most 6 jumps", err);
            if ((p.path[++p.njumps] = read_cell(r, &q)) < 0)
                return unreadable(text, "expected the cell a jump lands on", err);
        }
        p.to = p.path[p.njumps];
    }
    if (p.shape != TV_HMOVE_JUMPS && (*q == 'x' || *q == 'X')) { /* a removal after a step or a placement */
        q++;
        if (p.kind >= 0 || (p.removed = read_cell(r, &q)) < 0)
            return unreadable(text, "expected the cell removed after the move", err);
        p.shape = TV_HMOVE_TAKE;
    }
    if (*q)
        return unreadable(text, "unexpected characters after the move", err);
    return tv_hmove_encode(r, &p, 0, m, err);
}

int tv_hmove_landing(const tv_rules *r, tv_move m)
{
    tv_hmove_parts p;
    return tv_hmove_decode(r, m, &p, NULL) ? -1 : p.to;
}

int tv_hmove_start(const tv_rules *r, tv_move m)
{
    tv_hmove_parts p;
    if (m < 0 || tv_hmove_decode(r, m, &p, NULL))
        return -1;
    if (p.shape == TV_HMOVE_TURNS)
        return tv_hmove_start(r, p.part[0]);
    return p.shape == TV_HMOVE_STEP || p.shape == TV_HMOVE_JUMPS || p.shape == TV_HMOVE_TAKE ? p.from : -1;
}

/* ---- the default effect --------------------------------------------------- */

static int refuse(const tv_rules *r, tv_move m, int cell, const char *why, tv_error *err)
{
    char name[32], where[8];
    tv_hmove_text(r, m, name, sizeof name);
    tv_grid_cell_name(&r->grid, cell, where, sizeof where);
    return tv_error_set(err, TV_EHOOK, "moves hook: %s cannot be played: %s %s", name, where, why);
}

int tv_hmove_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    tv_hmove_parts p;
    int rc = tv_hmove_decode(r, m, &p, err);
    if (rc)
        return rc;
    if (p.shape == TV_HMOVE_TURNS) { /* each part's effect in turn (the kernel undoes a turn that fails half-way) */
        for (int i = 0; i < p.nparts; i++) {
            tv_effect one = {-1, 0};
            if ((rc = tv_hmove_apply(r, s, p.part[i], u, &one, err)))
                return rc;
            if (one.line_winner >= 0)
                e->line_winner = one.line_winner;
        }
        return TV_OK;
    }
    /* A placement or a drop takes the piece from the mover's hand, in a game
     * that keeps hands (a kind-0 stone for a plain cell). */
    int placed = p.shape == TV_HMOVE_CELL || p.shape == TV_HMOVE_DROP || (p.shape == TV_HMOVE_TAKE && p.from == p.to);
    int hand_kind = p.kind < 0 ? 0 : p.kind;
    if (placed && r->vars.hands && tv_hand_get(r, s, s->to_move, hand_kind) == 0)
        return refuse(r, m, p.from, "cannot take a piece: none of that kind is in the mover's hand", err);
    if (p.shape == TV_HMOVE_CELL) { /* a placement as the description says, on an empty cell */
        if (s->cells[p.from] != TV_EMPTY)
            return refuse(r, m, p.from, "is not empty", err);
        if ((rc = tv_family_data(r)->apply(r, s, m, u, e, err)) || !r->vars.hands)
            return rc;
        return tv_hand_set(r, s, s->to_move, 0, tv_hand_get(r, s, s->to_move, 0) - 1, err);
    }
    int colour = tv_colour_of(s, s->to_move), piece = s->cells[p.from];
    /* Everything the move names is checked before the first write. */
    if (p.shape == TV_HMOVE_DROP || (p.shape == TV_HMOVE_TAKE && p.from == p.to)) {
        if (s->cells[p.from] != TV_EMPTY)
            return refuse(r, m, p.from, "is not empty", err);
        piece = tv_piece(colour, p.kind < 0 ? 0 : p.kind);
    } else {
        if (!tv_cell_is_piece(piece) || tv_cell_colour(piece) != colour)
            return refuse(r, m, p.from, "holds no piece of the mover", err);
        int end = s->cells[p.to];
        if (p.shape != TV_HMOVE_JUMPS && end != TV_EMPTY && !(tv_cell_is_piece(end) && tv_cell_colour(end) != colour))
            return refuse(r, m, p.to, "holds the mover's piece or a block", err);
        for (int i = 1; i <= p.njumps; i++)
            if (s->cells[p.path[i]] != TV_EMPTY && p.path[i] != p.from)
                return refuse(r, m, p.path[i], "is not empty", err);
        if (p.shape == TV_HMOVE_STEP && p.kind >= 0)
            piece = tv_piece(colour, p.kind);
    }
    if (p.removed >= 0 && !tv_cell_is_piece(s->cells[p.removed]))
        return refuse(r, m, p.removed, "holds no piece to remove", err);
    if (placed && r->vars.hands)
        tv_hand_set(r, s, s->to_move, hand_kind, tv_hand_get(r, s, s->to_move, hand_kind) - 1, err);
    if (p.from != p.to || p.shape == TV_HMOVE_JUMPS)
        tv_state_put_grid(r, s, u, p.from, TV_EMPTY, err);
    for (int i = 0; i < p.njumps; i++) {
        int v = s->cells[p.over[i]];
        if (tv_cell_is_piece(v) && tv_cell_colour(v) != colour)
            tv_state_put_grid(r, s, u, p.over[i], TV_EMPTY, err);
    }
    tv_state_put_grid(r, s, u, p.to, piece, err);
    if (p.removed >= 0)
        tv_state_put_grid(r, s, u, p.removed, TV_EMPTY, err);
    if (r->custodial.dirs && (rc = tv_custodial_capture(r, s, u, p.to, s->to_move, NULL, err)) < 0)
        return rc;
    if ((r->ends & TV_END_REACH) && tv_pieces_far(r, colour, p.to, 1)) /* ends = { "reach_far_row" } */
        e->line_winner = s->to_move + 1;
    return TV_OK;
}

/* ---- action ids ------------------------------------------------------------ */

/* The first id of each shape's block, and the end. */
static void blocks(const tv_rules *r, int64_t first[6])
{
    int64_t n = r->ncells, k = kinds(r);
    first[TV_HMOVE_CELL] = 0;
    first[TV_HMOVE_DROP] = n;
    first[TV_HMOVE_STEP] = first[TV_HMOVE_DROP] + n * k;
    first[TV_HMOVE_TAKE] = first[TV_HMOVE_STEP] + n * n * (k + 1);
    first[TV_HMOVE_JUMPS] = first[TV_HMOVE_TAKE] + n * n * n;
    first[5] = first[TV_HMOVE_JUMPS] + n * chain_codes();
}

int tv_hmove_actions(const tv_rules *r)
{
    int64_t first[6];
    blocks(r, first);
    return (int)first[5]; /* 676 cells: 415,118,856 */
}

int tv_hmove_action_of(const tv_rules *r, tv_move m)
{
    tv_hmove_parts p;
    if (tv_hmove_decode(r, m, &p, NULL))
        return TV_EINVAL;
    int64_t first[6], n = r->ncells, k = kinds(r);
    blocks(r, first);
    int64_t a;
    switch (p.shape) {
    case TV_HMOVE_CELL: a = p.from; break;
    case TV_HMOVE_DROP: a = p.from * k + p.kind; break;
    case TV_HMOVE_STEP: a = (p.from * n + p.to) * (k + 1) + (p.kind + 1); break;
    case TV_HMOVE_TAKE: a = (p.from * n + p.to) * n + p.removed; break;
    case TV_HMOVE_TURNS: return TV_EINVAL;
    default: a = (int64_t)p.from * chain_codes() + ((m - TV_HMOVE_CHAIN) >> 10); break;
    }
    return (int)(first[p.shape] + a);
}

int tv_hmove_move_of(const tv_rules *r, int a, tv_move *m)
{
    int64_t first[6], n = r->ncells, k = kinds(r);
    blocks(r, first);
    if (a < 0 || a >= first[5])
        return TV_EINVAL;
    int shape = TV_HMOVE_CELL; /* the block with the greatest first id not above a */
    for (int s = 0; s < 5; s++)
        if (a >= first[s] && first[s] >= first[shape])
            shape = s;
    int64_t i = a - first[shape];
    switch (shape) {
    case TV_HMOVE_CELL: *m = (tv_move)i; break;
    case TV_HMOVE_DROP: *m = tv_hmove_drop((int)(i / k), (int)(i % k)); break;
    case TV_HMOVE_STEP:
        if (i / (k + 1) / n == i / (k + 1) % n)
            return TV_EINVAL;
        *m = tv_hmove_step((int)(i / (k + 1) / n), (int)(i / (k + 1) % n), (int)(i % (k + 1)) - 1);
        break;
    case TV_HMOVE_TAKE: *m = tv_hmove_take((int)(i / n / n), (int)(i / n % n), (int)(i % n)); break;
    default: *m = (tv_move)(TV_HMOVE_CHAIN | (i / chain_codes()) | (i % chain_codes()) << 10); break;
    }
    tv_hmove_parts p;
    return tv_hmove_decode(r, *m, &p, NULL) ? TV_EINVAL : TV_OK;
}
