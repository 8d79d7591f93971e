#include "tv_rules.h"
#include "tv_goal_rules.h"
#include "tv_graph_rules.h"
#include "tv_shapes_rules.h"
#include "tv_vars_keep.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "tv_accepts.h"
#include "tv_bound.h"
#include "tv_pmove.h"
#include "tv_rng.h"
#include "tv_special_rules.h"

/* Fixed seed: position hashes are the same in every run and every process. */
#define TV_ZOBRIST_SEED 0x7461766F6C61ull /* "tavola" */

void tv_rules_init(tv_rules *r)
{
    memset(r, 0, sizeof *r);
    strcpy(r->players[0], "Player 1");
    strcpy(r->players[1], "Player 2");
    r->pieces_left = -1;
    memset(r->pieces.promote, -1, sizeof r->pieces.promote);
}

static int check_blocks(const tv_rules *r, tv_error *err)
{
    const tv_blocks *b = &r->blocks;
    int n = r->ncells;
    switch (b->mode) {
    case TV_BLOCKS_NONE:
        return TV_OK;
    case TV_BLOCKS_LIST:
        if (b->count < 0 || b->count >= n)
            return tv_error_set(err, TV_ERULES, "blocks: %d cells listed on a board of %d", b->count, n);
        for (int i = 0; i < b->count; i++) {
            if (b->cells[i] >= n)
                return tv_error_set(err, TV_ERULES, "blocks: cell index %d outside the board", b->cells[i]);
            for (int j = 0; j < i; j++)
                if (b->cells[j] == b->cells[i])
                    return tv_error_set(err, TV_ERULES, "blocks: a cell is listed twice");
        }
        return TV_OK;
    case TV_BLOCKS_RANDOM:
        if (b->min < 0 || b->max < b->min || b->max >= n)
            return tv_error_set(err, TV_ERULES, "blocks: random count %d..%d does not fit a board of %d",
                                b->min, b->max, n);
        if (b->odd && b->min == b->max && b->min % 2 == 0)
            return tv_error_set(err, TV_ERULES, "blocks: an odd count was asked for, but the range holds only %d", b->min);
        return TV_OK;
    case TV_BLOCKS_PLACED:
        if (b->count < 1 || b->count >= n || b->count > 255)
            return tv_error_set(err, TV_ERULES, "blocks: %d placed blocks do not fit a board of %d", b->count, n);
        return TV_OK;
    }
    return tv_error_set(err, TV_ERULES, "blocks: unknown mode %d", (int)b->mode);
}

/* The sowing track. Counter-clockwise: a1, b1, .. along row 1, player 1's
 * store, then back along row 2 from the last column to a2, player 2's store.
 * Clockwise: from the last column of row 1 down to a1, player 1's store, a2
 * up to the last column of row 2, player 2's store. Stores are -1 and -2. */
static void build_track(tv_rules *r)
{
    int n = r->sow.holes, len = 0;
    for (int i = 0; i < n; i++)
        r->track[len++] = (int8_t)(r->sow.cw ? n - 1 - i : i);
    if (r->sow.stores)
        r->track[len++] = -1;
    for (int i = 0; i < n; i++)
        r->track[len++] = (int8_t)(n + (r->sow.cw ? i : n - 1 - i));
    if (r->sow.stores)
        r->track[len++] = -2;
    r->track_len = len;
    for (int i = 0; i < len; i++)
        if (r->track[i] >= 0)
            r->track_pos[r->track[i]] = (int8_t)i;
}

/* Words of lanes from bytes, whatever the machine's byte order. */
static void lanes_to_words(const uint8_t lanes[32], uint64_t words[4]) { memcpy(words, lanes, 32); }

/* The words and laps of tv_sow_laps, from the track. */
static void build_laps(tv_rules *r)
{
    tv_sow_laps *l = &r->laps;
    const tv_sow *w = &r->sow;
    int ncells = 2 * w->holes; /* r->ncells is not set yet */
    uint8_t lanes[32] = {0};
    memset(l, 0, sizeof *l);
    l->first = (32 - ncells) / 8;
    memset(lanes + 32 - ncells, 0xFF, (size_t)ncells);
    lanes_to_words(lanes, l->mask);
    for (int p = 0; p < 2; p++) {
        memset(lanes, 0, sizeof lanes);
        memset(lanes + 32 - ncells + p * w->holes, 0xFF, (size_t)w->holes);
        lanes_to_words(lanes, l->row[p]);
    }
    for (int h = 0; h < ncells; h++) {
        memset(lanes, 0, sizeof lanes);
        lanes[h + 32 - ncells] = 0xFF;
        lanes_to_words(lanes, l->lane[h]);
    }
    l->ok = !w->relay && !(w->origin_first && w->skip_origin);
    if (!l->ok)
        return;
    for (int m = 0; m < 2; m++) {
        int len = 0;
        for (int i = 0; i < r->track_len; i++) {
            int t = r->track[i];
            if (t < 0 && !(-t - 1 == m ? w->own_store : w->opp_store))
                continue; /* a store passed over */
            l->place[m][len++] = (int8_t)t;
        }
        l->len[m] = len;
        for (int i = 0; i < len; i++) {
            l->place[m][len + i] = l->place[m][i];
            if (l->place[m][i] >= 0)
                l->at[m][l->place[m][i]] = (int8_t)i;
        }
        memset(lanes, 0, sizeof lanes);
        for (int i = 0; i < 2 * len; i++) {
            int t = l->place[m][i];
            l->stores_upto[m][i + 1] = l->stores_upto[m][i];
            if (t < 0)
                l->stores_upto[m][i + 1] = (uint16_t)(l->stores_upto[m][i + 1] + (t == -1 ? 1 : 256));
            else
                lanes[t + 32 - ncells]++; /* at most 2: the lap is written twice */
            lanes_to_words(lanes, l->upto[m][i + 1]);
        }
    }
}

static int check_mancala(tv_rules *r, tv_error *err)
{
    const tv_sow *w = &r->sow;
    if (w->holes < 1 || w->holes > TV_MANCALA_MAX_HOLES)
        return tv_error_set(err, TV_ERULES, "board: %d holes a row is outside 1..%d", w->holes, TV_MANCALA_MAX_HOLES);
    if (w->seeds < 0 || 2 * w->holes * w->seeds > TV_MANCALA_MAX_SEEDS)
        return tv_error_set(err, TV_ERULES, "board: %d seeds in %d holes is more than %d in all", w->seeds,
                            2 * w->holes, TV_MANCALA_MAX_SEEDS);
    if (!w->stores && (w->own_store || w->opp_store || w->extra_turn))
        return tv_error_set(err, TV_ERULES, "sow: stores are sown into, but the board has none");
    if (w->empty_capture && w->counts)
        return tv_error_set(err, TV_ERULES, "sow: capture by counts and by an empty own hole cannot be mixed");
    r->grid.width = w->holes;
    r->grid.height = 2;
    build_track(r);
    build_laps(r);
    return TV_OK;
}

/* The run table must not let a score wrap. A player's score is a sum over
 * the directions of points[len] over runs whose lengths add up to at most the
 * cells, so |score| <= dirs * cells * max(|points[n]| / n); that must fit in
 * TV_MAX_SCORE (both players' scores then add up without wrapping too). A
 * placement's change sums up to 3 entries a direction: each entry is at most
 * TV_MAX_SCORE / 8, so that sum fits as well. */
static int check_points(const tv_rules *r, tv_error *err)
{
    int dirs = 0, longest = r->grid.width > r->grid.height ? r->grid.width : r->grid.height;
    for (int d = r->lines.dirs; d; d &= d - 1)
        dirs++;
    if (!dirs)
        return TV_OK;
    if (r->lines.points[0])
        return tv_error_set(err, TV_ERULES, "runs: a run of 0 stones cannot score");
    for (int n = 1; n <= TV_MAX_SIDE; n++) {
        int64_t p = r->lines.points[n], a = p < 0 ? -p : p;
        if (n > longest)
            continue; /* no run of that length fits on this board */
        if (a > TV_MAX_SCORE / 8 || a * dirs * r->ncells / n > TV_MAX_SCORE)
            return tv_error_set(err, TV_ERULES,
                                "runs: %lld points for a run of %d could make a score of more than %d on this board",
                                (long long)p, n, TV_MAX_SCORE);
    }
    return TV_OK;
}

/* The move limit, and whether a game without hooks could meet it: a grid game
 * ends within its empty cells, the blocks placed in the setup and the swap. */
/* The families whose every move fills a cell (a flip's pass aside): their
 * games end within the board, and the move limit binds only past that. */
static const char fills_cells[TV_FAMILIES] = {
    [TV_FAMILY_PLACE] = 1, [TV_FAMILY_DROP] = 1, [TV_FAMILY_ROTATE] = 1, [TV_FAMILY_FLIP] = 1,
};

/* The most stones a placement's custodial capture takes: each direction's
 * run and two corners. (Read before check_custodial refuses a bad count: a
 * bound then of a ruleset that will not load.) */
static int custodial_most(const tv_rules *r)
{
    const tv_custodial *c = &r->custodial;
    int longest = r->grid.width > r->grid.height ? r->grid.width : r->grid.height, run = longest - 2;
    run = run < c->max ? run : c->max;
    return tv_pmove_k(c->dirs) * (run > 0 ? run : 0) + (c->corners ? 2 : 0);
}

static int check_plies(tv_rules *r, tv_error *err)
{
    if (r->max_plies < 0 || r->max_plies > TV_MAX_MAX_PLIES)
        return tv_error_set(err, TV_ERULES, "max_plies: %d is outside 1..%d", r->max_plies, TV_MAX_MAX_PLIES);
    r->ply_cap = r->max_plies ? r->max_plies : TV_DEFAULT_MAX_PLIES;
    int longest = r->ncells + (r->blocks.mode == TV_BLOCKS_PLACED ? r->blocks.count : 0) + (r->swap_after > 0);
    if (r->flip.dirs) /* a pass may come before each placement, never two in a row */
        longest = 2 * r->ncells;
    /* Each stone captured frees a cell for one more placement; a captured
     * count bounds them (either player takes fewer than target, then one
     * last move), else nothing does. */
    int freed = !r->custodial.dirs ? 0 : r->target ? 2 * r->target + custodial_most(r) : TV_MAX_MAX_PLIES;
    r->cap_binds = !fills_cells[r->data_family] || r->ply_cap <= longest + freed;
    return TV_OK;
}

/* The more pieces of the two sides' at the start: in a game whose pieces
 * move, no move adds one, so neither side ever has more. */
static int setup_most(const tv_rules *r)
{
    int owned[2] = {0, 0};
    for (int c = 0; c < r->ncells && r->setup.given; c++)
        if (tv_cell_is_piece(r->setup.cells[c]))
            owned[tv_cell_colour(r->setup.cells[c]) - 1]++;
    return owned[0] > owned[1] ? owned[0] : owned[1];
}

/* Custodial capture (the families it fits: tv_accepts.c): not mixed with
 * what else writes the scores (runs, the pieces count). Also the grid ends
 * on the scores. */
static int check_custodial(const tv_rules *r, tv_error *err)
{
    const tv_custodial *c = &r->custodial;
    if (r->margin < 0 || r->target < 0)
        return tv_error_set(err, TV_ERULES, "ends: captured %d or margin %d is impossible", r->target, r->margin);
    if (!c->dirs)
        return c->corners ? tv_error_set(err, TV_ERULES, "custodial: corners need directions") : TV_OK;
    if (c->dirs & ~TV_COMPASS_ALL)
        return tv_error_set(err, TV_ERULES, "custodial: unknown direction bits");
    if (r->grid.hex || r->lines.dirs || r->most_pieces)
        return tv_error_set(err, TV_ERULES, "custodial: needs a square grid, without runs or the pieces-count winner "
                                            "(both would be the score)");
    /* Turns and openings count the stones on the board, which captures take
     * back; a shot's layout has no room for captures. */
    if (r->turns.active || r->pieces.shoots)
        return tv_error_set(err, TV_ERULES, "custodial: not with several stones a turn, an opening rule or shots");
    if (c->min < 1 || c->max < c->min || c->max > TV_MAX_SIDE)
        return tv_error_set(err, TV_ERULES, "custodial: count %d..%d is outside 1..%d", c->min, c->max, TV_MAX_SIDE);
    return TV_OK;
}

/* Flips (core/play/tv_flip.c; what goes with them: tv_accepts.c): a rule
 * for the player who cannot flip. Also the pieces-count winner, whose
 * scores nothing else may write. */
static int check_flip(tv_rules *r, tv_error *err)
{
    tv_flip *f = &r->flip;
    if (r->most_pieces && (r->lines.dirs || r->hooks.score || r->hooks.play))
        return tv_error_set(err, TV_ERULES, "winner most_pieces: the scores are the pieces on a grid; "
                                            "no runs, score or play hook may write them");
    if (!f->dirs)
        return TV_OK;
    if (f->dirs & ~TV_COMPASS_ALL)
        return tv_error_set(err, TV_ERULES, "flips: unknown direction bits");
    if (!(r->ends & TV_END_NO_MOVE))
        return tv_error_set(err, TV_ERULES, "flips: say what a player who cannot flip does: no_move = \"pass\" or \"ends\"");
    if (!r->setup.given)
        return tv_error_set(err, TV_ERULES, "flips: a placement must bracket stones, so the game needs a setup to start from");
    /* The bit boards: a step moves every bit by the direction's offset, and
     * the mask keeps the cells whose origin was on the board. */
    f->bits = r->ncells <= 64;
    int longer = r->grid.width > r->grid.height ? r->grid.width : r->grid.height;
    f->reach = longer > 3 ? longer - 3 : 0;
    uint64_t from[8];
    tv_grid_dir_sources(&r->grid, from);
    for (int d = 0; d < 8 && f->bits; d++) {
        int delta = tv_grid_offset(&r->grid, d);
        f->shl[d] = (uint8_t)(delta > 0 ? delta : 0);
        f->shr[d] = (uint8_t)(delta < 0 ? -delta : 0);
        /* the cells a step lands on: those whose origin has a neighbour that way */
        f->mask[d] = delta > 0 ? from[d] << delta : from[d] >> -delta;
    }
    memset(f->wmask, 0, sizeof f->wmask);
    for (int d = 0; d < 8 && !f->bits; d++) {
        int w = r->grid.width, h = r->grid.height, dc = tv_compass_dcol(d), dr = tv_compass_drow(d);
        f->shift[d] = (int16_t)tv_grid_offset(&r->grid, d);
        for (int c = 0; c < r->ncells; c++) {
            int col = c % w + dc, row = c / w + dr, to = row * w + col;
            if (col >= 0 && col < w && row >= 0 && row < h) /* the cell a step from c lands on */
                f->wmask[d][to >> 6] |= 1ull << (to & 63);
        }
    }
    return TV_OK;
}

/* Place, then rotate (place { } alone: tv_accepts.c): blocks that tile the
 * grid, and a move list that fits a host's (TV_MAX_MOVES). */
static int check_rotate(tv_rules *r, tv_error *err)
{
    tv_rotate *t = &r->rotate;
    t->blocks = 0;
    if (!t->side)
        return TV_OK;
    if (t->side < 2 || t->side > TV_ROTATE_SIDE_MAX || r->grid.width % t->side || r->grid.height % t->side)
        return tv_error_set(err, TV_ERULES, "rotate: blocks of %d cells a side do not tile the %dx%d board (2..%d)",
                            t->side, r->grid.width, r->grid.height, TV_ROTATE_SIDE_MAX);
    t->blocks = (r->grid.width / t->side) * (r->grid.height / t->side);
    if (r->ncells * 2 * t->blocks > TV_MAX_MOVES - 2)
        return tv_error_set(err, TV_ERULES, "rotate: %d cells x %d turns is more than %d moves", r->ncells,
                            2 * t->blocks, TV_MAX_MOVES - 2);
    /* The turns as tables: rows go up the board, so clockwise as drawn takes
     * (col, row) of a block to (row, side - 1 - col). */
    int n = t->side, per_row = r->grid.width / n, w = r->grid.width;
    for (int b = 0; b < t->blocks; b++) {
        int base = b / per_row * n * w + b % per_row * n; /* the block's bottom-left cell */
        for (int row = 0; row < n; row++)
            for (int col = 0; col < n; col++) {
                int i = b * n * n + row * n + col;
                t->cell[i] = (uint16_t)(base + row * w + col);
                t->to[0][i] = (uint16_t)(base + (n - 1 - col) * w + row);
                t->to[1][i] = (uint16_t)(base + col * w + n - 1 - row);
            }
    }
    t->nwin = 0;
    uint64_t from[8];
    tv_grid_dir_sources(&r->grid, from);
    static const int compass[4] = {2, 0, 1, 7}; /* TV_DIR_H, V, D1 (a1-b2), D2 (a3-b2): E, N, NE, NW */
    for (int i = 0, dir = TV_DIR_H; dir <= TV_DIR_D2 && r->ncells <= 64 && r->goal.length && !r->goal.exact;
         i++, dir <<= 1) {
        if (!(r->goal.dirs & dir))
            continue;
        int d = compass[i], delta = tv_grid_offset(&r->grid, d);
        t->shl[t->nwin] = (uint8_t)(delta > 0 ? delta : 0);
        t->shr[t->nwin] = (uint8_t)(delta < 0 ? -delta : 0);
        t->mask[t->nwin++] = delta > 0 ? from[d] << delta : from[d] >> -delta; /* where a step lands */
    }
    return TV_OK;
}

/* Turns of several stones and the opening rules (core/play/tv_turns.h; the
 * families they fit: tv_accepts.c): one of them at a time. */
static int check_turns(tv_rules *r, tv_error *err)
{
    tv_turns *t = &r->turns;
    if (!t->first)
        t->first = 1;
    if (!t->later)
        t->later = 1;
    if (t->first < 1 || t->first > TV_TURN_STONES_MAX || t->later < 1 || t->later > TV_TURN_STONES_MAX)
        return tv_error_set(err, TV_ERULES, "stones: %d and %d stones a turn are outside 1..%d", t->first, t->later,
                            TV_TURN_STONES_MAX);
    if (t->opening < TV_OPENING_NONE || t->opening > TV_OPENING_SWAP)
        return tv_error_set(err, TV_ERULES, "opening: %d is not an opening rule", t->opening);
    int several = t->first > 1 || t->later > 1;
    t->active = several || t->opening != TV_OPENING_NONE;
    if (!t->active)
        return TV_OK;
    if (several && t->opening != TV_OPENING_NONE)
        return tv_error_set(err, TV_ERULES, "opening: an opening rule is for one stone a turn");
    if (r->swap_after && (several || t->opening == TV_OPENING_PRO))
        return tv_error_set(err, TV_ERULES, "swap_after: not with several stones a turn or the Pro opening");
    if (t->opening != TV_OPENING_NONE && r->blocks.mode == TV_BLOCKS_PLACED)
        return tv_error_set(err, TV_ERULES, "opening: for place { ... } on a board without placed blocks");
    if (t->opening == TV_OPENING_PRO &&
        (r->grid.hex || r->grid.width % 2 == 0 || r->grid.height % 2 == 0 || r->grid.width < 2 * TV_PRO_DISTANCE + 1 ||
         r->grid.height < 2 * TV_PRO_DISTANCE + 1 || r->blocks.mode != TV_BLOCKS_NONE))
        return tv_error_set(err, TV_ERULES,
                            "opening: Pro needs a board of odd sides, %d or more, without blocks, on a square grid",
                            2 * TV_PRO_DISTANCE + 1);
    if (t->opening == TV_OPENING_SWAP) {
        if (r->swap_after && r->swap_after != 3)
            return tv_error_set(err, TV_ERULES, "opening: the Swap opening's choice comes after the third stone");
        r->swap_after = 3; /* the second player then chooses a colour: swap, or play on */
    }
    return TV_OK;
}

/* The kinds a game has: those it declares, or the stone alone. */
static int kinds_of(const tv_rules *r) { return r->pieces.nkinds ? r->pieces.nkinds : 1; }

/* The start position (the families that take one: tv_accepts.c): every cell
 * holds something the game knows, and the listed blocks (put on it at the
 * start) fall on its empty cells. */
static int check_setup(const tv_rules *r, tv_error *err)
{
    for (int c = 0; c < r->ncells && r->setup.given; c++) {
        int v = r->setup.cells[c];
        if (v != TV_EMPTY && v != TV_BLOCK && (!tv_cell_is_piece(v) || tv_cell_kind(v) >= kinds_of(r)))
            return tv_error_set(err, TV_ERULES, "setup: cell %d holds %d, not a piece of this game", c + 1, v);
    }
    for (int i = 0; r->setup.given && r->blocks.mode == TV_BLOCKS_LIST && i < r->blocks.count; i++)
        if (r->setup.cells[r->blocks.cells[i]] != TV_EMPTY)
            return tv_error_set(err, TV_ERULES, "blocks: cell %d is blocked but holds a piece of the setup",
                                r->blocks.cells[i] + 1);
    if (r->setup.given && (r->blocks.mode == TV_BLOCKS_RANDOM || r->blocks.mode == TV_BLOCKS_PLACED))
        return tv_error_set(err, TV_ERULES, "blocks: random or placed blocks cannot be combined with a setup");
    return TV_OK;
}

/* The most cells a slide along dirs of at most max cells reaches from one
 * cell of the empty board (a step: max 1). The board is symmetric north-south,
 * so player 2's mirrored directions reach as far. */
static int most_reach(const tv_rules *r, int dirs, int max)
{
    int most = 0;
    for (int c = 0; c < r->ncells; c++) {
        int n = 0;
        for (int d = 0; d < 8; d++)
            for (int k = 0, at = c; k < max && (dirs >> d & 1) && (at = r->nb[at][d]) >= 0; k++)
                n++;
        most = n > most ? n : most;
    }
    return most;
}

/* The bound piece by piece: the start's pieces of each kind (per side: no
 * move adds one) times the most moves that kind has or any kind it may
 * become, times its choices of promotion; plus the castlings. Past limit:
 * some value above it. */
static long kinds_bound(const tv_rules *r, int enemies, long limit)
{
    int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    long most = 0;
    for (int colour = TV_STONE1; colour <= TV_STONE2; colour++) {
        long total = r->pieces.ncastles;
        for (int k = 0; k < kinds && total <= limit; k++) {
            int count = 0, choices = 0;
            for (int c = 0; c < r->ncells; c++)
                count += r->setup.cells[c] == tv_piece(colour, k);
            for (int j = 0; j < TV_MAX_KINDS; j++)
                choices += r->pieces.promote_choice[k] >> j & 1;
            if (!count)
                continue;
            long own = tv_bound_piece_moves(r, k, enemies, limit) * (choices ? choices : 1), best = own;
            int becomes = r->pieces.promote_choice[k] | (r->pieces.promote[k] >= 0 ? 1 << r->pieces.promote[k] : 0);
            for (int round = 0; round < TV_MAX_KINDS; round++) /* what it becomes, and what that becomes */
                for (int j = 0; j < kinds; j++)
                    if (becomes >> j & 1)
                        becomes |= r->pieces.promote_choice[j] | (r->pieces.promote[j] >= 0 ? 1 << r->pieces.promote[j] : 0);
            for (int j = 0; j < kinds; j++)
                if (becomes >> j & 1) {
                    long then = tv_bound_piece_moves(r, j, enemies, limit);
                    best = then > best ? then : best;
                }
            total += (long)count * best;
        }
        most = total > most ? total : most;
    }
    return most;
}

/* Groups and liberties (Go): the variables the family keeps (the ko point;
 * the passes in a row where passing is allowed), komi and the ply limit. */
static int check_groups(tv_rules *r, tv_error *err)
{
    tv_groups *g = &r->groups;
    g->ko_var = g->passes_var = -1;
    if ((r->ends & TV_END_TWO_PASSES) && !(g->on && g->pass))
        return tv_error_set(err, TV_ERULES, "ends: two_passes is for games whose players pass (groups { pass = true })");
    if (!g->on)
        return TV_OK;
    if (g->komi2 < -2 * TV_MAX_CELLS || g->komi2 > 2 * TV_MAX_CELLS)
        return tv_error_set(err, TV_ERULES, "groups: komi %g is beyond the board's %d cells", g->komi2 / 2.0, r->ncells);
    if (g->limit < 0 || g->limit > TV_MAX_MAX_PLIES)
        return tv_error_set(err, TV_ERULES, "groups: limit %d is outside 0..%d plies", g->limit, TV_MAX_MAX_PLIES);
    if ((g->ko_var = tv_vars_keep(r, "ko", TV_VAR_CELL, 0, -1, 0, "Go's", err)) < 0)
        return g->ko_var;
    if (g->pass && (g->passes_var = tv_vars_keep(r, "passes", TV_VAR_INT, 0, 0, 2, "Go's", err)) < 0)
        return g->passes_var;
    return TV_OK;
}

/* Captures whose pieces leave after the move (tv_pieces_after.h): jumps
 * over enemies only, each jump its own move's piece; a move names its ends
 * (tv_pmove.h), so a chain is as long as the enemy has pieces. */
static int check_after(tv_rules *r, tv_error *err)
{
    tv_pieces *p = &r->pieces;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *g = &p->gen[i];
        if (g->flying && (g->type != TV_GEN_JUMP || !p->after))
            return tv_error_set(err, TV_ERULES, "pieces: generator %d flies, but only a jump may fly, and only where the "
                                "pieces it takes leave after the move (move { taken = \"after_move\" })", i + 1);
        if (p->after && g->type == TV_GEN_JUMP && (g->over & TV_OVER_OWN))
            return tv_error_set(err, TV_ERULES, "pieces: jump %d goes over own pieces; where the pieces taken leave after "
                                "the move, jumps go over enemies only", i + 1);
    }
    if (!p->after)
        return TV_OK;
    if (!p->jump_dirs)
        return tv_error_set(err, TV_ERULES, "pieces: taken = \"after_move\" is for games whose pieces jump");
    if (p->promote_ends || p->royal || r->custodial.dirs)
        return tv_error_set(err, TV_ERULES, "pieces: where the pieces taken leave after the move, a piece promotes where "
                            "its move ends (no ends_chain), and there is no royal kind or custodial capture");
    p->chain_max = TV_PMOVE_CHAIN_LIMIT;
    return TV_OK;
}

/* Pieces that move (what goes with them: tv_accepts.c): the generators,
 * promotion, the ends, and whether every chain of jumps the start position
 * allows fits a move (tv_pmove.h). */
static int check_pieces(tv_rules *r, tv_error *err)
{
    tv_pieces *p = &r->pieces;
    int kinds = kinds_of(r), all = (1 << kinds) - 1, chained = 0, own_chains = 0;
    p->jump_dirs = 0;
    p->shoots = 0;
    r->max_moves = TV_MAX_MOVES;
    if (r->moves != TV_MOVES_PIECES)
        return TV_OK;
    if (!r->setup.given)
        return tv_error_set(err, TV_ERULES, "pieces: a game whose pieces move needs a setup");
    if (p->nkinds < 0 || p->nkinds > TV_MAX_KINDS)
        return tv_error_set(err, TV_ERULES, "pieces: %d kinds, at most %d", p->nkinds, TV_MAX_KINDS);
    if (p->ngens < 1 || p->ngens > TV_MAX_GENS)
        return tv_error_set(err, TV_ERULES, "pieces: %d move generators, expected 1..%d", p->ngens, TV_MAX_GENS);
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *g = &p->gen[i];
        if (g->type < TV_GEN_STEP || g->type > TV_GEN_LEAP || !g->kinds || (g->kinds & ~all) ||
            (!g->dirs && g->type != TV_GEN_LEAP) || (g->dirs & ~TV_COMPASS_ALL))
            return tv_error_set(err, TV_ERULES, "pieces: generator %d has no type, kinds or directions", i + 1);
        if (g->type == TV_GEN_LEAP && (g->noffsets < 1 || g->noffsets > TV_MAX_LEAPS))
            return tv_error_set(err, TV_ERULES, "pieces: leap %d has %d offsets, expected 1..%d", i + 1, g->noffsets,
                                TV_MAX_LEAPS);
        for (int k = 0; g->type == TV_GEN_LEAP && k < g->noffsets; k++)
            if ((!g->offsets[k][0] && !g->offsets[k][1]) || g->offsets[k][0] < -(TV_MAX_SIDE - 1) ||
                g->offsets[k][0] > TV_MAX_SIDE - 1 || g->offsets[k][1] < -(TV_MAX_SIDE - 1) ||
                g->offsets[k][1] > TV_MAX_SIDE - 1)
                return tv_error_set(err, TV_ERULES, "pieces: leap %d offset %d is 0,0 or off any board", i + 1, k + 1);
        if (g->type == TV_GEN_JUMP && (g->over < 0 || g->over > (TV_OVER_ENEMY | TV_OVER_OWN)))
            return tv_error_set(err, TV_ERULES, "pieces: jump %d goes over %d, not enemy, own or any", i + 1, g->over);
        if (g->type == TV_GEN_JUMP && !g->over)
            p->gen[i].over = TV_OVER_ENEMY;
        if (g->type != TV_GEN_JUMP && (!g->to || (g->to & ~(TV_TO_EMPTY | TV_TO_ENEMY))))
            return tv_error_set(err, TV_ERULES, "pieces: generator %d may go nowhere", i + 1);
        if (g->type == TV_GEN_SLIDE && (g->max < 1 || g->max > TV_MAX_SIDE))
            return tv_error_set(err, TV_ERULES, "pieces: slide of %d cells is outside 1..%d", g->max, TV_MAX_SIDE);
        p->gen[i].abs[0] = g->dirs;
        p->gen[i].abs[1] = tv_compass_mirror_mask(g->dirs);
        for (int j = 0; j < i; j++) /* one kind's jumps along one direction would be found twice */
            if (g->type == TV_GEN_JUMP && p->gen[j].type == TV_GEN_JUMP && (g->kinds & p->gen[j].kinds) &&
                (g->dirs & p->gen[j].dirs))
                return tv_error_set(err, TV_ERULES, "pieces: generators %d and %d both jump one kind along one direction",
                                    j + 1, i + 1);
        if (g->type == TV_GEN_JUMP) {
            p->jump_dirs |= g->dirs | tv_compass_mirror_mask(g->dirs);
            chained |= g->chain;
            own_chains |= g->chain && (g->over & TV_OVER_OWN);
        }
        if (g->shoot_dirs) {
            if ((g->shoot_dirs & ~TV_COMPASS_ALL) || g->shoot_max < 1 || g->shoot_max > TV_MAX_SIDE)
                return tv_error_set(err, TV_ERULES, "pieces: generator %d shoots along no direction or 1..%d cells",
                                    i + 1, TV_MAX_SIDE);
            if ((g->type != TV_GEN_STEP && g->type != TV_GEN_SLIDE) || g->to != TV_TO_EMPTY)
                return tv_error_set(err, TV_ERULES, "pieces: generator %d shoots, so it must be a step or slide to an empty cell",
                                    i + 1);
            p->gen[i].shoot_abs[0] = g->shoot_dirs;
            p->gen[i].shoot_abs[1] = tv_compass_mirror_mask(g->shoot_dirs);
            p->shoots = 1;
        }
    }
    if (p->shoots && p->jump_dirs) /* the two layouts share their numbers (tv_pmove.h) */
        return tv_error_set(err, TV_ERULES, "pieces: a game whose moves shoot cannot also jump");
    for (int i = 0; i < p->ngens && p->shoots; i++) /* one bound and one random pick for all its moves */
        if (!p->gen[i].shoot_dirs)
            return tv_error_set(err, TV_ERULES, "pieces: generator %d does not shoot, but others do: in a game "
                                "whose moves shoot, every generator shoots", i + 1);
    for (int k = 0; k < TV_MAX_KINDS; k++)
        if (p->promote[k] != -1 && (k >= kinds || p->promote[k] < 0 || p->promote[k] >= kinds || p->promote[k] == k))
            return tv_error_set(err, TV_ERULES, "promotion: kind %d cannot become kind %d", k, p->promote[k]);
    if (p->promote_rows < 0 || p->promote_rows > r->grid.height)
        return tv_error_set(err, TV_ERULES, "promotion: %d rows on a board of %d", p->promote_rows, r->grid.height);
    if (p->capture < TV_CAPTURE_FREE || p->capture > TV_CAPTURE_LONGEST)
        return tv_error_set(err, TV_ERULES, "pieces: unknown capture rule %d", p->capture);
    if (r->pieces_left > TV_MAX_CELLS || r->no_progress < 0 || r->no_progress > TV_MAX_MAX_PLIES)
        return tv_error_set(err, TV_ERULES, "ends: pieces_left %d or no_progress %d out of range", r->pieces_left,
                            r->no_progress);
    p->chain_max = chained ? tv_pmove_chain_max(p->jump_dirs) : (p->jump_dirs ? 1 : 0);
    int rc = check_after(r, err);
    if (rc)
        return rc;
    rc = tv_special_rules_check(r, err);
    if (rc)
        return rc;
    /* Each jump takes an enemy piece, and no move adds one: a chain is at
     * most as long as the enemy's pieces at the start. */
    int most = setup_most(r);
    /* A chain over own pieces is bounded by its landings instead: never twice
     * on one cell, and every landing keeps the start's column and row
     * parity, so at most a quarter of the board (rounded up) less the start. */
    int landings = ((r->grid.width + 1) / 2) * ((r->grid.height + 1) / 2) - 1;
    if (own_chains && landings > p->chain_max)
        return tv_error_set(err, TV_ERULES,
                            "jump: a chain over own pieces could make %d jumps on this board, but a move holds at most %d "
                            "along these directions",
                            landings, p->chain_max);
    if (chained && most > p->chain_max)
        return tv_error_set(err, TV_ERULES,
                            "jump: a chain could take %d pieces, but a move holds at most %d jumps along these directions",
                            most, p->chain_max);
    /* No position has more moves than every piece making all its own
     * (tv_bound.h: a true bound, chains of jumps included); a shot is each
     * landing times each arrow, on the emptiest board. */
    long limit = TV_MOVES_LIMIT, shots = 0;
    int longer = r->grid.width > r->grid.height ? r->grid.width : r->grid.height;
    for (int i = 0; i < p->ngens; i++) {
        const tv_gen *g = &p->gen[i];
        int reach = g->type == TV_GEN_STEP ? 1 : g->max < longer - 1 ? g->max : longer - 1;
        if (g->shoot_dirs)
            shots += (long)most_reach(r, g->dirs, reach) * most_reach(r, g->shoot_dirs, g->shoot_max);
    }
    long bound;
    if (shots)
        bound = (long)most * (tv_bound_piece_moves(r, -1, most, most ? limit / most : limit) + shots);
    else /* piece by piece: each kind's own moves, and what it may become */
        bound = kinds_bound(r, most, limit);
    if (bound > limit && shots)
        return tv_error_set(err, TV_ERULES,
                            "pieces: %d pieces that move and shoot could have up to %ld legal moves, more than %ld",
                            most, bound, limit);
    if (bound > limit) /* the count stops past the limit: "or more" */
        return tv_error_set(err, TV_ERULES,
                            "pieces: the setup's pieces could have %ld legal moves or more in one position (each "
                            "kind's pieces times the most moves it or what it becomes has), more than %ld",
                            bound, limit);
    r->max_moves = bound > TV_MAX_MOVES ? (int)bound : TV_MAX_MOVES;
    /* Captures taken after the move are told apart by the pieces they take,
     * which no walk over the empty board counts: the whole room for a list,
     * and a position with more is an error of that position. */
    if (p->after)
        r->max_moves = TV_MOVES_LIMIT;
    return TV_OK;
}

/* A hex rhombus takes placement games only (tv_accepts.c): its cells have
 * six neighbours, so a square grid's lines and kinds of pieces mean nothing
 * there either. The connection goal: its sides and the directions that join
 * cells. */
static int check_connect(tv_rules *r, tv_error *err)
{
    tv_join *k = &r->join;
    if (r->grid.hex && (r->lines.dirs || r->goal.length || r->pieces.nkinds))
        return tv_error_set(err, TV_ERULES,
                            "hex board: only stones placed on cells (place { }) fit it; lines, runs and kinds of "
                            "pieces need a square grid");
    if (!k->sides[0] && !k->sides[1])
        return TV_OK;
    for (int i = 0; i < 2; i++) {
        if (k->sides[i] < TV_SIDES_ROWS || k->sides[i] > TV_SIDES_Y)
            return tv_error_set(err, TV_ERULES, "connect: colour %d has no sides to join", i + 1);
        if (k->sides[i] == TV_SIDES_Y && (!r->grid.hex || r->grid.width != r->grid.height))
            return tv_error_set(err, TV_ERULES, "connect: the three sides of y are a triangle's: a hex { size = N } board");
    }
    if (r->grid.hex && k->diagonals)
        return tv_error_set(err, TV_ERULES, "connect: a hex board's cells have their six neighbours; diagonals are for square grids");
    if (r->goal.length)
        return tv_error_set(err, TV_ERULES, "connect: a game has one goal, a line or a connection");
    k->ndirs = 0;
    for (int d = 0; d < 8; d++) {
        int dc = tv_compass_dcol(d), dr = tv_compass_drow(d);
        if (tv_grid_touch(&r->grid, dc, dr) && (r->grid.hex || k->diagonals || dc == 0 || dr == 0))
            k->dir[k->ndirs++] = (int8_t)d;
    }
    for (int c = 0; c < r->ncells; c++)
        for (int i = 0; i < k->ndirs; i++)
            k->link[c][i] = r->nb[c][k->dir[i]] < 0 ? (int16_t)c : r->nb[c][k->dir[i]];
    int w = r->grid.width, h = r->grid.height;
    for (int i = 0; i < 2; i++)
        k->need[i] = (uint8_t)((k->sides[i] == TV_SIDES_Y ? 7 : 3) << (3 * i));
    for (int c = 0; c < r->ncells; c++) {
        int col = c % w, row = c / w, e = 0;
        for (int i = 0; i < 2; i++) {
            int s;
            if (k->sides[i] == TV_SIDES_Y) /* row 1, column a, the short diagonal */
                s = (row == 0) | (col == 0) << 1 | (col + row == w - 1) << 2;
            else if (k->sides[i] == TV_SIDES_ROWS)
                s = (row == 0) | (row == h - 1) << 1;
            else
                s = (col == 0) | (col == w - 1) << 1;
            e |= s << (3 * i);
        }
        k->edge[c] = (uint8_t)e;
    }
    return TV_OK;
}

/* The family the description names (tv_family_id.h), and over it the hooks'
 * when the ruleset lists or plays its own moves. Chosen first: what each
 * family accepts is one matrix (tv_accepts.c), asked before the checks. */
/* A moves hook lists at most max_moves moves a position: the ruleset's
 * declared number (1..TV_MOVES_LIMIT), or TV_MAX_MOVES; a list longer than
 * that is the hook's error. Data games derive theirs (check_pieces). */
static int check_hook_moves(tv_rules *r, tv_error *err)
{
    if (!r->hook_max_moves)
        return TV_OK;
    if (!r->hooks.moves)
        return tv_error_set(err, TV_ERULES, "max_moves: only a game whose moves hook lists the moves declares it; "
                                            "the engine derives the others'");
    if (r->hook_max_moves < 1 || r->hook_max_moves > TV_MOVES_LIMIT)
        return tv_error_set(err, TV_ERULES, "max_moves: %d is outside 1..%d", r->hook_max_moves, TV_MOVES_LIMIT);
    r->max_moves = r->hook_max_moves;
    return TV_OK;
}

/* Game variables and hands (tv_vars.h): names once, ranges that hold their
 * start, cells of this board, hands on a grid; derives the slots and size. */
static int check_vars(tv_rules *r, tv_error *err)
{
    tv_vars *v = &r->vars;
    v->nslots = 0;
    if (v->n < 0 || v->n > TV_MAX_VARS)
        return tv_error_set(err, TV_ERULES, "vars: at most %d variables", TV_MAX_VARS);
    for (int i = 0; i < v->n; i++) {
        tv_var *x = &v->var[i];
        if (x->type == TV_VAR_CELL)
            x->min = -1, x->max = r->ncells - 1;
        else if (x->type == TV_VAR_FLAG)
            x->min = 0, x->max = 1;
        if (x->type == TV_VAR_CELL && r->board != TV_BOARD_GRID)
            return tv_error_set(err, TV_ERULES, "vars.%s: a cell variable needs a grid", x->name);
        if (x->min < -TV_VAR_LIMIT || x->max > TV_VAR_LIMIT || x->min > x->max)
            return tv_error_set(err, TV_ERULES, "vars.%s: the range %d..%d is not within -%d..%d", x->name, x->min,
                                x->max, TV_VAR_LIMIT, TV_VAR_LIMIT);
        if (x->init < x->min || x->init > x->max)
            return tv_error_set(err, TV_ERULES, "vars.%s: the start value %d is outside %d..%d", x->name, x->init,
                                x->min, x->max);
        for (int j = 0; j < i; j++)
            if (!strcmp(v->var[j].name, x->name))
                return tv_error_set(err, TV_ERULES, "vars: '%s' is declared twice", x->name);
        x->slot = v->nslots;
        v->nslots += x->per_player ? 2 : 1;
    }
    if (v->hands && r->board != TV_BOARD_GRID)
        return tv_error_set(err, TV_ERULES, "hands: pieces in hand need a grid");
    int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    for (int p = 0; p < 2 && v->hands; p++)
        for (int k = kinds; k < TV_MAX_KINDS; k++)
            if (v->hand_start[p][k])
                return tv_error_set(err, TV_ERULES, "hands: kind %d is not a kind of this game", k);
    v->size = v->nslots * 4 + (v->hands ? 2 * TV_MAX_KINDS : 0);
    return TV_OK;
}

static void choose_family(tv_rules *r)
{
    if (r->board == TV_BOARD_MANCALA)
        r->data_family = TV_FAMILY_SOW;
    else if (r->moves == TV_MOVES_PIECES)
        r->data_family = TV_FAMILY_PIECES;
    else if (r->groups.on)
        r->data_family = TV_FAMILY_GROUPS;
    else if (r->mills.on)
        r->data_family = TV_FAMILY_MILLS;
    else if (r->flip.dirs)
        r->data_family = TV_FAMILY_FLIP;
    else if (r->rotate.side)
        r->data_family = TV_FAMILY_ROTATE;
    else if (r->moves == TV_MOVES_DROP)
        r->data_family = TV_FAMILY_DROP;
    else
        r->data_family = TV_FAMILY_PLACE;
    r->family = r->hooks.moves || r->hooks.play ? TV_FAMILY_HOOKS : r->data_family;
}

/* A new id for rules (tv_rules.id): never 0, never given twice. */
static uint64_t new_id(void)
{
    static _Atomic uint64_t ids;
    return atomic_fetch_add(&ids, 1) + 1;
}

int tv_rules_phases(tv_rules *r, tv_error *err)
{
    if (!r->pieces.phase_var)
        return TV_OK;
    const tv_var *x = &r->vars.var[r->pieces.phase_var - 1];
    for (int v = x->min; v <= x->max; v++) {
        tv_rules *p = malloc(sizeof *p);
        if (!p) {
            tv_rules_free_phases(r);
            return tv_error_set(err, TV_ENOMEM, "out of memory for the rules of each phase");
        }
        memcpy(p, r, sizeof *p);
        p->id = new_id();
        p->pieces.phase_var = 0;
        memset(p->pieces.phase, 0, sizeof p->pieces.phase);
        for (int i = 0; i < p->pieces.ngens; i++)
            if (p->pieces.gen[i].when[0] && !(p->pieces.gen[i].when_values >> v & 1))
                p->pieces.gen[i].kinds = 0;
        r->pieces.phase[v] = p;
    }
    return TV_OK;
}

void tv_rules_free_phases(tv_rules *r)
{
    for (int v = 0; v < 32; v++) {
        free((void *)r->pieces.phase[v]);
        r->pieces.phase[v] = NULL;
    }
}

int tv_rules_finish(tv_rules *r, tv_error *err)
{
    r->id = new_id();
    choose_family(r);
    if (r->board == TV_BOARD_MANCALA) {
        int rc = check_mancala(r, err);
        if (rc)
            return rc;
    }
    if (r->grid.width < 1 || r->grid.width > TV_MAX_SIDE || r->grid.height < 1 ||
        r->grid.height > TV_MAX_SIDE)
        return tv_error_set(err, TV_ERULES, "board: %dx%d is outside 1x1..%dx%d", r->grid.width,
                            r->grid.height, TV_MAX_SIDE, TV_MAX_SIDE);
    r->ncells = tv_grid_cells(&r->grid);
    tv_grid_neighbours(&r->grid, r->nb);
    for (int c = 0; c < r->ncells; c++)
        for (int d = 0; d < 8; d++) {
            int k = 0;
            for (int at = r->nb[c][d]; at >= 0 && k < TV_MAX_SIDE; at = r->nb[at][d])
                k++;
            r->run[c][d] = (uint8_t)k;
        }
    int rc = check_blocks(r, err);
    if (rc)
        return rc;
    if (r->lines.dirs & ~TV_DIR_ALL)
        return tv_error_set(err, TV_ERULES, "score: unknown direction bits");
    if ((rc = check_points(r, err)) || (rc = check_plies(r, err)))
        return rc;
    if (r->swap_after < 0 || r->swap_after >= r->ncells)
        return tv_error_set(err, TV_ERULES, "swap after %d stones is impossible on %d cells", r->swap_after, r->ncells);
    if (r->goal.length && (r->goal.length < 2 || r->goal.length > TV_MAX_SIDE || !(r->goal.dirs & TV_DIR_ALL) ||
                           (r->goal.dirs & ~TV_DIR_ALL) || (r->goal.loses & ~1) || (r->goal.any & ~1)))
        return tv_error_set(err, TV_ERULES, "line: a line of %d along directions %d is impossible", r->goal.length,
                            r->goal.dirs);
    /* A graph board's blocks (its cells that are no points) are derived once
     * the families accept it, before the setup is laid on them. */
    if ((rc = tv_accepts_check(r, err)) || (rc = tv_graph_derive(r, err)) || (rc = check_blocks(r, err)) ||
        (rc = check_setup(r, err)) || (rc = check_pieces(r, err)) ||
        (rc = check_flip(r, err)) || (rc = check_connect(r, err)) || (rc = check_turns(r, err)) ||
        (rc = check_rotate(r, err)) || (rc = check_custodial(r, err)) || (rc = check_groups(r, err)) || (rc = tv_graph_mills_check(r, err)) ||
        (rc = tv_shapes_derive(r, err)))
        return rc;
    tv_goal_windows(r);
    if (!r->ends && !r->hooks.ends && !r->goal.length && !r->join.sides[0] && r->pieces_left < 0 &&
        !r->no_progress && !(r->board == TV_BOARD_GRID && (r->target || r->margin)))
        return tv_error_set(err, TV_ERULES, "no rule ends the game");

    if ((rc = check_vars(r, err)) || (rc = check_hook_moves(r, err)))
        return rc;
    size_t size = TV_STATE_HEAD + (size_t)r->ncells;
    if (r->vars.size) { /* the variables and hands, 4-aligned after the cells */
        r->vars.offset = (int)((size + 3) & ~(size_t)3);
        size = (size_t)r->vars.offset + (size_t)r->vars.size;
    }
    r->state_size = (int)((size + 7) & ~(size_t)7);

    tv_rng rng;
    tv_rng_seed(&rng, TV_ZOBRIST_SEED);
    memset(r->zcell, 0, sizeof r->zcell);
    for (int c = 0; c < r->ncells; c++)
        for (int v = 1; v < 4; v++) /* empty hashes to 0 */
            r->zcell[c][v] = tv_rng_next(&rng);
    if (r->board == TV_BOARD_MANCALA)
        for (int i = 0; i < 4; i++) /* the holes' words (tv_sow.h) */
            r->laps.key[i] = tv_rng_next(&rng);
    r->zside = tv_rng_next(&rng);
    r->zswapped = tv_rng_next(&rng);
    r->zsetup = tv_rng_next(&rng);
    /* Pieces of other kinds than the stone: keys drawn after all the others,
     * so that the hashes of games without them stay what they were. */
    for (int c = 0; c < r->ncells && r->pieces.nkinds > 1; c++)
        for (int v = 4; v < 4 * r->pieces.nkinds; v++)
            if (tv_cell_is_piece(v))
                r->zcell[c][v] = tv_rng_next(&rng);
    return TV_OK;
}
