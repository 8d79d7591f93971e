/* The bound on one piece's moves (tv_bound.h). Steps, slides and leaps are
 * counted on the empty board: in a position, pieces only stop a slide short
 * or take the landing (a capture is still one move). A chain of jumps is a
 * move wherever it could stop, so every sequence is counted, not only the
 * longest: each jump goes over a neighbour to the cell beyond; an enemy
 * jumped leaves the board (never jumped twice, and no more of them than the
 * enemy has), an own piece stays but the chain never lands twice on a cell
 * (tv_pieces.c: a jump that may go over own pieces never does, whatever
 * it goes over). A piece may promote on the way, so its later jumps are any
 * its kind can become makes: more than any position has, never fewer. */
#include "tv_bound.h"

#include <string.h>

#include "tv_pmove.h"

/* The walk over the chains of one piece. */
typedef struct chain_walk {
    const tv_rules *r;
    int enemy_dirs; /* jumps over enemies only: each taken once, at most `enemies` */
    int any_dirs;   /* jumps that may go over own pieces: never landing twice on a cell */
    int chain_dirs;           /* the jumps that go on after a jump */
    int enemies, depth_max;
    long count, cap;
    uint8_t taken[TV_MAX_CELLS];  /* enemies jumped so far */
    uint8_t landed[TV_MAX_CELLS]; /* the start and the landings of any_dirs jumps */
} chain_walk;

/* Counts the jumps along dirs from `cell`, `depth` jumps and `took` enemies
 * into the chain, and the chains that go on from each. A jump that two
 * rules could allow (kinds a promotion joins) marks neither rule's cell,
 * so the chains on from it are counted once, under the looser rule. */
static void walk_chains(chain_walk *w, int cell, int dirs, int depth, int took)
{
    const int16_t(*nb)[8] = w->r->nb;
    for (int d = 0; d < 8 && w->count <= w->cap; d++) {
        int over = dirs >> d & 1 ? nb[cell][d] : -1, land = over < 0 ? -1 : nb[over][d];
        if (land < 0)
            continue;
        int enemy = (w->enemy_dirs >> d & 1) && !w->taken[over] && took < w->enemies;
        int any = (w->any_dirs >> d & 1) && !w->landed[land];
        if (!enemy && !any)
            continue;
        w->count++;
        if (depth + 1 >= w->depth_max || !(w->chain_dirs >> d & 1))
            continue;
        int mark_taken = enemy && !any, mark_landed = any && !enemy;
        w->taken[over] |= (uint8_t)mark_taken;
        w->landed[land] |= (uint8_t)mark_landed;
        walk_chains(w, land, w->chain_dirs, depth + 1, took + mark_taken);
        w->taken[over] = (uint8_t)(w->taken[over] && !mark_taken);
        w->landed[land] = (uint8_t)(w->landed[land] && !mark_landed);
    }
}

/* The kinds a piece of `kind` is or can become (bit mask). */
static int kinds_reached(const tv_pieces *p, int kind)
{
    int mask = 0;
    for (int k = kind; k >= 0 && k < TV_MAX_KINDS && !(mask >> k & 1); k = p->promote[k])
        mask |= 1 << k;
    return mask;
}

/* Sets up w for jumps of pieces of `kind` and colour index me; returns the
 * directions of a first jump (0: the kind does not jump). */
static int chain_plan(chain_walk *w, const tv_rules *r, int me, int kind)
{
    const tv_pieces *p = &r->pieces;
    int reached = kinds_reached(p, kind), first = 0;
    w->enemy_dirs = w->any_dirs = w->chain_dirs = 0;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *g = &p->gen[i];
        if (g->type != TV_GEN_JUMP || !(g->kinds & reached))
            continue;
        if (g->over & TV_OVER_OWN) /* tv_pieces.c: such a jump never lands twice, over an enemy too */
            w->any_dirs |= g->abs[me];
        else
            w->enemy_dirs |= g->abs[me];
        if (g->chain)
            w->chain_dirs |= g->abs[me];
        if (g->kinds & (1 << kind))
            first |= g->abs[me];
    }
    return first;
}

/* The cells a step or slide of `reach` along dirs reaches from `cell` on the
 * empty board. */
static long reach_from(const tv_rules *r, int cell, int dirs, int reach)
{
    long n = 0;
    for (int d = 0; d < 8; d++)
        for (int k = 0, at = cell; k < reach && (dirs >> d & 1) && (at = r->nb[at][d]) >= 0; k++)
            n++;
    return n;
}

/* The leaps of gen that land on the board from `cell` for colour index me
 * (player 2's rows mirrored, as tv_pieces_line.c). */
static long leaps_from(const tv_rules *r, const tv_gen *g, int cell, int me)
{
    int w = r->grid.width, h = r->grid.height, col = tv_grid_col(&r->grid, cell), row = tv_grid_row(&r->grid, cell);
    long n = 0;
    for (int i = 0; i < g->noffsets; i++) {
        int c = col + g->offsets[i][0], rr = row + (me ? -1 : 1) * g->offsets[i][1];
        n += c >= 0 && c < w && rr >= 0 && rr < h;
    }
    return n;
}

/* The moves but jumps and shots of a piece of `kind` on `cell`. */
static long simple_moves(const tv_rules *r, int me, int kind, int cell)
{
    const tv_pieces *p = &r->pieces;
    long n = 0;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *g = &p->gen[i];
        if (!(g->kinds & (1 << kind)) || g->shoot_dirs)
            continue;
        if (g->type == TV_GEN_STEP || g->type == TV_GEN_SLIDE)
            n += reach_from(r, cell, g->abs[me], g->type == TV_GEN_STEP ? 1 : g->max);
        else if (g->type == TV_GEN_LEAP)
            n += leaps_from(r, g, cell, me);
        else if (g->type == TV_GEN_LINE_COUNT) /* one distance a direction: the pieces on its line */
            n += tv_pmove_k(g->abs[me]);
    }
    return n;
}

long tv_bound_piece_moves(const tv_rules *r, int only, int enemies, long cap)
{
    chain_walk w; /* the marks are cleared by the walk itself */
    int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    long most = 0;
    memset(&w, 0, sizeof w);
    w.r = r;
    w.enemies = enemies;
    w.depth_max = r->pieces.after ? 0 : r->pieces.chain_max; /* after the move: not bounded here (tv_rules.c) */
    for (int me = 0; me < 2; me++)
        for (int kind = only < 0 ? 0 : only; kind < (only < 0 ? kinds : only + 1); kind++) {
            int first = chain_plan(&w, r, me, kind);
            for (int c = 0; c < r->ncells && most <= cap; c++) {
                long n = simple_moves(r, me, kind, c);
                if (first && w.depth_max > 0) {
                    w.count = 0;
                    w.cap = cap - n;
                    w.landed[c] = 1;
                    walk_chains(&w, c, first, 0, 0);
                    w.landed[c] = 0;
                    n += w.count;
                }
                most = n > most ? n : most;
            }
        }
    return most;
}
