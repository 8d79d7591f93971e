/* The kernel: start position, legal moves, check, apply, settle, undo, and
 * the cell primitives of the play hooks (tv_play.h). Random playouts are in
 * tv_playout.c, move text in tv_movetext.c. */
#include "tv_play.h"

#include <string.h>

#include "tv_connect.h"
#include "tv_custodial.h"
#include "tv_flip.h"
#include "tv_join.h"
#include "tv_lines.h"
#include "tv_pieces.h"
#include "tv_rotate.h"
#include "tv_play_internal.h"
#include "tv_sow.h"
#include "tv_turns.h"

/* Every cell write goes through here: it keeps the hash, the undo record
 * and the counts derived from the cells. */
int tv_state_set(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int value, tv_error *err)
{
    int mancala = r->board == TV_BOARD_MANCALA;
    if (cell < 0 || cell >= r->ncells)
        return tv_error_set(err, TV_EINVAL, "cell %d is not on the board", cell + 1);
    int kinds = r->pieces.nkinds ? r->pieces.nkinds : 1;
    if (value < 0 || value > (mancala ? TV_MANCALA_MAX_SEEDS : 4 * kinds - 1))
        return tv_error_set(err, TV_EINVAL, "%d cannot be put in a %s", value, mancala ? "hole" : "cell");
    int old = s->cells[cell];
    /* A hole is one byte: with at most TV_MANCALA_MAX_SEEDS on the board no
     * sowing can make one wrap. */
    if (mancala && s->stones + value - old > TV_MANCALA_MAX_SEEDS)
        return tv_error_set(err, TV_EINVAL, "%d seeds in a hole would make %d on the board, more than %d", value,
                            s->stones + value - old, TV_MANCALA_MAX_SEEDS);
    if (!mancala)
        return tv_state_put_grid(r, s, u, cell, value, err);
    if (u) {
        if (u->n == TV_UNDO_CELLS)
            return tv_error_set(err, TV_ELIMIT, "a move may change at most %d cells", TV_UNDO_CELLS);
        u->cell[u->n] = (uint16_t)cell;
        u->old[u->n++] = (uint8_t)old;
    }
    s->hash ^= r->zseed[cell][old] ^ r->zseed[cell][value];
    s->stones = (uint16_t)(s->stones + value - old);
    s->cells[cell] = (uint8_t)value;
    return TV_OK;
}

int tv_place_colour(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int colour, int owner, tv_error *err)
{
    if (r->board != TV_BOARD_GRID || cell < 0 || cell >= r->ncells || s->cells[cell] != TV_EMPTY)
        return tv_error_set(err, TV_EILLEGAL, "place: cell %d is not an empty cell", cell + 1);
    int rc = tv_state_set(r, s, u, cell, colour, err);
    if (rc)
        return rc;
    if (r->lines.dirs)
        s->score[owner] += tv_lines_delta(r, s->cells, cell);
    if (r->custodial.dirs && (rc = tv_custodial_capture(r, s, u, cell, owner, NULL, err)) < 0)
        return rc;
    return (r->goal.length && tv_goal_made(r, s->cells, cell)) ||
           (r->join.sides[0] && tv_join_made(r, s->cells, cell));
}

int tv_place(const tv_rules *r, tv_state *s, tv_undo *u, int cell, tv_error *err)
{
    return tv_place_colour(r, s, u, cell, tv_colour_of(s, s->to_move), s->to_move, err);
}

void tv_swap_colours(const tv_rules *r, tv_state *s)
{
    s->flags ^= TV_FLAG_SWAPPED;
    s->hash ^= r->zswapped;
    int32_t t = s->score[0]; /* each player takes the other's colour, and its points */
    s->score[0] = s->score[1];
    s->score[1] = t;
}

uint64_t tv_state_hash(const tv_rules *r, const tv_state *s)
{
    uint64_t h = 0;
    if (r->board == TV_BOARD_MANCALA)
        for (int c = 0; c < r->ncells; c++)
            h ^= r->zseed[c][s->cells[c]];
    else
        for (int c = 0; c < r->ncells; c++)
            h ^= r->zcell[c][s->cells[c]];
    if (s->to_move)
        h ^= r->zside;
    if (s->flags & TV_FLAG_SWAPPED)
        h ^= r->zswapped;
    if (s->flags & TV_FLAG_SETUP)
        h ^= r->zsetup;
    return h;
}

int tv_play_score_hook(const tv_rules *r, tv_state *s, tv_error *err)
{
    int32_t score[2];
    int rc = r->hooks.score(r->hooks.ctx, r, s, score, err);
    if (rc)
        return rc;
    s->score[0] = score[0];
    s->score[1] = score[1];
    return TV_OK;
}

/* The ends hook, if any: 1 when it named a result (*winner), 0 when it did
 * not (or there is none), or an error code. */
static int ends_hook(const tv_rules *r, tv_state *s, int *winner, tv_error *err)
{
    if (!r->hooks.ends)
        return 0;
    int rc = r->hooks.ends(r->hooks.ctx, r, s, winner, err);
    if (rc)
        return rc;
    if (*winner < -1 || *winner > 2)
        return tv_error_set(err, TV_EHOOK, "ends hook: winner %d is not nil, 0, 1 or 2", *winner);
    return *winner >= 0;
}

/* The end rules (tv_play_internal.h has them in order) on s, its scores
 * given: returns 1 when the game is over, with *winner the player a rule
 * named or -1, 0 when it goes on, or an error code (hooks may fail). Forced
 * inline: every move of a search comes through here. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int end_rules(const tv_rules *r, tv_state *s, int line_winner, int repeated, int *winner, tv_error *err)
{
    *winner = line_winner;
    tv_play_piece_scores(r, s);
    if (line_winner >= 0) /* 0: both colours have a line (after a rotation) */
        return 1;
    if (tv_play_grid_full(r, s)) { /* the ends hook judges the last stone first */
        int named = ends_hook(r, s, winner, err);
        if (named == 0)
            *winner = -1;
        return named < 0 ? named : 1;
    }
    if (r->board == TV_BOARD_MANCALA && tv_play_mancala_over(r, s))
        return 1;
    if (tv_play_pieces_lost(r, s, winner) || tv_connect_end(r, s, winner) || tv_play_captured_end(r, s, winner))
        return 1;
    if (repeated)
        return 1;
    if (r->ends & TV_END_NO_MOVE) {
        tv_move moves[TV_MOVES_LIMIT];
        s->status = TV_ONGOING; /* pieces: whether there is a move, not the thousands of Amazons */
        int n = !r->hooks.moves && r->moves == TV_MOVES_PIECES ? tv_pieces_any(r, s, err)
                                                                : tv_legal_moves(r, s, moves, TV_MOVES_LIMIT, err);
        if (n < 0)
            return n;
        if (tv_play_no_move_ends(r, n)) {
            tv_play_no_move_winner(r, s, winner);
            return 1;
        }
    }
    if (tv_play_no_progress(r, s, winner))
        return 1;
    int named = ends_hook(r, s, winner, err);
    if (named)
        return named;
    return tv_play_capped(r, s, winner);
}

/* Status and winner of s as end_rules found them (over: 1 or 0). */
static void conclude(const tv_rules *r, tv_state *s, int over, int winner)
{
    if (over) {
        tv_play_end(r, s, winner);
    } else {
        s->status = TV_ONGOING;
        s->winner = -1;
        s->flags &= (uint8_t)~TV_FLAG_CAPPED;
    }
}

int tv_play_settle(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err)
{
    if (r->hooks.score) {
        int rc = tv_play_score_hook(r, s, err);
        if (rc)
            return rc;
    }
    int winner, over = end_rules(r, s, line_winner, repeated, &winner, err);
    if (over < 0)
        return over;
    conclude(r, s, over, winner);
    return TV_OK;
}

int tv_play_settle_scores_at_end(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err)
{
    int winner, over = end_rules(r, s, line_winner, repeated, &winner, err);
    if (over < 0)
        return over;
    if (over && r->hooks.score) {
        int rc = tv_play_score_hook(r, s, err);
        if (rc)
            return rc;
    }
    conclude(r, s, over, winner);
    return TV_OK;
}

int tv_state_new(const tv_rules *r, uint64_t seed, tv_state *s, tv_error *err)
{
    memset(s, 0, (size_t)r->state_size);
    s->empty = (uint16_t)r->ncells;
    s->last = TV_MOVE_NONE;
    s->winner = -1;

    const tv_blocks *b = &r->blocks;
    tv_rng rng;
    tv_rng_seed(&rng, seed);
    if (r->board == TV_BOARD_MANCALA) {
        s->empty = 0;
        for (int h = 0; h < r->ncells; h++)
            s->cells[h] = (uint8_t)r->sow.seeds;
        s->stones = (uint16_t)(r->ncells * r->sow.seeds);
    } else if (b->mode == TV_BLOCKS_LIST) {
        for (int i = 0; i < b->count; i++)
            s->cells[b->cells[i]] = TV_BLOCK;
        s->empty = (uint16_t)(s->empty - b->count);
    } else if (b->mode == TV_BLOCKS_RANDOM) {
        int count;
        if (b->odd) {
            int lo = b->min | 1, choices = (b->max - lo) / 2 + 1;
            count = lo + 2 * (int)tv_rng_below(&rng, (uint32_t)choices);
        } else {
            count = b->min + (int)tv_rng_below(&rng, (uint32_t)(b->max - b->min + 1));
        }
        uint16_t order[TV_MAX_CELLS];
        for (int c = 0; c < r->ncells; c++)
            order[c] = (uint16_t)c;
        for (int i = 0; i < count; i++) { /* partial Fisher-Yates */
            int j = i + (int)tv_rng_below(&rng, (uint32_t)(r->ncells - i));
            uint16_t t = order[i];
            order[i] = order[j];
            order[j] = t;
            s->cells[order[i]] = TV_BLOCK;
        }
        s->empty = (uint16_t)(s->empty - count);
    } else if (b->mode == TV_BLOCKS_PLACED) {
        s->flags |= TV_FLAG_SETUP;
        s->setup_left = (uint8_t)b->count;
    }
    if (r->setup.given) { /* the start position, then the listed blocks on its empty cells */
        memcpy(s->cells, r->setup.cells, (size_t)r->ncells);
        for (int i = 0; b->mode == TV_BLOCKS_LIST && i < b->count; i++)
            s->cells[b->cells[i]] = TV_BLOCK;
        tv_state_count(r, s);
    }
    s->hash = tv_state_hash(r, s);
    return tv_play_settle(r, s, -1, 0, err);
}

static int hook_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    int n = r->hooks.moves(r->hooks.ctx, r, s, out, cap, err);
    if (n == 0 && cap > 0 && tv_play_pass_when_stuck(r))
        out[n++] = TV_MOVE_PASS;
    return n;
}

int tv_legal_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err)
{
    if (s->status == TV_OVER)
        return 0;
    if (r->hooks.moves)
        return hook_moves(r, s, out, cap, err);
    if (r->board == TV_BOARD_MANCALA)
        return tv_sow_moves(r, s, out, cap);
    if (r->moves == TV_MOVES_PIECES)
        return tv_pieces_moves(r, s, out, cap, err);
    if (r->flip.dirs)
        return tv_flip_moves(r, s, out, cap);
    if (r->rotate.side)
        return tv_rotate_moves(r, s, out, cap);
    int n = 0;
    if (r->moves == TV_MOVES_DROP) {
        int top = r->ncells - r->grid.width; /* first cell of the top row */
        for (int col = 0; col < r->grid.width && n < cap; col++)
            if (s->cells[top + col] == TV_EMPTY)
                out[n++] = col;
    } else if (tv_turns_opening(r, s)) {
        for (int c = 0; c < r->ncells && n < cap; c++)
            if (s->cells[c] == TV_EMPTY && tv_turns_allows(r, s, c))
                out[n++] = c;
    } else {
        for (int c = 0; c < r->ncells && n < cap; c++)
            if (s->cells[c] == TV_EMPTY)
                out[n++] = c;
    }
    if (tv_play_swap_allowed(r, s) && n < cap)
        out[n++] = TV_MOVE_SWAP;
    return n;
}

/* A refusal naming the move: "d4: why". The name is written only here, on
 * the way out: formatting it costs more than the whole check. */
static int refuse(const tv_rules *r, tv_move m, tv_error *err, const char *why)
{
    char name[16];
    tv_move_text(r, m, name, sizeof name);
    return tv_error_set(err, TV_EILLEGAL, "%s: %s", name, why);
}

int tv_check_move(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err)
{
    if (s->status == TV_OVER)
        return refuse(r, m, err, "the game is over");
    if (r->hooks.moves) {
        tv_move moves[TV_MAX_MOVES];
        int n = hook_moves(r, s, moves, TV_MAX_MOVES, err);
        if (n < 0)
            return n;
        for (int i = 0; i < n; i++)
            if (moves[i] == m)
                return TV_OK;
        char why[TV_TEXT_MAX];
        int given = r->hooks.refuse ? r->hooks.refuse(r->hooks.ctx, r, s, m, why, (int)sizeof why, err) : 0;
        if (given < 0)
            return given;
        return refuse(r, m, err, given ? why : "not among the legal moves");
    }
    if (r->board == TV_BOARD_MANCALA)
        return tv_sow_check(r, s, m, err);
    if (r->moves == TV_MOVES_PIECES)
        return m < 0 ? refuse(r, m, err, "not a move of this game") : tv_pieces_check(r, s, m, err);
    if (r->flip.dirs)
        return tv_flip_check(r, s, m, err);
    if (r->rotate.side)
        return m < 0 ? refuse(r, m, err, "not a move of this game") : tv_rotate_check(r, s, m, err);
    if (m == TV_MOVE_SWAP) {
        if (tv_play_swap_allowed(r, s))
            return TV_OK;
        if (r->swap_after == 0)
            return tv_error_set(err, TV_EILLEGAL, "swap: this game has no swap rule");
        return tv_error_set(err, TV_EILLEGAL, "swap: only allowed once, right after stone %d",
                            r->swap_after);
    }
    if (r->moves == TV_MOVES_DROP) {
        if (m < 0 || m >= r->grid.width)
            return refuse(r, m, err, "not a move of this game");
        if (s->cells[r->ncells - r->grid.width + m] != TV_EMPTY)
            return refuse(r, m, err, "the column is full");
        return TV_OK;
    }
    if (m < 0 || m >= r->ncells)
        return refuse(r, m, err, "not a move of this game");
    if (s->cells[m] == TV_BLOCK)
        return refuse(r, m, err, "the cell is blocked");
    if (s->cells[m] != TV_EMPTY)
        return refuse(r, m, err, "the cell is occupied");
    return tv_turns_opening(r, s) ? tv_turns_check(r, s, m, err) : TV_OK;
}

int tv_play_effect(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *line_winner, tv_error *err)
{
    int next = s->to_move ^ 1, rc = TV_OK;
    *line_winner = -1;
    if (r->hooks.play) { /* the ruleset's own effect, through the primitives */
        uint16_t quiet = s->quiet, stones = s->stones;
        int64_t scored = (int64_t)s->score[0] + s->score[1]; /* hook scores may be any int32 */
        rc = r->hooks.play(r->hooks.ctx, r, s, m, u, err);
        if (rc > 0 && (rc & TV_PLAYED_AGAIN))
            next = s->to_move; /* the mover moves again */
        if (rc > 0 && (rc & TV_PLAYED_LINE)) /* the goal holds after a hook's placements too */
            *line_winner = tv_goal_winner(r, s->to_move);
        rc = rc > 0 ? TV_OK : rc;
        /* Nothing left the board and nothing was scored: the position may come back. */
        s->quiet = s->stones == stones && (int64_t)s->score[0] + s->score[1] == scored ? (uint16_t)(quiet + 1) : 0;
    } else if (r->board == TV_BOARD_MANCALA) {
        int again = tv_sow_apply(r, s, m, u);
        if (again < 0)
            return tv_error_set(err, again, "the relay sowing would never end");
        if (again)
            next = s->to_move; /* extra turn */
    } else if (r->moves == TV_MOVES_PIECES) {
        int progress, reached = tv_pieces_apply(r, s, m, u, &progress, err);
        if (reached == 1)
            *line_winner = s->to_move + 1;
        rc = reached < 0 ? reached : TV_OK;
        tv_play_pieces_quiet(r, s, progress);
    } else if (m == TV_MOVE_SWAP) {
        tv_swap_colours(r, s);
    } else if (m >= 0 && r->flip.dirs) {
        rc = tv_flip_apply(r, s, u, m, err);
    } else if (m >= 0 && (s->flags & TV_FLAG_SETUP)) {
        rc = tv_state_set(r, s, u, m, TV_BLOCK, err);
        if (--s->setup_left == 0) { /* the first stone is the first player's */
            s->flags &= (uint8_t)~TV_FLAG_SETUP;
            s->hash ^= r->zsetup;
            next = 0;
        }
    } else if (m >= 0 && r->rotate.side) { /* a stone, then a block turned */
        rc = tv_rotate_apply(r, s, m, u, line_winner, err);
    } else if (m >= 0 && r->turns.active) { /* several stones a turn, an opening rule */
        int again, made = tv_turns_place(r, s, u, r->moves == TV_MOVES_DROP ? tv_play_landing_cell(r, s, m) : m,
                                         &again, err);
        if (made > 0) /* the maker wins, or loses under a misère goal */
            *line_winner = tv_goal_winner(r, made - 1);
        if (again)
            next = s->to_move;
        rc = made < 0 ? made : TV_OK;
    } else if (m >= 0) {
        int made = tv_place(r, s, u, r->moves == TV_MOVES_DROP ? tv_play_landing_cell(r, s, m) : m, err);
        if (made == 1)
            *line_winner = tv_goal_winner(r, s->to_move);
        rc = made < 0 ? made : TV_OK;
    }
    if (rc)
        return rc;
    if (next != s->to_move)
        s->hash ^= r->zside;
    s->to_move = (uint8_t)next;
    s->ply++;
    s->last = m;
    return TV_OK;
}

int tv_play(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, tv_error *err)
{
    return tv_play_hist(r, s, m, u, NULL, 0, err);
}

int tv_play_hist(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, const uint64_t *hist,
                 int nhist, tv_error *err)
{
    int rc = tv_check_move(r, s, m, err);
    if (rc)
        return rc;
    tv_undo local;
    if (!u && tv_play_has_hooks(r))
        u = &local; /* a hook may fail half-way: keep a way back */
    if (u) {
        memcpy(u->head, s, TV_STATE_HEAD);
        u->n = 0;
    }
    int line_winner;
    rc = tv_play_effect(r, s, m, u, &line_winner, err);
    if (!rc)
        rc = tv_play_settle(r, s, line_winner, r->repetition && hist && tv_play_repeats(s, hist, nhist), err);
    if (rc && u)
        tv_unplay(r, s, u);
    return rc;
}

void tv_unplay(const tv_rules *r, tv_state *s, const tv_undo *u)
{
    (void)r;
    for (int i = u->n - 1; i >= 0; i--)
        s->cells[u->cell[i]] = u->old[i];
    memcpy(s, u->head, TV_STATE_HEAD);
}

void tv_state_count(const tv_rules *r, tv_state *s)
{
    int empty = 0, owned[2] = {0, 0};
    for (int c = 0; c < r->ncells; c++) {
        int v = s->cells[c];
        empty += v == TV_EMPTY;
        if (tv_cell_is_piece(v))
            owned[tv_cell_colour(v) - 1]++;
    }
    s->empty = (uint16_t)empty;
    s->stones = (uint16_t)(owned[0] + owned[1]);
    s->owned[0] = (uint16_t)owned[0];
    s->owned[1] = (uint16_t)owned[1];
}

int tv_state_settle(const tv_rules *r, tv_state *s, tv_error *err)
{
    if (r->board == TV_BOARD_MANCALA) { /* the scores are the stores: given, not derived */
        int seeds = 0;
        for (int h = 0; h < r->ncells; h++)
            seeds += s->cells[h];
        if (seeds > TV_MANCALA_MAX_SEEDS) /* a sowing could make a hole wrap */
            return tv_error_set(err, TV_EINVAL, "position: %d seeds on the board, more than %d", seeds,
                                TV_MANCALA_MAX_SEEDS);
        s->stones = (uint16_t)seeds;
        s->empty = 0;
        s->hash = tv_state_hash(r, s);
        return tv_play_settle(r, s, -1, 0, err);
    }
    tv_state_count(r, s);
    int32_t points[2] = {0, 0};
    if (r->lines.dirs)
        tv_lines_count(r, s->cells, points);
    int sw = (s->flags & TV_FLAG_SWAPPED) ? 1 : 0; /* points are by colour */
    s->score[0] = points[sw];
    s->score[1] = points[sw ^ 1];
    s->hash = tv_state_hash(r, s);
    int line_winner = tv_goal_on_board(r, s);
    if (line_winner == -2 && r->rotate.side) /* a rotation can make both: a draw */
        line_winner = 0;
    else if (line_winner == -2)
        return tv_error_set(err, TV_EINVAL, "position: both players have a line that meets the goal");
    if (line_winner == -1 && (line_winner = tv_join_on_board(r, s)) == -2)
        return tv_error_set(err, TV_EINVAL, "position: both players have a winning connection");
    /* A piece on its far row won, as the move that took it there did; a play
     * hook's move is not the kernel's, which then judges no far row (nor here). */
    for (int c = 0; c < r->ncells && r->moves == TV_MOVES_PIECES && (r->ends & TV_END_REACH) && !r->hooks.play; c++) {
        int v = s->cells[c];
        if (!tv_cell_is_piece(v) || !tv_pieces_far(r, tv_cell_colour(v), c, 1))
            continue;
        int p = tv_colour_of(s, 0) == tv_cell_colour(v) ? 1 : 2;
        if (line_winner > 0 && line_winner != p)
            return tv_error_set(err, TV_EINVAL, "position: both players have a piece on their far row");
        line_winner = p;
    }
    return tv_play_settle(r, s, line_winner, 0, err);
}

int tv_last_cell(const tv_rules *r, const tv_state *s)
{
    if (s->last < 0 || (s->flags & TV_FLAG_SETUP) || r->board == TV_BOARD_MANCALA)
        return -1;
    if (r->moves == TV_MOVES_PIECES) {
        int path[TV_PMOVE_CHAIN_LIMIT + 1], n = tv_pieces_path(r, s->last, path, TV_PMOVE_CHAIN_LIMIT + 1);
        return n < 0 ? -1 : path[n - 1];
    }
    if (r->rotate.side)
        return tv_rotate_where(r, s->last);
    if (r->moves != TV_MOVES_DROP)
        return s->last;
    int cell = r->ncells - r->grid.width + s->last; /* the highest stone of that column */
    while (cell >= 0 && s->cells[cell] == TV_EMPTY)
        cell -= r->grid.width;
    return cell;
}
