/* The kernel's insides, shared by tv_play.c (check, apply, settle, undo) and
 * the random-playout fast path (tv_playout.c), so that both play one game:
 * each end rule is written once, here, and the fast path calls the kernel's
 * own steps for what it does not do itself. Not part of the game interface:
 * only core/play includes it. */
#ifndef TV_PLAY_INTERNAL_H
#define TV_PLAY_INTERNAL_H

#include "tv_play.h"
#include "tv_sow.h"

/* tv_state_set on a grid, for a cell on the board and a value its game
 * allows (the caller knows both): the undo record, the hash, the counts. */
static inline int tv_state_put_grid(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int value, tv_error *err)
{
    int old = s->cells[cell];
    if (u) {
        if (u->n == TV_UNDO_CELLS)
            return tv_error_set(err, TV_ELIMIT, "a move may change at most %d cells", TV_UNDO_CELLS);
        u->cell[u->n] = (uint16_t)cell;
        u->old[u->n++] = (uint8_t)old;
    }
    s->hash ^= r->zcell[cell][old] ^ r->zcell[cell][value];
    s->empty = (uint16_t)(s->empty + (value == TV_EMPTY) - (old == TV_EMPTY));
    int now = tv_cell_is_piece(value), was = tv_cell_is_piece(old);
    s->stones = (uint16_t)(s->stones + now - was);
    if (now)
        s->owned[tv_cell_colour(value) - 1]++;
    if (was)
        s->owned[tv_cell_colour(old) - 1]--;
    s->cells[cell] = (uint8_t)value;
    return TV_OK;
}

static inline int tv_play_has_hooks(const tv_rules *r)
{
    return r->hooks.moves || r->hooks.score || r->hooks.ends || r->hooks.play;
}

/* Whether the swap (pie) move is legal in s. */
static inline int tv_play_swap_allowed(const tv_rules *r, const tv_state *s)
{
    return r->swap_after > 0 && s->stones == r->swap_after &&
           !(s->flags & (TV_FLAG_SWAPPED | TV_FLAG_SETUP));
}

/* A mancala player without a move passes when the rules say so (no_move =
 * "pass"), whether the moves come from sowing or from a moves hook. */
static inline int tv_play_pass_when_stuck(const tv_rules *r)
{
    return r->board == TV_BOARD_MANCALA && r->sow.pass;
}

/* The lowest empty cell of a column (the column is not full). */
static inline int tv_play_landing_cell(const tv_rules *r, const tv_state *s, int col)
{
    int cell = col;
    while (s->cells[cell] != TV_EMPTY)
        cell += r->grid.width;
    return cell;
}

/* Whether a playout may call the score hook at its end only: nothing before
 * the end reads the scores (hooks see the board, not the scores; a capture
 * target would read them), and the hook is a function of the state, so the
 * final scores are the same. */
static inline int tv_play_score_can_wait(const tv_rules *r)
{
    return r->hooks.score && !(r->board == TV_BOARD_MANCALA && r->target > 0);
}

/* winner = "most_pieces": each player's score is their pieces on the board
 * (derived from the counts after every move, so it never goes stale). */
static inline void tv_play_piece_scores(const tv_rules *r, tv_state *s)
{
    if (r->most_pieces) {
        s->score[0] = s->owned[tv_colour_of(s, 0) - 1];
        s->score[1] = s->owned[tv_colour_of(s, 1) - 1];
    }
}

/* ---- the end rules, in the order the kernel applies them ------------------
 * A line that meets the goal (tv_place says so; or a piece on the far row),
 * a full grid (the ends hook judging it first: the last stone may have won
 * or lost), a mancala board's own rules, a player left with too few
 * pieces, a captured count or margin, a repetition, no move for the player
 * to move, no progress, the
 * ends hook, the move limit. */

/* A full grid ends every game: without a moves hook nothing is left to play. */
static inline int tv_play_grid_full(const tv_rules *r, const tv_state *s)
{
    return s->empty == 0 && r->board == TV_BOARD_GRID &&
           ((r->ends & TV_END_BOARD_FULL) || (!r->hooks.moves && r->moves != TV_MOVES_PIECES));
}

/* Pieces: the player to move (the mover's opponent) has pieces_left pieces or
 * fewer, so the mover wins (capture all, or all but N). */
static inline int tv_play_pieces_lost(const tv_rules *r, const tv_state *s, int *winner)
{
    if (r->pieces_left < 0 || s->owned[tv_colour_of(s, s->to_move) - 1] > r->pieces_left)
        return 0;
    *winner = (s->to_move ^ 1) + 1;
    return 1;
}

/* Grids: a score (custodial captures) reached r->target, or leads the other
 * by r->margin; the higher score wins (*winner -1 leaves it to the scores). */
static inline int tv_play_captured_end(const tv_rules *r, const tv_state *s, int *winner)
{
    if (r->board != TV_BOARD_GRID || (!r->target && !r->margin))
        return 0;
    int32_t a = s->score[0], b = s->score[1];
    if ((r->target && (a >= r->target || b >= r->target)) ||
        (r->margin && ((int64_t)a - b >= r->margin || (int64_t)b - a >= r->margin))) {
        *winner = -1;
        return 1;
    }
    return 0;
}

/* The plies since the last capture or promotion, after a piece's move; kept
 * only where a rule reads them (no progress, repetition), so that a position
 * string, which carries them only then, gives the state back. */
static inline void tv_play_pieces_quiet(const tv_rules *r, tv_state *s, int progress)
{
    if (r->no_progress || r->repetition)
        s->quiet = progress ? 0 : (uint16_t)(s->quiet + (s->quiet < UINT16_MAX));
}

/* The no-progress rule: no_progress plies in a row without a capture or a
 * promotion is a draw. */
static inline int tv_play_no_progress(const tv_rules *r, const tv_state *s, int *winner)
{
    if (!r->no_progress || s->quiet < r->no_progress)
        return 0;
    *winner = 0;
    return 1;
}

/* Whether a mancala game has reached one of its end rules. */
static inline int tv_play_mancala_over(const tv_rules *r, const tv_state *s)
{
    if ((r->ends & TV_END_BOARD_EMPTY) && s->stones == 0)
        return 1;
    if ((r->ends & TV_END_SIDE_EMPTY) && (tv_sow_row_empty(r, s, 0) || tv_sow_row_empty(r, s, 1)))
        return 1;
    return r->target > 0 && (s->score[0] >= r->target || s->score[1] >= r->target);
}

/* Whether s (just reached) repeats one of the last s->quiet positions of
 * hist[0..n), the positions before it. */
static inline int tv_play_repeats(const tv_state *s, const uint64_t *hist, int n)
{
    for (int k = 1; k <= s->quiet && k <= n; k++)
        if (hist[n - k] == s->hash)
            return 1;
    return 0;
}

/* The no-move rule, given the number of legal moves of the player to move. */
static inline int tv_play_no_move_ends(const tv_rules *r, int nmoves)
{
    return (r->ends & TV_END_NO_MOVE) && nmoves == 0;
}

/* Who wins when the player to move has none: the other one when no move
 * loses; else the scores decide (*winner -1). */
static inline void tv_play_no_move_winner(const tv_rules *r, const tv_state *s, int *winner)
{
    *winner = r->no_move_loses ? (s->to_move ^ 1) + 1 : -1;
}

/* The move limit, the last end rule: a game that no other rule ended by
 * ply r->ply_cap is a draw, marked TV_FLAG_CAPPED (*winner = 0). */
static inline int tv_play_capped(const tv_rules *r, tv_state *s, int *winner)
{
    if (s->ply < r->ply_cap)
        return 0;
    s->flags |= TV_FLAG_CAPPED;
    *winner = 0;
    return 1;
}

/* Ends the game: winner is 0 (draw), 1 or 2 when a rule named it (a line, the
 * ends hook), else -1: then the seeds left on a mancala board go where the
 * rules say and the higher score wins. */
static inline void tv_play_end(const tv_rules *r, tv_state *s, int winner)
{
    if (winner < 0) {
        if (r->board == TV_BOARD_MANCALA)
            tv_sow_remainder(r, s);
        winner = s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? 2 : 0;
    }
    s->status = TV_OVER;
    s->winner = (int8_t)winner;
}

/* ---- the kernel's steps (tv_play.c) ---------------------------------------
 * tv_play_hist is tv_check_move, then tv_play_effect, then tv_play_settle. */

/* The effect of the legal move m on s (u may be NULL: no undo record), then
 * the turn and the ply; no end rule yet. *line_winner is the player (1, 2)
 * who just made a line that meets the goal, or -1. Hooks may fail. */
int tv_play_effect(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *line_winner, tv_error *err);

/* Scores (the score hook), then the end rules, status and winner after the
 * cells changed; repeated says the position has occurred before. */
int tv_play_settle(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err);

/* tv_play_settle calling the score hook only when the game is over
 * (tv_play_score_can_wait): the scores of an ongoing game are left stale. */
int tv_play_settle_scores_at_end(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err);

/* Calls the score hook on s and stores its scores. */
int tv_play_score_hook(const tv_rules *r, tv_state *s, tv_error *err);

#endif
