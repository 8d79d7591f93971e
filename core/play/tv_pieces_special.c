/* The chess family's special moves (tv_pieces_special.h). */
#include "tv_pieces_special.h"

#include <string.h>

#include "tv_cells.h"
#include "tv_bits.h"
#include "tv_compass.h"
#include "tv_royal.h"
#include "tv_vars_state.h"

void tv_special_castle_cells(const tv_rules *r, int me, int i, int cells[4])
{
    const int16_t *at = r->pieces.castle[i].at[me];
    cells[0] = at[0], cells[1] = at[1], cells[2] = at[2], cells[3] = at[3];
}

/* The generator whose slide opens en passant for colour index me, and its
 * one direction (tv_rules_finish: one such slide, one direction). */
static int opening_dir(const tv_rules *r, int me, int kind)
{
    const tv_pieces *p = &r->pieces;
    for (int i = 0; i < p->ngens; i++)
        if ((p->gen[i].en_passant & TV_EP_OPENS) && (kind < 0 || (p->gen[i].kinds >> kind & 1)))
            for (int d = 0; d < 8; d++)
                if (p->gen[i].abs[me] >> d & 1)
                    return d;
    return -1;
}

/* Whether a piece of `kind` takes en passant. */
static int takes_ep(const tv_rules *r, int kind)
{
    for (int i = 0; i < r->pieces.ngens; i++)
        if ((r->pieces.gen[i].en_passant & TV_EP_TAKES) && (r->pieces.gen[i].kinds >> kind & 1))
            return 1;
    return 0;
}

int tv_special_ep_victim(const tv_rules *r, const tv_state *s)
{
    if (r->pieces.ep_var < 0)
        return -1;
    int ep = tv_var_get(r, s, r->pieces.ep_var, 0), enemy = tv_colour_of(s, s->to_move ^ 1) - 1;
    int d = ep < 0 ? -1 : opening_dir(r, enemy, -1);
    return d < 0 ? -1 : r->nb[ep][d];
}

int tv_special_is_en_passant(const tv_rules *r, const tv_state *s, tv_move m)
{
    if (r->pieces.ep_var < 0 || tv_pmove_is_castle(m))
        return 0;
    int to = tv_pmove_to(m), v = s->cells[tv_pmove_from(m)];
    return s->cells[to] == TV_EMPTY && to == tv_var_get(r, s, r->pieces.ep_var, 0) && tv_cell_is_piece(v) &&
           takes_ep(r, tv_cell_kind(v));
}

/* The kind the piece of `kind` that m moves to `to` ends as. */
static int kind_after(const tv_rules *r, int colour, int kind, tv_move m, int to)
{
    int chosen = tv_pmove_promotes(m), to_kind = r->pieces.promote[kind];
    if (chosen >= 0)
        return chosen;
    return to_kind >= 0 && tv_pieces_far(r, colour, to, r->pieces.promote_rows) ? to_kind : kind;
}

void tv_special_move_cells(const tv_rules *r, const tv_state *s, tv_move m, uint8_t *cells)
{
    int from = tv_pmove_from(m), to = tv_pmove_to(m);
    if (tv_pmove_is_castle(m)) {
        int c[4];
        tv_special_castle_cells(r, tv_cell_colour(s->cells[from]) - 1, tv_pmove_castle(m), c);
        int king = cells[c[0]], rook = cells[c[2]];
        cells[c[0]] = cells[c[2]] = TV_EMPTY;
        cells[c[1]] = (uint8_t)king;
        cells[c[3]] = (uint8_t)rook;
        return;
    }
    int v = cells[from];
    if (tv_special_is_en_passant(r, s, m))
        cells[tv_special_ep_victim(r, s)] = TV_EMPTY;
    cells[from] = TV_EMPTY;
    cells[to] = (uint8_t)tv_piece(tv_cell_colour(v), kind_after(r, tv_cell_colour(v), tv_cell_kind(v), m, to));
}

int tv_special_promotions(const tv_rules *r, const tv_state *s, int colour, tv_move *moves, int8_t *len, int n, int cap)
{
    const tv_pieces *p = &r->pieces;
    int grows = 0;
    for (int i = 0; i < n && !grows; i++) /* the promotion rows first: most moves end elsewhere */
        grows = tv_pieces_far(r, colour, tv_pmove_to(moves[i]), p->promote_rows) && !tv_pmove_is_castle(moves[i]) &&
                p->promote_choice[tv_cell_kind(s->cells[tv_pmove_from(moves[i])])];
    if (!grows)
        return n;
    tv_move was[TV_MOVES_LIMIT];
    int8_t was_len[TV_MOVES_LIMIT];
    memcpy(was, moves, (size_t)n * sizeof *was);
    memcpy(was_len, len, (size_t)n);
    int k = 0;
    for (int i = 0; i < n; i++) {
        tv_move m = was[i];
        int from = tv_pmove_from(m), to = tv_pmove_to(m), kind = tv_cell_kind(s->cells[from]);
        unsigned choice = p->promote_choice[kind];
        if (!choice || tv_pmove_is_castle(m) || !tv_pieces_far(r, colour, to, p->promote_rows))
            choice = 0;
        for (int c = 0; c < TV_MAX_KINDS && choice; c++) {
            if (!(choice >> c & 1))
                continue;
            if (k == cap)
                return -1;
            len[k] = was_len[i];
            moves[k++] = tv_pmove_promoting(from, to, tv_pmove_captures(m), c);
        }
        if (!p->promote_choice[kind] || !tv_pieces_far(r, colour, to, p->promote_rows) || tv_pmove_is_castle(m)) {
            if (k == cap)
                return -1;
            len[k] = was_len[i];
            moves[k++] = m;
        }
    }
    return k;
}

int tv_special_castles(const tv_rules *r, const tv_state *s, int colour, tv_move *moves, int8_t *len, int n, int cap)
{
    const tv_pieces *p = &r->pieces;
    int me = colour - 1, checked = 0;
    tv_attack_plan a;
    for (int i = 0; i < p->ncastles; i++) {
        int c[4];
        if (!tv_var_get(r, s, p->castle[i].var, me))
            continue;
        tv_special_castle_cells(r, me, i, c);
        int king = s->cells[c[0]], rook = s->cells[c[2]];
        if (!tv_cell_is_piece(king) || tv_cell_colour(king) != colour || !(p->royal >> tv_cell_kind(king) & 1) ||
            !tv_cell_is_piece(rook) || tv_cell_colour(rook) != colour || c[0] == c[2])
            continue;
        /* the cells between the four, on their row, empty but for the two */
        int lo = c[0], hi = c[0], clear = 1;
        for (int j = 1; j < 4; j++) {
            lo = c[j] < lo ? c[j] : lo;
            hi = c[j] > hi ? c[j] : hi;
        }
        for (int x = lo; x <= hi && clear; x++)
            clear = x == c[0] || x == c[2] || s->cells[x] == TV_EMPTY;
        if (!clear)
            continue;
        /* the royal piece not attacked on its start and its way (its
         * destination: the check test of every move) */
        if (!checked) {
            tv_attack_plan_for(r, colour ^ 3, &a);
            checked = 1;
        }
        int step = c[1] > c[0] ? 1 : -1, safe = 1;
        for (int x = c[0]; safe; x += step) {
            safe = !tv_royal_attacked(r, &a, s->cells, x);
            if (x == c[1])
                break;
        }
        if (!safe)
            continue;
        if (n == cap)
            return -1;
        len[n] = 0;
        moves[n++] = tv_pmove_castling(c[0], c[1], i);
    }
    return n;
}

/* Castling rights lost by a move from or onto `cell`: the royal piece or
 * the rook of a castling has moved or been taken. */
static int lose_rights(const tv_rules *r, tv_state *s, int cell, tv_error *err)
{
    for (unsigned touched = r->pieces.castle_touch[cell]; touched; touched &= touched - 1) {
        int bit = tv_bits_lowest(touched), me = bit / 4, var = r->pieces.castle[bit % 4].var, rc;
        if (tv_var_get(r, s, var, me) && (rc = tv_var_set(r, s, var, me, 0, err)))
            return rc;
    }
    return TV_OK;
}

static int ep_usable(const tv_rules *r, const tv_state *s, int colour, int passed);

/* After a move of the piece of `kind` from `from` to `to`: the cell it
 * passed, when it slid two or more cells with en_passant = opens and an
 * enemy piece could take there; else -1. */
static int ep_opened(const tv_rules *r, const tv_state *s, int colour, int kind, int from, int to)
{
    int d = opening_dir(r, colour - 1, kind);
    if (d < 0)
        return -1;
    int passed = r->nb[to][tv_compass_reverse(d)];
    if (passed < 0 || passed == from)
        return -1;
    int at = from;
    while (at >= 0 && at != to)
        at = r->nb[at][d];
    return at == to ? ep_usable(r, s, colour, passed) : -1;
}

/* `passed`, when an enemy of `colour` has an en-passant step that lands
 * there; else -1. */
static int ep_usable(const tv_rules *r, const tv_state *s, int colour, int passed)
{
    const tv_pieces *p = &r->pieces;
    int enemy = colour ^ 3;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *g = &p->gen[i];
        if (!(g->en_passant & TV_EP_TAKES))
            continue;
        for (int e = 0; e < 8; e++) {
            int c = g->abs[enemy - 1] >> e & 1 ? r->nb[passed][tv_compass_reverse(e)] : -1;
            int v = c < 0 ? TV_EMPTY : s->cells[c];
            if (tv_cell_is_piece(v) && tv_cell_colour(v) == enemy && (g->kinds >> tv_cell_kind(v) & 1))
                return passed;
        }
    }
    return -1;
}

int tv_special_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *progress, tv_error *err)
{
    const tv_pieces *p = &r->pieces;
    int from = tv_pmove_from(m), to = tv_pmove_to(m), v = s->cells[from], rc;
    int colour = tv_cell_colour(v), kind = tv_cell_kind(v);
    if (from >= r->ncells || to >= r->ncells || !tv_cell_is_piece(v))
        return tv_error_set(err, TV_EINVAL, "pieces: move %d is not a move of this game", (int)m);
    int ep = tv_special_is_en_passant(r, s, m), victim = ep ? tv_special_ep_victim(r, s) : -1;
    *progress = 0;
    if (tv_pmove_is_castle(m)) {
        int c[4];
        tv_special_castle_cells(r, colour - 1, tv_pmove_castle(m), c);
        int rook = s->cells[c[2]];
        if ((rc = tv_state_put_grid(r, s, u, c[0], TV_EMPTY, err)) ||
            (rc = tv_state_put_grid(r, s, u, c[2], TV_EMPTY, err)) || (rc = tv_state_put_grid(r, s, u, c[1], v, err)) ||
            (rc = tv_state_put_grid(r, s, u, c[3], rook, err)) || (rc = lose_rights(r, s, c[0], err)) ||
            (rc = lose_rights(r, s, c[2], err)))
            return rc;
        to = c[1];
    } else {
        int captured = tv_cell_is_piece(s->cells[to]) || ep, becomes = kind_after(r, colour, kind, m, to);
        if ((victim >= 0 && (rc = tv_state_put_grid(r, s, u, victim, TV_EMPTY, err))) ||
            (rc = tv_state_put_grid(r, s, u, from, TV_EMPTY, err)) ||
            (rc = tv_state_put_grid(r, s, u, to, tv_piece(colour, becomes), err)) ||
            (p->ncastles && ((rc = lose_rights(r, s, from, err)) || (rc = lose_rights(r, s, to, err)))))
            return rc;
        *progress = captured || becomes != kind || (p->progress_kinds >> kind & 1);
    }
    if (p->ep_var >= 0) {
        int open = tv_pmove_is_castle(m) ? -1 : ep_opened(r, s, colour, kind, from, to);
        if (tv_var_get(r, s, p->ep_var, 0) != open && (rc = tv_var_set(r, s, p->ep_var, 0, open, err)))
            return rc;
    }
    return (r->ends & TV_END_REACH) && tv_pieces_far(r, colour, to, 1);
}

int tv_special_canonical(const tv_rules *r, tv_state *s, tv_error *err)
{
    const tv_pieces *p = &r->pieces;
    int rc;
    for (int me = 0; me < 2; me++)
        for (int i = 0; i < p->ncastles; i++) {
            int c[4], colour = me + 1, king, rook;
            tv_special_castle_cells(r, me, i, c);
            king = s->cells[c[0]], rook = s->cells[c[2]];
            int ready = tv_cell_is_piece(king) && tv_cell_colour(king) == colour && (p->royal >> tv_cell_kind(king) & 1) &&
                        tv_cell_is_piece(rook) && tv_cell_colour(rook) == colour && !(p->royal >> tv_cell_kind(rook) & 1);
            if (!ready && tv_var_get(r, s, p->castle[i].var, me) && (rc = tv_var_set(r, s, p->castle[i].var, me, 0, err)))
                return rc;
        }
    if (p->ep_var < 0 || tv_var_get(r, s, p->ep_var, 0) < 0)
        return TV_OK;
    /* the en-passant cell: empty, the piece that passed beyond it, and a
     * piece of the mover that could take there */
    int ep = tv_var_get(r, s, p->ep_var, 0), victim = tv_special_ep_victim(r, s);
    int mover = tv_colour_of(s, s->to_move), keep = 0;
    if (s->cells[ep] == TV_EMPTY && victim >= 0 && tv_cell_colour(s->cells[victim]) == (mover ^ 3) &&
        tv_cell_is_piece(s->cells[victim]))
        keep = ep_usable(r, s, mover ^ 3, ep) == ep;
    return keep ? TV_OK : tv_var_set(r, s, p->ep_var, 0, -1, err);
}

/* ---- the check test ------------------------------------------------------ */

static int check_test(const tv_rules *r, const tv_attack_plan *a, const tv_state *s, tv_move *moves, int8_t *len, int n,
                      int first);

/* The pieces of `colour` pinned to one of its royal pieces (on at[0..n)):
 * an own piece that is the only one between the royal piece and an enemy
 * piece that attacks along that line from there. Only these, the royal
 * pieces themselves and an en-passant capture can uncover an attack by
 * moving (attacks come along lines and from leaps, and a leap or a step
 * cannot be blocked); written into pinned[], their count returned. */
static int pinned_pieces(const tv_rules *r, const tv_attack_plan *a, const uint8_t *cells, const int *at, int n,
                         int *pinned)
{
    int np = 0;
    for (int i = 0; i < n; i++)
        for (int d = 0; d < 8; d++) {
            if (!a->far[d])
                continue;
            int c = at[i], j = 0, own = -1;
            while ((c = r->nb[c][d]) >= 0 && j < TV_MAX_SIDE) {
                j++;
                int v = cells[c];
                if (v == TV_EMPTY)
                    continue;
                if (own < 0 && tv_cell_colour(v) != a->colour) {
                    own = c; /* the first piece: one of the mover's, maybe pinned */
                    continue;
                }
                if (own >= 0 && tv_cell_colour(v) == a->colour && tv_cell_is_piece(v) &&
                    (a->reach[d][tv_cell_kind(v)] >> (j - 1) & 1))
                    pinned[np++] = own;
                break;
            }
        }
    return np;
}

/* Whether m leaves a royal piece of `colour` (on at[0..n) before it)
 * attacked, played on a copy of the cells; a royal piece it moves stands
 * on its destination then. */
static int exposes(const tv_rules *r, const tv_state *s, const tv_attack_plan *a, tv_move m, const int *at, int n)
{
    uint8_t cells[TV_MAX_CELLS];
    int now[TV_MAX_CELLS], from = tv_pmove_from(m), to = tv_pmove_to(m);
    memcpy(cells, s->cells, (size_t)r->ncells);
    tv_special_move_cells(r, s, m, cells);
    for (int i = 0; i < n; i++)
        now[i] = at[i] == from ? to : at[i];
    return tv_royal_any_attacked(r, a, cells, now, n);
}

int tv_special_filter(const tv_rules *r, const tv_state *s, int colour, tv_move *moves, int8_t *len, int n)
{
    tv_attack_plan a;
    tv_attack_plan_for(r, colour ^ 3, &a);
    return tv_special_filter_planned(r, &a, s, moves, len, n);
}

int tv_special_filter_planned(const tv_rules *r, const tv_attack_plan *a, const tv_state *s, tv_move *moves, int8_t *len,
                            int n)
{
    return check_test(r, a, s, moves, len, n, 0);
}

int tv_special_any_legal(const tv_rules *r, const tv_attack_plan *a, const tv_state *s, tv_move *moves, int n)
{
    return check_test(r, a, s, moves, NULL, n, 1) > 0;
}

/* The filter; with `first`, it stops at the first move kept. */
static int check_test(const tv_rules *r, const tv_attack_plan *a, const tv_state *s, tv_move *moves, int8_t *len, int n,
                      int first)
{
    int colour = a->colour ^ 3;
    int at[TV_MAX_CELLS], nr = tv_royals(r, s->cells, colour, at), keep = 0, pinned[8 * TV_MAX_CELLS];
    if (!nr)
        return n;
    int check = tv_royal_any_attacked(r, a, s->cells, at, nr), np = check ? 0 : pinned_pieces(r, a, s->cells, at, nr, pinned);
    int ep = r->pieces.ep_var >= 0 ? tv_var_get(r, s, r->pieces.ep_var, 0) : -1;
    for (int i = 0; i < n; i++) {
        tv_move m = moves[i];
        int from = tv_pmove_from(m), v = s->cells[from];
        int sure = !check && !(r->pieces.royal >> tv_cell_kind(v) & 1) && !tv_pmove_is_castle(m) &&
                   (ep < 0 || tv_pmove_to(m) != ep);
        for (int j = 0; j < np && sure; j++)
            sure = pinned[j] != from;
        if (sure || !exposes(r, s, a, m, at, nr)) {
            moves[keep] = m;
            if (len)
                len[keep] = len[i];
            if (++keep && first)
                break;
        }
    }
    return keep;
}

const char *tv_special_refusal(const tv_rules *r, const tv_state *s, int colour, tv_move m)
{
    tv_move one = m;
    if (!r->pieces.royal || tv_special_filter(r, s, colour, &one, NULL, 1) == 1)
        return NULL;
    return tv_royal_in_check(r, s, colour) ? "your royal piece is attacked, and stays so after this move"
                                           : "this move leaves your royal piece attacked";
}
