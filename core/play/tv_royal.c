/* Royal pieces and check (tv_royal.h). */
#include "tv_royal.h"

#include <string.h>

#include "tv_bits.h"
#include "tv_compass.h"

/* A generator that can take on the cell it lands on (core/rules refuses
 * royal pieces with any other way to take: tv_special_rules.c). */
static int captures(const tv_gen *g) { return g->type != TV_GEN_JUMP && (g->to & TV_TO_ENEMY); }

void tv_attack_plan_for(const tv_rules *r, int colour, tv_attack_plan *a)
{
    const tv_pieces *p = &r->pieces;
    int me = colour - 1;
    memset(a, 0, sizeof *a);
    a->colour = colour;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *g = &p->gen[i];
        if (!captures(g))
            continue;
        if (g->type == TV_GEN_LEAP) {
            for (int k = 0; k < g->noffsets && a->nleaps < TV_MAX_GENS * TV_MAX_LEAPS; k++) {
                /* the attacker stands at the attacked cell less its offset */
                a->leap[a->nleaps].dcol = (int8_t)-g->offsets[k][0];
                a->leap[a->nleaps].drow = (int8_t)(me ? g->offsets[k][1] : -g->offsets[k][1]);
                a->leap[a->nleaps++].kinds = (uint8_t)g->kinds;
            }
            continue;
        }
        int lo = g->type == TV_GEN_SLIDE && g->min > 1 ? g->min : 1;
        int hi = g->type == TV_GEN_STEP ? 1 : g->max;
        uint32_t dist = 0;
        for (int j = lo; j <= hi && j <= 32; j++)
            dist |= 1u << (j - 1);
        for (int d = 0; d < 8; d++) {
            if (!(g->abs[me] >> d & 1))
                continue;
            int back = tv_compass_reverse(d); /* seen from the attacked cell */
            for (int k = 0; k < TV_MAX_KINDS; k++)
                if (g->kinds >> k & 1)
                    a->reach[back][k] |= dist;
            if (hi > a->far[back])
                a->far[back] = (uint8_t)hi;
        }
    }
}

int tv_royal_attacked(const tv_rules *r, const tv_attack_plan *a, const uint8_t *cells, int cell)
{
    const int16_t(*nb)[8] = r->nb;
    for (int d = 0; d < 8; d++) {
        int at = cell;
        for (int j = 0; j < a->far[d] && (at = nb[at][d]) >= 0; j++) {
            int v = cells[at];
            if (v == TV_EMPTY)
                continue;
            if (tv_cell_colour(v) == a->colour && (a->reach[d][tv_cell_kind(v)] >> j & 1))
                return 1;
            break;
        }
    }
    int w = r->grid.width, h = r->grid.height, col = cell % w, row = cell / w;
    for (int i = 0; i < a->nleaps; i++) {
        int c = col + a->leap[i].dcol, rr = row + a->leap[i].drow;
        if (c < 0 || c >= w || rr < 0 || rr >= h)
            continue;
        int v = cells[rr * w + c];
        if (tv_cell_colour(v) == a->colour && tv_cell_is_piece(v) && (a->leap[i].kinds >> tv_cell_kind(v) & 1))
            return 1;
    }
    return 0;
}

int tv_royals(const tv_rules *r, const uint8_t *cells, int colour, int *at)
{
    int n = 0;
    for (unsigned kinds = (unsigned)r->pieces.royal; kinds; kinds &= kinds - 1) { /* memchr: the library's wide compare */
        int v = tv_piece(colour, tv_bits_lowest32(kinds));
        for (const uint8_t *p = cells, *end = cells + r->ncells; (p = memchr(p, v, (size_t)(end - p))) != NULL; p++)
            at[n++] = (int)(p - cells);
    }
    return n;
}

int tv_royal_any_attacked(const tv_rules *r, const tv_attack_plan *a, const uint8_t *cells, const int *at, int n)
{
    for (int i = 0; i < n; i++)
        if (tv_royal_attacked(r, a, cells, at[i]))
            return 1;
    return 0;
}

int tv_royal_in_check(const tv_rules *r, const tv_state *s, int colour)
{
    int at[TV_MAX_CELLS], n;
    if (!r->pieces.royal || !(n = tv_royals(r, s->cells, colour, at)))
        return 0;
    tv_attack_plan a;
    tv_attack_plan_for(r, colour ^ 3, &a);
    return tv_royal_any_attacked(r, &a, s->cells, at, n);
}

int tv_royal_insufficient(const tv_rules *r, const tv_state *s)
{
    const tv_insufficient *x = &r->pieces.insufficient;
    int others = 0, shaded = 0, shades = 0; /* shades: bit 0 a light cell, bit 1 a dark one */
    if (!x->on)
        return 0;
    for (int c = 0; c < r->ncells; c++) {
        int v = s->cells[c];
        if (!tv_cell_is_piece(v) || (r->pieces.royal >> tv_cell_kind(v) & 1))
            continue;
        int k = tv_cell_kind(v);
        if (!((x->alone | x->same_colour) >> k & 1))
            return 0; /* a piece that could help to attack */
        others++;
        if (x->same_colour >> k & 1) {
            shaded++;
            shades |= 1 << ((c % r->grid.width + c / r->grid.width) & 1);
        }
    }
    /* nothing but royal pieces; one piece that cannot attack alone; or
     * pieces that all keep to cells of one colour */
    return others <= 1 || (shaded == others && shades != 3);
}
