/* Pieces that move: move generation, the capture rule, promotion and the
 * effect of a move (tv_pieces.h). A chain of jumps is found depth first;
 * a jumped enemy leaves the board at once (so it cannot be jumped twice and
 * the cell it stood on is free for a later landing, as in OpenSpiel's
 * checkers), a jumped own piece stays, and the moving piece has left its
 * start cell. Line counts and leaps are in tv_pieces_line.c. */
#include "tv_pieces.h"

#include <string.h>

#include "tv_pieces_line.h"
#include "tv_play.h"

/* The search for moves: the position, the mover, and where the moves go. */
typedef struct gen_ctx {
    const tv_rules *r;
    const uint8_t *cells;
    int colour, me;     /* the mover's colour and colour index */
    tv_move *out;
    int8_t *len;        /* captures of each move found (0: none) */
    int n, cap, longest, err; /* cap: shots stop there (r->max_moves, or 1 for tv_pieces_any) */
    /* the chain being searched */
    int from;
    int8_t dirs[TV_PMOVE_CHAIN_LIMIT];
    int16_t taken[TV_PMOVE_CHAIN_LIMIT]; /* the enemy jumped, or -1 for an own piece */
    int16_t at[TV_PMOVE_CHAIN_LIMIT];    /* the landings */
    tv_plines lines;    /* line_count: the pieces on each line, counted once */
} gen_ctx;

/* The lowest set bit of a direction mask (not 0): directions in compass order. */
static inline int lowest(unsigned x)
{
#if defined(__GNUC__)
    return __builtin_ctz(x);
#else
    int n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

static int is_enemy(const gen_ctx *g, int v) { return tv_cell_is_piece(v) && tv_cell_colour(v) != g->colour; }

static void add(gen_ctx *g, tv_move m, int captures)
{
    if (g->n == TV_MAX_MOVES) { /* a game without shots has at most these (tv_rules_finish) */
        g->err = 1;
        return;
    }
    g->len[g->n] = (int8_t)captures;
    g->out[g->n++] = m;
    if (captures > g->longest)
        g->longest = captures;
}

/* What `cell` holds while the chain is on its way: its start and the pieces
 * it took are empty. */
static int chain_cell(const gen_ctx *g, int cell, int depth)
{
    if (cell == g->from)
        return TV_EMPTY;
    for (int i = 0; i < depth; i++)
        if (g->taken[i] == cell)
            return TV_EMPTY;
    return g->cells[cell];
}

/* Whether the chain has stood on `cell` (its start or a landing): a chain
 * over own pieces never does so twice, which bounds it. */
static int landed(const gen_ctx *g, int cell, int depth)
{
    if (cell == g->from)
        return 1;
    for (int i = 0; i < depth; i++)
        if (g->at[i] == cell)
            return 1;
    return 0;
}

/* The enemy pieces the first `depth` jumps take. */
static int taken(const gen_ctx *g, int depth)
{
    int n = 0;
    for (int i = 0; i < depth; i++)
        n += g->taken[i] >= 0;
    return n;
}

/* The kind a piece of `kind` becomes on `cell`. */
static int promoted(const tv_rules *r, int colour, int kind, int cell)
{
    int to = r->pieces.promote[kind];
    return to >= 0 && tv_pieces_far(r, colour, cell, r->pieces.promote_rows) ? to : kind;
}

/* The jumps on from `cell` by a piece of `kind` that has made `depth` jumps
 * (the last by a chaining generator when depth > 0); each complete chain is
 * a move. Returns whether any jump was found from here. Depth is bounded by
 * chain_max (rules check that the enemy's pieces fit). */
static int jumps(gen_ctx *g, int cell, int kind, int depth)
{
    const tv_rules *r = g->r;
    const tv_pieces *p = &r->pieces;
    int found = 0;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *gen = &p->gen[i];
        if (gen->type != TV_GEN_JUMP || !(gen->kinds & (1 << kind)) || (depth && !gen->chain))
            continue;
        for (unsigned dirs = (unsigned)gen->abs[g->me]; dirs; dirs &= dirs - 1) {
            int d = lowest(dirs);
            int over = r->nb[cell][d], land = over < 0 ? -1 : r->nb[over][d];
            if (land < 0)
                continue;
            int v = chain_cell(g, over, depth), enemy = tv_cell_colour(v) != g->colour;
            if (!tv_cell_is_piece(v) || !(gen->over & (enemy ? TV_OVER_ENEMY : TV_OVER_OWN)) ||
                chain_cell(g, land, depth) != TV_EMPTY || ((gen->over & TV_OVER_OWN) && landed(g, land, depth)))
                continue;
            found = 1;
            if (depth == p->chain_max) { /* cannot happen: the rules bound chains by the enemy's pieces */
                g->err = 1;
                return found;
            }
            g->dirs[depth] = (int8_t)d;
            g->taken[depth] = (int16_t)(enemy ? over : -1); /* an own piece jumped stays */
            g->at[depth] = (int16_t)land;
            int next = promoted(r, g->colour, kind, land), ends = next != kind && p->promote_ends;
            if (ends || !gen->chain || !jumps(g, land, next, depth + 1))
                add(g, tv_pmove_chain(p->jump_dirs, g->from, g->dirs, depth + 1), taken(g, depth + 1));
        }
    }
    return found;
}

/* Line counts and leaps (tv_pieces_line.h): simple moves, captures 0 or 1. */
static void line_or_leap(gen_ctx *g, const tv_gen *gen, int from)
{
    int n = gen->type == TV_GEN_LEAP
                ? tv_pleap_moves(g->r, gen, g->cells, g->colour, from, g->out, g->len, g->n)
                : tv_pline_moves(g->r, gen, g->cells, g->colour, from, &g->lines, g->out, g->len, g->n);
    if (n < 0) {
        g->err = 1;
        return;
    }
    for (; g->n < n; g->n++)
        if (g->len[g->n] > g->longest)
            g->longest = g->len[g->n];
}

/* The moves of a generator that shoots, of the piece on `from`: each step
 * or slide to an empty cell `to`, then each arrow, a slide from `to` over
 * empty cells, `from` being empty now (tv_shoot.c walks the same order). */
static void shots(gen_ctx *g, const tv_gen *gen, int from)
{
    const tv_rules *r = g->r;
    int reach = gen->type == TV_GEN_STEP ? 1 : gen->max;
    for (unsigned dirs = (unsigned)gen->abs[g->me]; dirs && !g->err; dirs &= dirs - 1) {
        int d = lowest(dirs), to = from;
        for (int k = 0; k < reach && (to = r->nb[to][d]) >= 0 && g->cells[to] == TV_EMPTY; k++)
            for (unsigned arrows = (unsigned)gen->shoot_abs[g->me]; arrows; arrows &= arrows - 1) {
                int a = lowest(arrows), at = to;
                for (int j = 0; j < gen->shoot_max && (at = r->nb[at][a]) >= 0; j++) {
                    if (g->cells[at] != TV_EMPTY && at != from)
                        break;
                    if (g->n >= g->cap) {
                        g->err = 1;
                        return;
                    }
                    g->len[g->n] = 0;
                    g->out[g->n++] = tv_pmove_shot(from, to, at);
                }
            }
    }
}

/* The moves of a game whose moves all shoot (tv_rules_finish: no other
 * generator, no jumps), kept apart so that other games' loop stays as it is. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void all_shots(gen_ctx *g, const tv_state *s)
{
    const tv_pieces *p = &g->r->pieces;
    for (int c = 0; c < g->r->ncells && !g->err; c++) {
        int v = s->cells[c];
        if (!tv_cell_is_piece(v) || tv_cell_colour(v) != g->colour)
            continue;
        for (int i = 0; i < p->ngens && !g->err; i++)
            if (p->gen[i].kinds & (1 << tv_cell_kind(v)))
                shots(g, &p->gen[i], c);
    }
}

/* Steps and slides (line counts, leaps) of the piece of `kind` on `from`. */
static void moves_of(gen_ctx *g, int from, int kind)
{
    const tv_rules *r = g->r;
    const tv_pieces *p = &r->pieces;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *gen = &p->gen[i];
        if (gen->type == TV_GEN_JUMP || !(gen->kinds & (1 << kind)))
            continue;
        if (gen->type >= TV_GEN_LINE_COUNT) {
            line_or_leap(g, gen, from);
            continue;
        }
        int reach = gen->type == TV_GEN_STEP ? 1 : gen->max;
        for (unsigned dirs = (unsigned)gen->abs[g->me]; dirs; dirs &= dirs - 1) {
            int d = lowest(dirs), to = from;
            for (int k = 0; k < reach; k++) {
                to = r->nb[to][d];
                if (to < 0)
                    break;
                int v = g->cells[to];
                if (v == TV_EMPTY) {
                    if (gen->to & TV_TO_EMPTY)
                        add(g, tv_pmove_simple(from, to, 0), 0);
                    continue;
                }
                if (is_enemy(g, v) && (gen->to & TV_TO_ENEMY))
                    add(g, tv_pmove_simple(from, to, 1), 1);
                break;
            }
        }
    }
}

/* Every move of the mover, before the capture rule; the captures of each
 * into len. Returns the count or TV_ELIMIT; with a cap below the rules'
 * bound, cap + 1 once more moves than cap are found (the search stops). */
static int all_moves(const tv_rules *r, const tv_state *s, tv_move *out, int8_t *len, int *longest, int cap,
                     tv_error *err)
{
    gen_ctx g = {.r = r, .cells = s->cells, .colour = tv_colour_of(s, s->to_move), .out = out, .len = len,
                 .cap = cap};
    g.me = g.colour - 1;
    if (r->pieces.shoots)
        all_shots(&g, s);
    else
        for (int c = 0; c < r->ncells && !g.err; c++) {
            int v = s->cells[c];
            if (!tv_cell_is_piece(v) || tv_cell_colour(v) != g.colour)
                continue;
            moves_of(&g, c, tv_cell_kind(v));
            if (r->pieces.jump_dirs) {
                g.from = c;
                jumps(&g, c, tv_cell_kind(v), 0);
            }
        }
    if (g.err && cap < r->max_moves)
        return cap + 1;
    if (g.err)
        return tv_error_set(err, TV_ELIMIT, "pieces: a position with more than %d legal moves", r->max_moves);
    *longest = g.longest;
    return g.n;
}

/* The capture rule on moves[0..n): only captures when one is mandatory and
 * there is one, only the longest when the longest is. Returns the count. */
static int capture_rule(const tv_rules *r, tv_move *moves, const int8_t *len, int n, int longest)
{
    int rule = r->pieces.capture, keep = 0;
    if (rule == TV_CAPTURE_FREE || longest == 0)
        return n;
    int least = rule == TV_CAPTURE_LONGEST ? longest : 1;
    for (int i = 0; i < n; i++)
        if (len[i] >= least)
            moves[keep++] = moves[i];
    return keep;
}

int tv_pieces_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    tv_move local[TV_MOVES_LIMIT];
    int8_t len[TV_MOVES_LIMIT];
    tv_move *moves = cap >= r->max_moves ? out : local;
    int longest, n = all_moves(r, s, moves, len, &longest, r->max_moves, err);
    if (n < 0)
        return n;
    n = capture_rule(r, moves, len, n, longest);
    if (moves != out) {
        if (n > cap) /* never a list cut short that looks complete */
            return tv_error_set(err, TV_ELIMIT, "pieces: %d legal moves, room for %d", n, cap);
        memcpy(out, moves, (size_t)(n > 0 ? n : 0) * sizeof *out);
    }
    return n;
}

int tv_pieces_any(const tv_rules *r, const tv_state *s, tv_error *err)
{
    /* Shots (every move of such a game) stop at the first one found; other
     * games have a few hundred moves at most: all are found. A move is a
     * legal one: the capture rule keeps a capture when there is one. */
    tv_move some[TV_MAX_MOVES];
    int8_t len[TV_MAX_MOVES];
    int longest, n = all_moves(r, s, some, len, &longest, r->pieces.shoots ? 1 : r->max_moves, err);
    return n > 1 ? 1 : n;
}

static int refuse(const tv_rules *r, tv_move m, tv_error *err, const char *why, int cell)
{
    char name[TV_PMOVE_CHAIN_LIMIT * 4 + 8], at[8] = "";
    tv_move_text(r, m, name, sizeof name);
    if (cell >= 0)
        tv_grid_cell_name(&r->grid, cell, at, sizeof at);
    return tv_error_set(err, TV_EILLEGAL, "%s: %s%s", name, why, at);
}

/* Why a slide from `a` to `b` (a != b) over empty cells (and `vacated`)
 * cannot be made in s: not along a line, onto an occupied cell, or blocked
 * on the way (*at: that cell); NULL when it could. */
static const char *line_refusal(const tv_rules *r, const tv_state *s, int a, int b, int vacated, int *at)
{
    int dc = tv_grid_col(&r->grid, b) - tv_grid_col(&r->grid, a), dr = tv_grid_row(&r->grid, b) - tv_grid_row(&r->grid, a);
    int dir = -1;
    for (int d = 0; d < 8 && (dc == 0 || dr == 0 || dc == dr || dc == -dr); d++)
        if ((dc > 0) - (dc < 0) == tv_compass_dcol(d) && (dr > 0) - (dr < 0) == tv_compass_drow(d))
            dir = d;
    if (dir < 0)
        return vacated < 0 ? "the piece moves along a line" : "the arrow flies along a line from the piece's new cell";
    if (s->cells[b] != TV_EMPTY && b != vacated) {
        *at = b;
        if (vacated >= 0)
            return s->cells[b] == TV_BLOCK ? "the arrow cannot land on the block on " : "the arrow cannot land on the piece on ";
        return s->cells[b] == TV_BLOCK ? "a block stands on " : "a piece stands on ";
    }
    for (int c = r->nb[a][dir]; c >= 0 && c != b; c = r->nb[c][dir])
        if (s->cells[c] != TV_EMPTY && c != vacated) {
            *at = c;
            return vacated < 0 ? "the way is blocked on " : "the arrow's way is blocked on ";
        }
    return NULL;
}

/* Why the shot m, or a move that should shoot, is not among moves[0..n)
 * when its piece could make the move itself; NULL when it could not (the
 * general reasons follow). *at: the cell the reason names, or -1. */
static const char *shot_refusal(const tv_rules *r, const tv_state *s, const tv_move *moves, int n, tv_move m,
                                int *at)
{
    int from = tv_pmove_from(m), to = tv_pmove_to(m), landed = 0, plain = 0;
    for (int i = 0; i < n; i++)
        if (tv_pmove_from(moves[i]) == from && tv_pmove_to(moves[i]) == to) {
            landed |= tv_pmove_is_shot(moves[i]);
            plain |= !tv_pmove_is_shot(moves[i]);
        }
    if (!tv_pmove_is_shot(m))
        return landed && !plain ? "this move shoots an arrow too: write it from-to/arrow" : NULL;
    if (!landed && plain)
        return "this move shoots no arrow";
    if (!landed) { /* the piece's own part */
        const char *why = line_refusal(r, s, from, to, -1, at);
        return why ? why : "the piece cannot move so (its directions or its range)";
    }
    int arrow = tv_pmove_arrow(m);
    if (arrow == to)
        return "the arrow cannot land where the piece stands";
    const char *why = line_refusal(r, s, to, arrow, from, at);
    return why ? why : "the arrow cannot fly so (its directions or its range)";
}

int tv_pieces_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    tv_move moves[TV_MOVES_LIMIT];
    int8_t len[TV_MOVES_LIMIT];
    int longest, n = all_moves(r, s, moves, len, &longest, r->max_moves, err), colour = tv_colour_of(s, s->to_move);
    if (n < 0)
        return n;
    int path[TV_PMOVE_CHAIN_LIMIT + 1], np = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1), at = -1;
    if (np < 0)
        return refuse(r, m, err, "not a move of this game", -1);
    int from = path[0], to = path[np - 1], v = s->cells[from];
    if (!tv_cell_is_piece(v) || tv_cell_colour(v) != colour)
        return refuse(r, m, err, "no piece of yours on ", from);
    for (int i = 0; i < n; i++)
        if (moves[i] == m) {
            if (capture_rule(r, moves + i, len + i, 1, longest) == 1)
                return TV_OK;
            return refuse(r, m, err, r->pieces.capture == TV_CAPTURE_LONGEST && len[i]
                                         ? "the longest capture is mandatory here" : "a capture is mandatory here", -1);
        }
    if (tv_cell_is_piece(s->cells[to]) && tv_cell_colour(s->cells[to]) == colour && to != from)
        return refuse(r, m, err, "your own piece stands on ", to);
    if (r->pieces.shoots) {
        const char *why = shot_refusal(r, s, moves, n, m, &at);
        if (why)
            return refuse(r, m, err, why, at);
    }
    if (tv_pmove_is_chain(m)) /* a chain cut short: some legal chain goes on from here */
        for (int i = 0; i < n; i++) {
            int other[TV_PMOVE_CHAIN_LIMIT + 1], no = tv_pieces_path(r, moves[i], other, TV_PMOVE_CHAIN_LIMIT + 1);
            if (no > np && memcmp(other, path, (size_t)np * sizeof *path) == 0)
                return refuse(r, m, err, "the chain must go on: another jump is possible from ", to);
        }
    /* the same cells, with or without the capture mark */
    for (int i = 0; i < n; i++)
        if (!tv_pmove_is_chain(m) && !tv_pmove_is_chain(moves[i]) && tv_pmove_from(moves[i]) == from &&
            tv_pmove_to(moves[i]) == to)
            return refuse(r, m, err, tv_pmove_captures(m) ? "nothing to capture on " : "this move captures on ", to);
    for (int i = 0; i < r->pieces.ngens && !tv_pmove_is_chain(m); i++) /* a line count's own reasons */
        if (r->pieces.gen[i].type == TV_GEN_LINE_COUNT && (r->pieces.gen[i].kinds & (1 << tv_cell_kind(v)))) {
            int at;
            const char *why = tv_pline_why(r, &r->pieces.gen[i], s->cells, colour, from, to, &at);
            if (why)
                return refuse(r, m, err, why, at);
        }
    return refuse(r, m, err, "the piece cannot move so", -1);
}

int tv_pieces_arrow(const tv_rules *r, tv_move m)
{
    int cells[2];
    return r->pieces.shoots && tv_pmove_is_shot(m) && tv_pieces_path(r, m, cells, 2) == 2 ? tv_pmove_arrow(m) : -1;
}

int tv_pieces_path(const tv_rules *r, tv_move m, int *cells, int size)
{
    if (m < 0 || r->moves != TV_MOVES_PIECES || size < 2)
        return -1;
    int from = tv_pmove_from(m);
    if (from >= r->ncells)
        return -1;
    cells[0] = from;
    if (r->pieces.shoots) { /* no chains: simple moves and shots */
        if (tv_pmove_is_chain(m) && (!tv_pmove_is_shot(m) || tv_pmove_arrow(m) >= r->ncells))
            return -1;
        cells[1] = tv_pmove_to(m);
        return cells[1] < r->ncells ? 2 : -1;
    }
    if (!tv_pmove_is_chain(m)) {
        cells[1] = tv_pmove_to(m);
        return cells[1] < r->ncells ? 2 : -1;
    }
    int8_t dirs[TV_PMOVE_CHAIN_LIMIT];
    int len = tv_pmove_chain_dirs(r->pieces.jump_dirs, m, dirs);
    if (len < 1 || len > r->pieces.chain_max || len + 1 > size)
        return -1;
    int cell = from;
    for (int i = 0; i < len; i++) {
        int over = r->nb[cell][dirs[i]];
        cell = over < 0 ? -1 : r->nb[over][dirs[i]];
        if (cell < 0)
            return -1;
        cells[i + 1] = cell;
    }
    return len + 1;
}

int tv_pieces_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *progress, tv_error *err)
{
    int path[TV_PMOVE_CHAIN_LIMIT + 1], np = tv_pieces_path(r, m, path, TV_PMOVE_CHAIN_LIMIT + 1);
    if (np < 0)
        return tv_error_set(err, TV_EINVAL, "pieces: move %d is not a move of this game", (int)m);
    int from = path[0], v = s->cells[from], colour = tv_cell_colour(v), kind = tv_cell_kind(v), rc;
    int shot = r->pieces.shoots && tv_pmove_is_shot(m);
    int captured = shot || tv_pmove_is_chain(m) ? 0 : tv_pmove_captures(m);
    if ((rc = tv_state_set(r, s, u, from, TV_EMPTY, err)))
        return rc;
    for (int i = 1; i < np && tv_pmove_is_chain(m) && !shot; i++) { /* the jumped enemies, between the landings */
        int over = (path[i - 1] + path[i]) / 2, enemy = tv_cell_colour(s->cells[over]) != colour;
        captured += enemy;
        if (enemy && (rc = tv_state_set(r, s, u, over, TV_EMPTY, err)))
            return rc;
        kind = promoted(r, colour, kind, path[i]);
    }
    int to = path[np - 1], was = kind;
    kind = promoted(r, colour, kind, to);
    if ((rc = tv_state_set(r, s, u, to, tv_piece(colour, kind), err)))
        return rc;
    if (shot && (rc = tv_state_set(r, s, u, tv_pmove_arrow(m), TV_BLOCK, err)))
        return rc;
    *progress = captured > 0 || kind != tv_cell_kind(v) || was != kind;
    return (r->ends & TV_END_REACH) && tv_pieces_far(r, colour, to, 1);
}
