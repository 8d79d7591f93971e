/* Captures whose pieces leave the board after the move (tv_pieces_after.h).
 * The chains of one piece are found depth first; each complete chain is
 * kept once per (end, set of pieces taken), in a thread's scratch, and the
 * variants are numbered when all are found. */
#include "tv_pieces_after.h"

#include <string.h>

#include "tv_bits.h"
#include "tv_cells.h"

enum { NONE = 0, SHORT, FLYING };
enum { OK = 0, TOO_MANY, TOO_LONG, TOO_DEEP };

/* A chain found: its end and the set it takes, pool[at .. at + count) in
 * increasing order. */
typedef struct found {
    int16_t to, count;
    int32_t at;
} found;

typedef struct scratch {
    found f[TV_MOVES_LIMIT];
    int16_t pool[TV_MOVES_LIMIT * TV_PMOVE_CHAIN_LIMIT];
} scratch;

/* One piece's search. */
typedef struct search {
    const tv_rules *r;
    const uint8_t *cells;
    int colour, from;
    uint8_t mode[8], chains[8];           /* by direction: NONE, SHORT or FLYING; whether it goes on */
    int16_t taken[TV_PMOVE_CHAIN_LIMIT];  /* the pieces jumped, in order */
    int16_t at[TV_PMOVE_CHAIN_LIMIT];     /* the landings */
    long steps;
    int err, nfound, room, pooled;
    scratch *sc;
    /* tv_after_by_landings: the landings wanted, and the set of the chain that made them */
    const int *want;
    int nwant, got;
    int16_t wanted[TV_PMOVE_CHAIN_LIMIT];
} search;

static _Thread_local scratch kept; /* a thread's: a search never outlives its call */

static int setup(search *x, const tv_rules *r, const uint8_t *cells, int colour, int from, int kind)
{
    int any = 0;
    memset(x, 0, sizeof *x);
    x->r = r, x->cells = cells, x->colour = colour, x->from = from, x->sc = &kept;
    x->room = TV_MOVES_LIMIT;
    for (int i = 0; i < r->pieces.ngens; i++) {
        const tv_gen *g = &r->pieces.gen[i];
        if (g->type != TV_GEN_JUMP || !(g->kinds & (1 << kind)))
            continue;
        for (int d = 0; d < 8; d++)
            if (g->abs[colour - 1] >> d & 1) {
                x->mode[d] = (uint8_t)(g->flying ? FLYING : SHORT);
                x->chains[d] = (uint8_t)(g->chain != 0);
                any = 1;
            }
    }
    return any;
}

/* Empty on the way: the piece's start is. */
static inline int is_empty(const search *x, int c) { return x->cells[c] == TV_EMPTY || c == x->from; }

/* An enemy piece not jumped yet by the first `depth` jumps. */
static inline int takeable(const search *x, int c, int depth)
{
    int v = x->cells[c];
    if (!tv_cell_is_piece(v) || tv_cell_colour(v) == x->colour || c == x->from)
        return 0;
    for (int i = 0; i < depth; i++)
        if (x->taken[i] == c)
            return 0;
    return 1;
}

/* The enemy a jump along d from `cell` would go over, or -1. */
static inline int over_of(const search *x, int cell, int d, int depth)
{
    int over = x->r->nb[cell][d];
    if (x->mode[d] == FLYING)
        while (over >= 0 && is_empty(x, over))
            over = x->r->nb[over][d];
    return over >= 0 && takeable(x, over, depth) ? over : -1;
}

/* a before b: the lowest cell where two increasing sets of one size differ */
static int set_cmp(const int16_t *a, const int16_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* Keeps the chain that ends on `to` after `count` jumps, once per set. */
static void record(search *x, int to, int count)
{
    int16_t set[TV_PMOVE_CHAIN_LIMIT];
    for (int i = 0; i < count; i++) { /* insertion sort: a chain is short */
        int16_t c = x->taken[i];
        int j = i;
        for (; j > 0 && set[j - 1] > c; j--)
            set[j] = set[j - 1];
        set[j] = c;
    }
    if (x->want && !x->got && count == x->nwant - 1) {
        int same = 1;
        for (int i = 0; i < count && same; i++)
            same = x->at[i] == x->want[i + 1];
        if (same) {
            memcpy(x->wanted, set, (size_t)count * sizeof *set);
            x->got = 1;
        }
    }
    for (int i = 0; i < x->nfound; i++) {
        const found *f = &x->sc->f[i];
        if (f->to == to && f->count == count && set_cmp(x->sc->pool + f->at, set, count) == 0)
            return;
    }
    if (x->nfound >= x->room) {
        x->err = TOO_MANY;
        return;
    }
    found *f = &x->sc->f[x->nfound++];
    f->to = (int16_t)to, f->count = (int16_t)count, f->at = x->pooled;
    memcpy(x->sc->pool + x->pooled, set, (size_t)count * sizeof *set);
    x->pooled += count;
}

/* The jumps on from `cell` after `depth` of them; each complete chain is
 * recorded. Returns whether any jump was found from here. */
static int jumps(search *x, int cell, int depth)
{
    const int16_t(*nb)[8] = x->r->nb;
    int any = 0;
    for (int d = 0; d < 8 && !x->err; d++) {
        if (!x->mode[d] || (depth && !x->chains[d]))
            continue;
        int over = over_of(x, cell, d, depth);
        if (over < 0)
            continue;
        for (int land = nb[over][d]; land >= 0 && is_empty(x, land) && !x->err;
             land = x->mode[d] == FLYING ? nb[land][d] : -1) {
            any = 1;
            if (++x->steps > TV_AFTER_STEPS) {
                x->err = TOO_LONG;
                break;
            }
            if (depth >= TV_PMOVE_CHAIN_LIMIT) { /* never: the rules bound the enemy's pieces by it */
                x->err = TOO_DEEP;
                break;
            }
            x->taken[depth] = (int16_t)over;
            x->at[depth] = (int16_t)land;
            if (!x->chains[d] || !jumps(x, land, depth + 1))
                record(x, land, depth + 1);
        }
    }
    return any;
}

/* The variant of found[i]: the sets before it between its two cells. */
static int variant_of(const search *x, int i)
{
    const found *f = x->sc->f, *a = &f[i];
    int v = 0;
    for (int j = 0; j < x->nfound; j++)
        if (j != i && f[j].to == a->to &&
            (f[j].count > a->count || /* more pieces first: the majority rule's moves are 0, 1, ... */
             (f[j].count == a->count && set_cmp(x->sc->pool + f[j].at, x->sc->pool + a->at, a->count) < 0)))
            v++;
    return v;
}

/* Runs the search; TV_OK, or TV_ELIMIT with the reason. */
static int run(search *x, tv_error *err)
{
    char at[8];
    jumps(x, x->from, 0);
    tv_grid_cell_name(&x->r->grid, x->from, at, sizeof at);
    switch (x->err) {
    case OK:
        return TV_OK;
    case TOO_MANY:
        return tv_error_set(err, TV_ELIMIT, "pieces: a position with more than %d legal moves", x->r->max_moves);
    case TOO_LONG:
        return tv_error_set(err, TV_ELIMIT, "pieces: the captures of the piece on %s take more than %ld jumps to find",
                            at, TV_AFTER_STEPS);
    default:
        return tv_error_set(err, TV_ELIMIT, "pieces: a capture from %s of more than %d jumps", at,
                            TV_PMOVE_CHAIN_LIMIT);
    }
}

int tv_after_can_capture(const tv_rules *r, const uint8_t *cells, int colour, int from, int kind)
{
    const int16_t(*nb)[8] = r->nb;
    for (int i = 0; i < r->pieces.ngens; i++) { /* no search set up: this runs for every piece */
        const tv_gen *g = &r->pieces.gen[i];
        if (g->type != TV_GEN_JUMP || !(g->kinds & (1 << kind)))
            continue;
        for (unsigned dirs = (unsigned)g->abs[colour - 1]; dirs; dirs &= dirs - 1) {
            int d = tv_bits_lowest32(dirs), over = nb[from][d];
            while (g->flying && over >= 0 && cells[over] == TV_EMPTY)
                over = nb[over][d];
            if (over < 0 || !tv_cell_is_piece(cells[over]) || tv_cell_colour(cells[over]) == colour)
                continue;
            int land = nb[over][d];
            if (land >= 0 && cells[land] == TV_EMPTY)
                return 1;
        }
    }
    return 0;
}

int tv_after_captures(const tv_rules *r, const uint8_t *cells, int colour, int from, int kind, tv_move *out,
                      int8_t *len, int n, int cap, tv_error *err)
{
    search x;
    if (!setup(&x, r, cells, colour, from, kind))
        return n;
    x.room = cap - n;
    int rc = run(&x, err);
    if (rc)
        return rc;
    for (int i = 0; i < x.nfound; i++) {
        int v = variant_of(&x, i);
        if (v >= TV_PMOVE_VARIANTS) {
            char a[8], b[8];
            tv_grid_cell_name(&r->grid, from, a, sizeof a);
            tv_grid_cell_name(&r->grid, x.sc->f[i].to, b, sizeof b);
            return tv_error_set(err, TV_ELIMIT, "pieces: more than %d captures from %s to %s take different pieces",
                                TV_PMOVE_VARIANTS, a, b);
        }
        len[n] = (int8_t)x.sc->f[i].count;
        out[n++] = tv_pmove_after(from, x.sc->f[i].to, v);
    }
    return n;
}

/* The piece on m's start: its kind and colour, or -1. */
static int piece_on(const tv_rules *r, const uint8_t *cells, int from, int *colour)
{
    if (from < 0 || from >= r->ncells || !tv_cell_is_piece(cells[from]))
        return -1;
    *colour = tv_cell_colour(cells[from]);
    return tv_cell_kind(cells[from]);
}

int tv_after_taken(const tv_rules *r, const uint8_t *cells, tv_move m, int16_t *taken, tv_error *err)
{
    int from = tv_pmove_from(m), to = tv_pmove_to(m), v = tv_pmove_variant(m), colour, kind;
    search x;
    if (v < 0 || (kind = piece_on(r, cells, from, &colour)) < 0 || !setup(&x, r, cells, colour, from, kind))
        return 0;
    int rc = run(&x, err);
    if (rc)
        return rc;
    for (int i = 0; i < x.nfound; i++)
        if (x.sc->f[i].to == to && variant_of(&x, i) == v) {
            memcpy(taken, x.sc->pool + x.sc->f[i].at, (size_t)x.sc->f[i].count * sizeof *taken);
            return x.sc->f[i].count;
        }
    return 0;
}

int tv_after_by_landings(const tv_rules *r, const uint8_t *cells, const int *typed, int n, tv_move *m,
                         tv_error *err)
{
    int colour, kind;
    search x;
    if (n < 3 || n - 1 > TV_PMOVE_CHAIN_LIMIT || (kind = piece_on(r, cells, typed[0], &colour)) < 0 ||
        !setup(&x, r, cells, colour, typed[0], kind))
        return 0;
    x.want = typed, x.nwant = n;
    int rc = run(&x, err);
    if (rc)
        return rc;
    if (!x.got)
        return 0;
    for (int i = 0; i < x.nfound; i++)
        if (x.sc->f[i].to == typed[n - 1] && x.sc->f[i].count == n - 1 &&
            set_cmp(x.sc->pool + x.sc->f[i].at, x.wanted, n - 1) == 0) {
            *m = tv_pmove_after(typed[0], typed[n - 1], variant_of(&x, i));
            return 1;
        }
    return 0;
}
