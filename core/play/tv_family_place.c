/* The placement families: a stone on an empty cell (place) or dropped into a
 * column (drop), with what goes with them: several stones a turn and the
 * opening rules (tv_turns.h), blocks the players place first, the swap
 * (pie) move. Their random-playout fast path keeps the empty cells (the
 * open columns) as a bit set and takes the k-th one, in the order the
 * moves are listed. */
#include "tv_family_place.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tv_bits.h"
#include "tv_cells.h"
#include "tv_end.h"
#include "tv_movetext.h"
#include "tv_place.h"
#include "tv_turns.h"

static int place_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    (void)err;
    int n = 0, opening = tv_turns_opening(r, s);
    for (int c = 0; c < r->ncells && n < cap; c++)
        if (s->cells[c] == TV_EMPTY && (!opening || tv_turns_allows(r, s, c)))
            out[n++] = c;
    if (tv_place_swap_allowed(r, s) && n < cap)
        out[n++] = TV_MOVE_SWAP;
    return n;
}

/* A random placement as moves[below(n)] of place_moves (the same numbers),
 * without the list: the empty cells counted a word at a time (a host's loop
 * draws a move each ply). The opening's restricted cells are listed. */
static int place_random(const tv_rules *r, const tv_state *s, tv_rng *rng, tv_move *m, tv_error *err)
{
    if (tv_turns_opening(r, s)) {
        tv_move moves[TV_MAX_MOVES];
        int n = place_moves(r, s, moves, TV_MAX_MOVES, err);
        if (n > 0)
            *m = moves[tv_rng_below(rng, (uint32_t)n)];
        return n;
    }
    int empty = tv_cells_empty_count(s->cells, r->ncells), n = empty + tv_place_swap_allowed(r, s);
    if (n > 0) {
        int k = (int)tv_rng_below(rng, (uint32_t)n);
        *m = k == empty ? TV_MOVE_SWAP : tv_cells_empty_at(s->cells, r->ncells, k);
    }
    return n;
}

static int drop_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    (void)err;
    int n = 0, top = r->ncells - r->grid.width; /* first cell of the top row */
    for (int col = 0; col < r->grid.width && n < cap; col++)
        if (s->cells[top + col] == TV_EMPTY)
            out[n++] = col;
    if (tv_place_swap_allowed(r, s) && n < cap)
        out[n++] = TV_MOVE_SWAP;
    return n;
}

static int place_count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    if (!tv_turns_opening(r, s))
        return tv_cells_empty_count(s->cells, r->ncells) + tv_place_swap_allowed(r, s);
    tv_move moves[TV_MAX_MOVES];
    return place_moves(r, s, moves, TV_MAX_MOVES, err);
}

static int drop_count(const tv_rules *r, const tv_state *s, tv_error *err)
{
    tv_move moves[TV_MAX_SIDE + 1];
    return drop_moves(r, s, moves, TV_MAX_SIDE + 1, err);
}

static int check_swap(const tv_rules *r, const tv_state *s, tv_error *err)
{
    if (tv_place_swap_allowed(r, s))
        return TV_OK;
    if (r->swap_after == 0)
        return tv_error_set(err, TV_EILLEGAL, "swap: this game has no swap rule");
    return tv_error_set(err, TV_EILLEGAL, "swap: only allowed once, right after stone %d", r->swap_after);
}

static int place_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (m == TV_MOVE_SWAP)
        return check_swap(r, s, err);
    int rc = tv_place_check_cell(r, s, m, err);
    return rc || !tv_turns_opening(r, s) ? rc : tv_turns_check(r, s, m, err);
}

static int drop_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (m == TV_MOVE_SWAP)
        return check_swap(r, s, err);
    if (m < 0 || m >= r->grid.width)
        return tv_move_refuse(r, m, err, "not a move of this game");
    if (s->cells[r->ncells - r->grid.width + m] != TV_EMPTY)
        return tv_move_refuse(r, m, err, "the column is full");
    return TV_OK;
}

/* A block of the setup phase; the first stone after the last block is the
 * first player's. */
static int put_block(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    int rc = tv_state_set(r, s, u, m, TV_BLOCK, err);
    if (--s->setup_left == 0) {
        s->flags &= (uint8_t)~TV_FLAG_SETUP;
        s->hash ^= r->zsetup;
        e->again = s->to_move == 0;
    }
    return rc;
}

/* The mover's stone on the empty `cell`: one of a turn of several, or the one. */
static int put_stone(const tv_rules *r, tv_state *s, int cell, tv_undo *u, tv_effect *e, tv_error *err)
{
    if (r->turns.active) {
        int made = tv_turns_place(r, s, u, cell, &e->again, err);
        if (made > 0) /* the maker wins, or loses under a misère goal */
            e->line_winner = tv_goal_winner(r, made - 1);
        return made < 0 ? made : TV_OK;
    }
    int made = tv_place(r, s, u, cell, err);
    if (made == 1)
        e->line_winner = tv_goal_winner(r, s->to_move);
    return made < 0 ? made : TV_OK;
}

static int place_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    if (m == TV_MOVE_SWAP) {
        tv_swap_colours(r, s);
        return TV_OK;
    }
    if (m < 0)
        return TV_OK;
    return s->flags & TV_FLAG_SETUP ? put_block(r, s, m, u, e, err) : put_stone(r, s, m, u, e, err);
}

static int drop_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_effect *e, tv_error *err)
{
    if (m == TV_MOVE_SWAP) {
        tv_swap_colours(r, s);
        return TV_OK;
    }
    return m < 0 ? TV_OK : put_stone(r, s, tv_place_landing(r, s, m), u, e, err);
}

static int place_last_cell(const tv_rules *r, const tv_state *s)
{
    (void)r;
    return s->last;
}

static int drop_last_cell(const tv_rules *r, const tv_state *s)
{
    int cell = r->ncells - r->grid.width + s->last; /* the highest stone of that column */
    while (cell >= 0 && s->cells[cell] == TV_EMPTY)
        cell -= r->grid.width;
    return cell;
}

static int drop_text(const tv_rules *r, tv_move m, char *buf, size_t size)
{
    char t = (char)('a' + m);
    return m >= 0 && m < r->grid.width ? tv_move_text_put(buf, size, &t, 1) : snprintf(buf, size, "#%d", (int)m);
}

static int place_parse(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err)
{
    (void)s;
    return tv_move_parse_cell(r, text, m, err);
}

static int drop_parse(const tv_rules *r, const tv_state *s, const char *text, tv_move *m, tv_error *err)
{
    (void)s;
    if (text[0] < 'a' || text[0] >= 'a' + r->grid.width || text[1])
        return tv_error_set(err, TV_EINVAL, "'%.40s' is not a move: expected a column a..%c", text,
                            'a' + r->grid.width - 1);
    *m = text[0] - 'a';
    return TV_OK;
}

static int columns(const tv_rules *r) { return r->grid.width; }

static int column_action(const tv_rules *r, tv_move m) { return m >= 0 && m < r->grid.width ? m : TV_EINVAL; }

static int swaps(const tv_rules *r) { return r->swap_after > 0; }

/* ---- the random-playout fast path ------------------------------------------ */

/* What a placement's fast path rules out (tv_end.h): its entry checked hooks
 * and the move limit; a placement always has a move while a cell is empty. */
#define GRID_SKIP \
    (TV_END_SKIP_HOOKS | TV_END_SKIP_MANCALA | TV_END_SKIP_PIECES | TV_END_SKIP_NO_MOVE | TV_END_SKIP_CAP)

/* A move the fast path leaves to the family and the kernel's end rules (the
 * swap, a block of the setup phase, an opening stone). */
static int whole_move(const tv_rules *r, tv_state *s, tv_move m, tv_error *err)
{
    tv_effect e = {-1, 0};
    int rc = tv_family_of(r)->apply(r, s, m, NULL, &e, err);
    if (rc)
        return rc;
    tv_end_turn(r, s, m, e.again);
    return tv_end_settle(r, s, e.line_winner, 0, err);
}

/* A stone of the mover on empty `cell` (for move m), written directly, its
 * effects (the cells custodial captures empty go back into `set`; the
 * connection goal from uf when not NULL), the hand-over and the end rules. */
TV_END_INLINE int place_fast(const tv_rules *r, tv_state *s, tv_move m, int cell, uint64_t *set, int *count,
                             tv_join_uf *uf, tv_shapes_uf *su, unsigned skip, tv_error *err)
{
    int p = s->to_move, colour = tv_colour_of(s, p), ntaken = 0;
    s->hash ^= r->zcell[cell][TV_EMPTY] ^ r->zcell[cell][colour];
    s->cells[cell] = (uint8_t)colour;
    s->empty--;
    s->stones++;
    s->owned[colour - 1]++;
    int16_t taken[TV_CUSTODIAL_MAX_TAKEN];
    int made = tv_place_effects(r, s, NULL, cell, p, taken, &ntaken, uf, su, err);
    if (made < 0)
        return made;
    for (int i = 0; i < ntaken; i++)
        set[taken[i] >> 6] |= 1ull << (taken[i] & 63);
    *count += ntaken;
    tv_end_turn(r, s, m, r->turns.active && tv_turns_again(r, s->stones - 1));
    int winner, over = tv_end_rules(r, s, made ? tv_goal_winner(r, p) : -1, 0, TV_END_COUNT, skip, &winner, err);
    if (over)
        tv_end_game(r, s, winner);
    return TV_OK;
}

/* What a placement's fast path keeps from ply to ply: the empty cells (or
 * the open columns and where a stone dropped there lands), and the
 * connection goal's groups and the shapes' as union-finds. */
typedef struct grid_keep {
    uint64_t set[TV_BITS_WORDS(TV_MAX_CELLS)]; /* empty cells, or open columns */
    int land[TV_MAX_SIDE];                     /* drop: the lowest empty cell of each open column */
    int count;                                 /* of set */
    tv_join_uf *ufp;                           /* uf, or NULL: no connection goal, or captures take stones off */
    tv_shapes_uf *sup;                         /* su, or NULL: no shapes */
    tv_join_uf uf;                             /* last, so that rules without them keep less */
    tv_shapes_uf su;
} grid_keep;

/* Placement and drop games without hooks, repetition or a binding move
 * limit: they end within their cells. */
static int keep_fits(const tv_rules *r) { return !tv_family_hooked(r) && !r->repetition && !r->cap_binds; }

static int needs_uf(const tv_rules *r) { return r->join.sides[0] && !r->custodial.dirs; }
static int needs_su(const tv_rules *r) { return (r->shapes.ring || r->shapes.bridge || r->shapes.fork) && !r->custodial.dirs; }

static size_t keep_size(const tv_rules *r)
{
    return needs_su(r) ? sizeof(grid_keep) : needs_uf(r) ? offsetof(grid_keep, su) : offsetof(grid_keep, uf);
}

static void keep_groups(const tv_rules *r, const tv_state *s, grid_keep *k)
{
    if (k->ufp)
        tv_join_uf_of(r, s->cells, k->ufp);
    if (k->sup)
        tv_shapes_uf_of(r, s->cells, k->sup);
}

/* The structures of s; declined in an opening phase (its moves are listed). */
static int keep_start(const tv_rules *r, const tv_state *s, void *keep, tv_error *err)
{
    (void)err;
    grid_keep *k = keep;
    if (tv_turns_opening(r, s))
        return TV_PLAYOUT_DECLINED;
    int w = r->grid.width, top = r->ncells - w;
    k->count = 0;
    if (r->data_family != TV_FAMILY_DROP && r->ncells <= 64) { /* the empty cells eight at a time, no branch a cell */
        k->set[0] = tv_cells_colour_bits(s, r->ncells, TV_EMPTY);
        k->count = tv_bits_count(k->set[0]);
    } else {
        memset(k->set, 0, (size_t)TV_BITS_WORDS(r->ncells) * sizeof k->set[0]); /* only the board's words are read */
        if (r->data_family == TV_FAMILY_DROP) {
            for (int col = 0; col < w; col++)
                if (s->cells[top + col] == TV_EMPTY) {
                    k->set[0] |= 1ull << col;
                    k->land[col] = tv_place_landing(r, s, col);
                    k->count++;
                }
        } else {
            for (int c = 0; c < r->ncells; c++)
                if (s->cells[c] == TV_EMPTY) {
                    k->set[c >> 6] |= 1ull << (c & 63);
                    k->count++;
                }
        }
    }
    k->ufp = needs_uf(r) ? &k->uf : NULL;
    k->sup = needs_su(r) ? &k->su : NULL;
    keep_groups(r, s, k);
    return TV_OK;
}

/* A cell (a column) of set drawn as the kernel draws, the swap last. */
TV_END_INLINE int grid_draw(const tv_rules *r, const tv_state *s, const uint64_t *set, int count, tv_rng *rng,
                            tv_move *m, tv_error *err)
{
    uint32_t n = (uint32_t)count + (uint32_t)tv_place_swap_allowed(r, s); /* swap comes last */
    if (n == 0)
        return tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
    int i = (int)tv_rng_below(rng, n);
    *m = i == count ? TV_MOVE_SWAP : tv_bits_set_select(set, (unsigned)i);
    return (int)n;
}

/* The move grid_draw drew, played (k's parts passed one by one, so that the
 * playout's loop keeps them in registers). */
TV_END_INLINE int grid_step(const tv_rules *r, tv_state *s, uint64_t *set, int *land, int *count, tv_join_uf *ufp,
                            tv_shapes_uf *sup, int drop, tv_move m, unsigned skip, tv_error *err)
{
    int rc, cell = m;
    if (m != TV_MOVE_SWAP && drop) {
        int w = r->grid.width;
        cell = land[m];
        if (cell >= r->ncells - w) { /* the column is full now */
            set[0] &= ~(1ull << m);
            (*count)--;
        } else {
            int next = cell + w;
            while (s->cells[next] != TV_EMPTY)
                next += w;
            land[m] = next;
        }
    } else if (m != TV_MOVE_SWAP) {
        set[m >> 6] &= ~(1ull << (m & 63));
        (*count)--;
    }
    if (m == TV_MOVE_SWAP || (s->flags & TV_FLAG_SETUP)) { /* the swap, a block of the setup phase */
        if ((rc = whole_move(r, s, m, err)))
            return rc;
        if (ufp) /* the stones changed colour, or a block came */
            tv_join_uf_of(r, s->cells, ufp);
        if (sup)
            tv_shapes_uf_of(r, s->cells, sup);
        return TV_OK;
    }
    return place_fast(r, s, m, cell, set, count, ufp, sup, skip, err);
}

/* What the end rules may skip in these rules. */
static unsigned grid_skip(const tv_rules *r)
{
    return tv_end_no_capture_rule(r) ? GRID_SKIP | TV_END_SKIP_CAPTURED : GRID_SKIP;
}

static int keep_draw(const tv_rules *r, const tv_state *s, void *keep, tv_rng *rng, tv_move *m, tv_error *err)
{
    const grid_keep *k = keep;
    return grid_draw(r, s, k->set, k->count, rng, m, err);
}

static int keep_play(const tv_rules *r, tv_state *s, void *keep, tv_move m, const uint64_t *hist, int nhist,
                     tv_error *err)
{
    (void)hist, (void)nhist; /* no repetition rule here (keep_fits) */
    grid_keep *k = keep;
    return grid_step(r, s, k->set, k->land, &k->count, k->ufp, k->sup, r->data_family == TV_FAMILY_DROP, m,
                     grid_skip(r), err);
}

TV_END_INLINE int grid_loop(const tv_rules *r, tv_state *s, tv_rng *rng, unsigned skip, tv_error *err)
{
    while (s->status == TV_ONGOING && tv_turns_opening(r, s)) {
        tv_move moves[TV_MAX_MOVES];
        int n = tv_family_of(r)->moves(r, s, moves, TV_MAX_MOVES, err), rc;
        if (n <= 0)
            return n < 0 ? n : tv_error_set(err, TV_ERULES, "no legal move in a game that is not over");
        if ((rc = whole_move(r, s, moves[tv_rng_below(rng, (uint32_t)n)], err)))
            return rc;
    }
    if (s->status != TV_ONGOING)
        return TV_OK;
    grid_keep k;
    keep_start(r, s, &k, err);
    int count = k.count, drop = r->data_family == TV_FAMILY_DROP;
    tv_join_uf *ufp = k.ufp;
    tv_shapes_uf *sup = k.sup;
    while (s->status == TV_ONGOING) {
        tv_move m = TV_MOVE_NONE;
        int rc = grid_draw(r, s, k.set, count, rng, &m, err);
        if (rc < 0 || (rc = grid_step(r, s, k.set, k.land, &count, ufp, sup, drop, m, skip, err)))
            return rc;
    }
    return TV_OK;
}

/* The loop built twice: with and without the captured-count rule's test. */
static int playout(const tv_rules *r, tv_state *s, tv_rng *rng, int (*halt)(void *), void *ctx, tv_error *err)
{
    (void)halt, (void)ctx; /* ends within its cells: not asked */
    if (!keep_fits(r))
        return TV_PLAYOUT_DECLINED;
    return tv_end_no_capture_rule(r) ? grid_loop(r, s, rng, GRID_SKIP | TV_END_SKIP_CAPTURED, err)
                                     : grid_loop(r, s, rng, GRID_SKIP, err);
}

const tv_family tv_family_place = {
    .id = TV_FAMILY_PLACE,
    .moves = place_moves,
    .count = place_count,
    .check = place_check,
    .apply = place_apply,
    .last_cell = place_last_cell,
    .text = tv_move_text_cell,
    .parse = place_parse,
    .actions = tv_family_cells,
    .action_of = tv_family_cell_action,
    .move_of = tv_family_action_move,
    .passes = tv_family_never,
    .swaps = swaps,
    .random = place_random,
    .playout = playout,
    .keep_size = keep_size,
    .keep_fits = keep_fits,
    .keep_start = keep_start,
    .keep_draw = keep_draw,
    .keep_play = keep_play,
};

const tv_family tv_family_drop = {
    .id = TV_FAMILY_DROP,
    .moves = drop_moves,
    .count = drop_count,
    .check = drop_check,
    .apply = drop_apply,
    .last_cell = drop_last_cell,
    .text = drop_text,
    .parse = drop_parse,
    .actions = columns,
    .action_of = column_action,
    .move_of = tv_family_action_move,
    .passes = tv_family_never,
    .swaps = swaps,
    .playout = playout,
    .keep_size = keep_size,
    .keep_fits = keep_fits,
    .keep_start = keep_start,
    .keep_draw = keep_draw,
    .keep_play = keep_play,
};
