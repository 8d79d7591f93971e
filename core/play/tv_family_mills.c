/* The mills family (tv_mills.h): a man placed from the hand, moved along a
 * link or flown, with the enemy man it removes when it completes a line, as
 * one move. The hands are the state's (game.hands), so the position string
 * and the hash carry them and an undo restores them. The game ends by the
 * end rules: a side left with pieces_left men or fewer, board and hand
 * (tv_end_pieces_lost), or without a move, loses. */
#include "tv_family_mills.h"

#include "tv_bits.h"
#include "tv_end.h"

#include "tv_graph_rules.h"
#include "tv_mills.h"
#include "tv_movetext.h"
#include "tv_vars_state.h"

static int moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    return tv_mills_moves(r, s, out, cap, err);
}

static int count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    (void)err;
    return tv_mills_any(r, s);
}

/* Why m, which no legal move is, is refused: the first rule it breaks. */
static int refuse(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    int colour = tv_colour_of(s, s->to_move), from = tv_mills_from(m), to = tv_mills_to(m), taken = tv_mills_taken(m);
    int hand = r->vars.hands ? tv_hand_get(r, s, s->to_move, 0) : 0;
    int flies = !hand && r->mills.fly && s->owned[colour - 1] <= r->mills.fly;
    const char *why = "not a legal move";
    if (to >= r->ncells || !r->graph.point[to])
        why = "the man would go to a cell that is not a point";
    else if (from < 0 && !hand)
        why = "no man is left in hand: a man moves (from-to)";
    else if (from >= 0 && hand)
        why = "men are still in hand: one is placed first";
    else if (from >= 0 && (from >= r->ncells || s->cells[from] != colour))
        why = "the man moved is not one of the mover's";
    else if (s->cells[to] != TV_EMPTY)
        why = "the point is not empty";
    else if (from >= 0 && !flies && !tv_graph_linked(r, from, to))
        why = "a man moves along a link to the next point (it flies only when its side is down to the fly count)";
    else if (taken < 0)
        why = "the man completes a line: the move names the enemy man it removes (d3xf4)";
    else if (!tv_mills_makes_line(r, s->cells, to, from, colour))
        why = "a man is removed only by a move that completes a line";
    else if (taken >= r->ncells || s->cells[taken] != (colour ^ 3))
        why = "the man removed is not the enemy's";
    else
        why = "that enemy man is in a line, and another is not";
    return tv_move_refuse(r, m, err, why);
}

static int check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    tv_move all[TV_MOVES_LIMIT];
    int n = tv_mills_moves(r, s, all, r->max_moves < TV_MOVES_LIMIT ? r->max_moves : TV_MOVES_LIMIT, err);
    if (n < 0)
        return n;
    for (int i = 0; i < n; i++)
        if (all[i] == m)
            return TV_OK;
    return refuse(r, s, m, err);
}

static int apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    (void)e; /* its ends are end rules: a position read ends as the move did */
    return tv_mills_apply(r, s, m, u, err);
}

static int last_cell(const tv_rules *r, const tv_state *s)
{
    (void)r;
    return s->last >= 0 ? tv_mills_to(s->last) : -1;
}

static int last_from(const tv_rules *r, const tv_state *s)
{
    (void)r;
    return s->last >= 0 ? tv_mills_from(s->last) : -1;
}

static int text(const tv_rules *r, tv_move m, char *buf, size_t size) { return tv_mills_text(r, m, buf, size); }

static int parse(const tv_rules *r, const tv_state *s, const char *t, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_mills_parse(r, t, m, err);
}

/* Action ids: ((from + 1) * cells + to) * (cells + 1) + taken + 1, the
 * order tv_mills_moves lists them in. */
static int actions(const tv_rules *r) { return (r->ncells + 1) * r->ncells * (r->ncells + 1); }

static int action_of(const tv_rules *r, tv_move m)
{
    int n = r->ncells, from = tv_mills_from(m), to = tv_mills_to(m), taken = tv_mills_taken(m);
    if (m < 0 || from >= n || to >= n || taken >= n)
        return TV_EINVAL;
    return ((from + 1) * n + to) * (n + 1) + taken + 1;
}

static int move_of(const tv_rules *r, int a, tv_move *m)
{
    int n = r->ncells;
    if (a < 0 || a >= actions(r))
        return TV_EINVAL;
    *m = tv_mills_move(a / (n + 1) / n - 1, a / (n + 1) % n, a % (n + 1) - 1);
    return TV_OK;
}

/* ---- the random-playout fast path ------------------------------------------ */

/* What it rules out (tv_end.h): hooks (its entry), a mancala. */
#define MILLS_SKIP (TV_END_SKIP_HOOKS | TV_END_SKIP_MANCALA)

/* A board of 64 cells or fewer as bit sets: each side's men by colour. */
typedef struct mills_bits {
    uint64_t men[2];
} mills_bits;

/* The side to move's moves in one position, as sets: where its men go,
 * which points complete a line of its (`ends`: the line's one empty point;
 * `breaks[t]`, the men whose leaving undoes every such line at t), and the
 * enemy men a line removes. */
typedef struct mills_ply {
    uint64_t me, empty, ends, removable;
    uint32_t nrem;
    int hand, flies, colour;
    uint64_t breaks[64];
} mills_ply;

static void ply_of(const tv_rules *r, const tv_state *s, const mills_bits *b, mills_ply *p)
{
    const tv_graph *g = &r->graph;
    p->colour = tv_colour_of(s, s->to_move);
    uint64_t me = b->men[p->colour - 1], foe = b->men[2 - p->colour], covered = 0;
    p->me = me;
    p->empty = g->points_bits & ~(me | foe);
    p->ends = 0;
    for (int l = 0; l < g->nlines; l++) {
        uint64_t line = g->line_bits[l], missing = line & ~me;
        if ((line & ~foe) == 0)
            covered |= line;
        if (missing && !(missing & (missing - 1)) && (missing & p->empty)) { /* one point short, and it is empty */
            int t = tv_bits_lowest(missing);
            p->breaks[t] = p->ends & missing ? p->breaks[t] & line : line;
            p->ends |= missing;
        }
    }
    p->removable = foe & ~covered ? foe & ~covered : foe;
    p->nrem = (uint32_t)tv_bits_count(p->removable);
    if (!p->nrem) /* no enemy man on the board: a line removes nothing */
        p->ends = 0;
    p->hand = tv_hand_get(r, s, s->to_move, 0);
    p->flies = !p->hand && r->mills.fly && s->owned[p->colour - 1] <= r->mills.fly;
}

/* The destinations of the man on `from` (-1: the hand), and those that
 * complete a line. */
static uint64_t dests_of(const tv_rules *r, const mills_ply *p, int from, uint64_t *lines)
{
    uint64_t d = p->hand || p->flies ? p->empty : r->graph.link_bits[from] & p->empty, l = d & p->ends;
    if (from >= 0)
        for (uint64_t t = l; t; t &= t - 1) {
            int c = tv_bits_lowest(t);
            if (p->breaks[c] >> from & 1)
                l &= ~(1ull << c);
        }
    *lines = l;
    return d;
}

/* The count of the moves (each (from, to) weighs its removals, 1 without a
 * line), as tv_mills_moves lists them; with pick below it, the move at that
 * place into *m. */
static uint32_t bits_moves(const tv_rules *r, const mills_ply *p, long pick, tv_move *m)
{
    uint32_t n = 0;
    for (uint64_t src = p->hand ? 1 : p->me; src; src &= src - 1) {
        int from = p->hand ? -1 : tv_bits_lowest(src);
        uint64_t lines, d = dests_of(r, p, from, &lines);
        uint32_t here = (uint32_t)tv_bits_count(d) + (p->nrem - 1) * (uint32_t)tv_bits_count(lines);
        if (pick >= 0 && (uint32_t)pick < n + here) { /* this man's: its destinations in order */
            for (; d; d &= d - 1) {
                int to = tv_bits_lowest(d), line = lines >> to & 1;
                uint32_t w = line ? p->nrem : 1;
                if ((uint32_t)pick < n + w) {
                    *m = tv_mills_move(from, to, line ? tv_bits_select(p->removable, (unsigned)(pick - n)) : -1);
                    break;
                }
                n += w;
            }
            return n;
        }
        n += here;
    }
    return n;
}

/* The fast path's steps, for a host's loop too (keep_*): the men as bits,
 * the side to move's sets and the count of its moves, kept from ply to ply. */
typedef struct mills_keep {
    mills_bits b;
    mills_ply p;
    uint32_t n;
} mills_keep;

static int keep_fits(const tv_rules *r)
{
    return !tv_family_hooked(r) && !r->repetition && r->graph.small && r->vars.hands;
}

static size_t keep_size(const tv_rules *r)
{
    (void)r;
    return sizeof(mills_keep);
}

static int keep_start(const tv_rules *r, const tv_state *s, void *keep, tv_error *err)
{
    (void)err;
    mills_keep *k = keep;
    k->b.men[0] = k->b.men[1] = 0;
    for (int c = 0; c < r->ncells; c++)
        if (s->cells[c] == TV_STONE1 || s->cells[c] == TV_STONE2)
            k->b.men[s->cells[c] - 1] |= 1ull << c;
    ply_of(r, s, &k->b, &k->p);
    k->n = bits_moves(r, &k->p, -1, NULL);
    return TV_OK;
}

static int keep_draw(const tv_rules *r, const tv_state *s, void *keep, tv_rng *rng, tv_move *m, tv_error *err)
{
    (void)s;
    mills_keep *k = keep;
    if (k->n == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    bits_moves(r, &k->p, (long)tv_rng_below(rng, k->n), m);
    return (int)k->n;
}

static int keep_play(const tv_rules *r, tv_state *s, void *keep, tv_move m, const uint64_t *hist, int nhist,
                     tv_error *err)
{
    (void)hist, (void)nhist; /* no repetition rule here (keep_fits) */
    mills_keep *k = keep;
    int colour = tv_colour_of(s, s->to_move), from = tv_mills_from(m), to = tv_mills_to(m);
    int taken = tv_mills_taken(m), rc;
    if ((rc = tv_mills_apply(r, s, m, NULL, err)))
        return rc;
    k->b.men[colour - 1] ^= (from >= 0 ? 1ull << from : 0) | 1ull << to;
    if (taken >= 0)
        k->b.men[2 - colour] &= ~(1ull << taken);
    tv_end_turn(r, s, m, 0);
    ply_of(r, s, &k->b, &k->p);
    k->n = bits_moves(r, &k->p, -1, NULL);
    return tv_end_after_step(r, s, -1, 0, (int)k->n, MILLS_SKIP, err);
}

static int playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    if (!keep_fits(r))
        return TV_PLAYOUT_DECLINED;
    mills_keep k;
    keep_start(r, s, &k, err);
    while (s->status == TV_ONGOING) {
        if (halt && (s->ply & 63) == 0 && halt(ctx))
            return TV_PLAYOUT_HALTED;
        tv_move m = 0;
        int rc = keep_draw(r, s, &k, rng, &m, err);
        if (rc < 0 || (rc = keep_play(r, s, &k, m, NULL, 0, err)))
            return rc;
    }
    return TV_OK;
}

const tv_family tv_family_mills = {
    .id = TV_FAMILY_MILLS,
    .moves = moves,
    .count = count,
    .check = check,
    .apply = apply,
    .last_cell = last_cell,
    .last_from = last_from,
    .text = text,
    .parse = parse,
    .actions = actions,
    .action_of = action_of,
    .move_of = move_of,
    .passes = tv_family_never,
    .swaps = tv_family_never,
    .playout = playout,
    .keep_size = keep_size,
    .keep_fits = keep_fits,
    .keep_start = keep_start,
    .keep_draw = keep_draw,
    .keep_play = keep_play,
};
