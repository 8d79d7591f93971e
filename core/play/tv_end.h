/* The end rules, composed once, and the one hand-over of the turn. The
 * kernel (tv_play.c) and every family's random-playout fast path end a move
 * the same way: tv_end_turn (the side to move, the ply, the last move), then
 * tv_end_rules, in this order:
 *   a line that meets the goal (or a piece on its far row: the family says
 *   so in line_winner), a full grid (the ends hook judging the last stone
 *   first), a mancala board's own rules, a player left with too few pieces,
 *   a connected side, a captured count or margin, two passes or Go's ply
 *   limit (scored by area), a repeated position, no
 *   move for the player to move, no progress, the ends hook, the move limit.
 * A fast path passes, as constant skip bits, the rules its own entry
 * conditions rule out (the compiler drops their tests), and the count of
 * the next player's moves when it has them (the no-move rule then lists
 * nothing). */
#ifndef TV_END_H
#define TV_END_H

#include "tv_cells.h"
#include "tv_connect.h"
#include "tv_groups.h"
#include "tv_vars_state.h"
#include "tv_family.h"
#include "tv_royal.h"
#include "tv_sow.h"

/* The hand-over: the mover moves again (again) or the other side moves;
 * one more ply; m was the last move. In the check build (TV_STATE_CHECKS)
 * the state is verified here, after every move of every path. */
static inline void tv_end_turn(const tv_rules *r, tv_state *s, tv_move m, int again)
{
    s->hash ^= r->zside & ((uint64_t)again - 1); /* no branch: an extra turn is a coin toss in mancala */
    s->to_move = (uint8_t)(s->to_move ^ !again);
    s->ply++;
    s->last = m;
    TV_STATE_CHECK(r, s);
}

/* What a fast path knows cannot apply (bits of tv_end_rules' skip). */
enum {
    TV_END_SKIP_HOOKS = 1,   /* no hooks (checked by the path's entry) */
    TV_END_SKIP_GRID = 2,    /* not a grid: no full grid, no captured count */
    TV_END_SKIP_MANCALA = 4, /* not a mancala board */
    TV_END_SKIP_PIECES = 8,  /* no pieces that move: no piece count, connection or no-progress rule */
    TV_END_SKIP_NO_MOVE = 16,/* a move exists while the grid has an empty cell (placement) */
    TV_END_SKIP_CAP = 32,    /* the move limit cannot bind (r->cap_binds is 0) */
    TV_END_SKIP_CAPTURED = 64 /* no captured count or margin (tv_end_no_capture_rule: a path's two builds) */
};

/* Whether a grid game has no captured-count or margin rule: a fast path
 * builds its loop twice, with and without that rule's test. */
static inline int tv_end_no_capture_rule(const tv_rules *r) { return !r->target && !r->margin; }
#define TV_END_COUNT (-1) /* nmoves: the rules count the moves themselves */

/* winner = "most_pieces": each player's score is their pieces on the board
 * (derived from the counts after every move, so it never goes stale). */
static inline void tv_end_piece_scores(const tv_rules *r, tv_state *s)
{
    if (r->most_pieces) {
        s->score[0] = s->owned[tv_colour_of(s, 0) - 1];
        s->score[1] = s->owned[tv_colour_of(s, 1) - 1];
    }
}

/* A full grid ends every game of stones placed: without a moves hook
 * nothing is left to play (pieces and mills' men are ended by the no-move
 * rule instead). (The board is a grid: tv_end_rules asks.) */
static inline int tv_end_grid_full(const tv_rules *r, const tv_state *s)
{
    return s->empty == 0 &&
           ((r->ends & TV_END_BOARD_FULL) || (!r->hooks.moves && r->moves != TV_MOVES_PIECES && !r->mills.on));
}

/* Whether a mancala game has reached one of its end rules. */
static inline int tv_end_mancala(const tv_rules *r, const tv_state *s)
{
    if ((r->ends & TV_END_BOARD_EMPTY) && s->stones == 0)
        return 1;
    if ((r->ends & TV_END_SIDE_EMPTY) && tv_sow_a_row_empty(r, s))
        return 1;
    return r->target > 0 && (s->score[0] >= r->target || s->score[1] >= r->target);
}

/* Groups (Go): two passes in a row (the variable "passes"), or the ply
 * limit, end the game scored by area (tv_groups_area); komi, in half
 * points, goes to player 2; *winner by the totals, 0 when equal. */
static inline int tv_end_groups(const tv_rules *r, tv_state *s, int *winner)
{
    const tv_groups *g = &r->groups;
    if (!g->on || !((g->passes_var >= 0 && (r->ends & TV_END_TWO_PASSES) && tv_var_get(r, s, g->passes_var, 0) >= 2) ||
                    (g->limit && s->ply >= g->limit)))
        return 0;
    int area[2];
    tv_groups_area(r, s->cells, area);
    for (int p = 0; p < 2; p++)
        s->score[p] = area[tv_colour_of(s, p) - 1];
    long a = 2L * s->score[0], b = 2L * s->score[1] + g->komi2;
    *winner = a > b ? 1 : a < b ? 2 : 0;
    return 1;
}

/* Pieces: the player to move (the mover's opponent) has pieces_left pieces or
 * fewer, on the board and in hand, so the mover wins (capture all, or all
 * but N; a mill game's side down to two men). */
static inline int tv_end_pieces_lost(const tv_rules *r, const tv_state *s, int *winner)
{
    if (r->pieces_left < 0 || s->owned[tv_colour_of(s, s->to_move) - 1] > r->pieces_left)
        return 0;
    int held = 0;
    for (int k = 0; r->vars.hands && k < TV_MAX_KINDS; k++)
        held += tv_hand_get(r, s, s->to_move, k);
    if (s->owned[tv_colour_of(s, s->to_move) - 1] + held > r->pieces_left)
        return 0;
    *winner = (s->to_move ^ 1) + 1;
    return 1;
}

/* Grids: a score (custodial captures) reached r->target, or leads the other
 * by r->margin; the higher score wins (*winner -1 leaves it to the scores).
 * (The board is a grid: tv_end_rules asks; a mancala's target is its own.) */
static inline int tv_end_captured(const tv_rules *r, const tv_state *s, int *winner)
{
    if (!r->target && !r->margin)
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
static inline void tv_end_pieces_quiet(const tv_rules *r, tv_state *s, int progress)
{
    if (r->no_progress || r->repetition)
        s->quiet = progress ? 0 : (uint16_t)(s->quiet + (s->quiet < UINT16_MAX));
}

/* The no-progress rule: no_progress plies in a row without a capture or a
 * promotion is a draw. */
static inline int tv_end_no_progress(const tv_rules *r, const tv_state *s, int *winner)
{
    if (!r->no_progress || s->quiet < r->no_progress)
        return 0;
    *winner = 0;
    return 1;
}

/* Who wins when the player to move has none: a draw in stalemate (no
 * royal piece of theirs attacked) where the rules say so; the other one
 * when no move loses (checkmate); else the scores decide (*winner -1). */
static inline void tv_end_no_move_winner(const tv_rules *r, const tv_state *s, int *winner)
{
    if (r->pieces.stalemate == TV_STALEMATE_DRAW && !tv_royal_in_check(r, s, tv_colour_of(s, s->to_move)))
        *winner = 0;
    else
        *winner = r->no_move_loses ? (s->to_move ^ 1) + 1 : -1;
}

/* Insufficient material (tv_royal.h): looked for only when the material
 * may have changed -- a capture or promotion (the quiet count restarts), or
 * a board of few pieces (a position read) -- where a rule keeps the count. */
static inline int tv_end_insufficient(const tv_rules *r, const tv_state *s, int *winner)
{
    if (!r->pieces.insufficient.on)
        return 0;
    int kept = r->no_progress || r->repetition;
    if (kept && s->quiet != 0 && s->owned[0] + s->owned[1] > 4)
        return 0;
    if (!tv_royal_insufficient(r, s))
        return 0;
    *winner = 0;
    return 1;
}

/* The move limit, the last end rule: a game that no other rule ended by
 * ply r->ply_cap is a draw, marked TV_FLAG_CAPPED (*winner = 0). */
static inline int tv_end_capped(const tv_rules *r, tv_state *s, int *winner)
{
    if (s->ply < r->ply_cap)
        return 0;
    s->flags |= TV_FLAG_CAPPED;
    *winner = 0;
    return 1;
}

/* The ends hook: 1 when it named a result (*winner), 0 when it did not, or
 * an error code. */
int tv_end_hook_call(const tv_rules *r, tv_state *s, int *winner, tv_error *err);
static inline int tv_end_hook(const tv_rules *r, tv_state *s, int *winner, tv_error *err)
{
    return r->hooks.ends ? tv_end_hook_call(r, s, winner, err) : 0;
}

/* The legal moves of the player to move, counted for the no-move rule
 * (pieces: whether there is one, not the thousands of Amazons). */
int tv_end_count_moves(const tv_rules *r, tv_state *s, tv_error *err);

#if defined(__GNUC__)
#define TV_END_INLINE static inline __attribute__((always_inline))
#else
#define TV_END_INLINE static inline
#endif

/* The end rules on s, after a move (line_winner: the player, 1 or 2, whose
 * move made the goal; 0 both; -1 none; repeated: the position came before).
 * Returns 1 when the game is over, with *winner the player a rule named or
 * -1 (the scores decide), 0 when it goes on, or an error code. */
TV_END_INLINE int tv_end_rules(const tv_rules *r, tv_state *s, int line_winner, int repeated, int nmoves, unsigned skip,
                               int *winner, tv_error *err)
{
    /* A path that is not a mancala's is on a grid, and the other way round: the test is dropped. */
    int grid = !(skip & TV_END_SKIP_GRID) && ((skip & TV_END_SKIP_MANCALA) || r->board == TV_BOARD_GRID);
    int mancala = !(skip & TV_END_SKIP_MANCALA) && ((skip & TV_END_SKIP_GRID) || r->board == TV_BOARD_MANCALA);
    *winner = line_winner;
    tv_end_piece_scores(r, s);
    if (line_winner >= 0) /* 0: both colours have a line (after a rotation) */
        return 1;
    if (grid && tv_end_grid_full(r, s)) { /* the ends hook judges the last stone first */
        int named = skip & TV_END_SKIP_HOOKS ? 0 : tv_end_hook(r, s, winner, err);
        if (named == 0)
            *winner = -1;
        return named < 0 ? named : 1;
    }
    if (mancala && tv_end_mancala(r, s))
        return 1;
    if (!(skip & TV_END_SKIP_PIECES) && (tv_end_pieces_lost(r, s, winner) || tv_connect_end(r, s, winner)))
        return 1;
    if (grid && !(skip & TV_END_SKIP_CAPTURED) && tv_end_captured(r, s, winner))
        return 1;
    if (grid && tv_end_groups(r, s, winner))
        return 1;
    if (repeated)
        return 1;
    if (!(skip & TV_END_SKIP_NO_MOVE) && (r->ends & TV_END_NO_MOVE)) {
        if (nmoves == TV_END_COUNT && (nmoves = tv_end_count_moves(r, s, err)) < 0)
            return nmoves;
        if (nmoves == 0) {
            tv_end_no_move_winner(r, s, winner);
            return 1;
        }
    }
    if (!(skip & TV_END_SKIP_PIECES) && (tv_end_insufficient(r, s, winner) || tv_end_no_progress(r, s, winner)))
        return 1;
    if (!(skip & TV_END_SKIP_HOOKS)) {
        int named = tv_end_hook(r, s, winner, err);
        if (named)
            return named;
    }
    return skip & TV_END_SKIP_CAP ? 0 : tv_end_capped(r, s, winner);
}

/* Ends the game: winner is 0 (draw), 1 or 2 when a rule named it (a line, the
 * ends hook), else -1: then the seeds left on a mancala board go where the
 * rules say and the higher score wins. */
static inline void tv_end_game(const tv_rules *r, tv_state *s, int winner)
{
    if (winner < 0) {
        if (r->board == TV_BOARD_MANCALA)
            tv_sow_remainder(r, s);
        winner = s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? 2 : 0;
    }
    s->status = TV_OVER;
    s->winner = (int8_t)winner;
}

/* A fast path's move, after its hand-over: the end rules (as tv_end_rules,
 * nmoves the mover's moves or TV_END_COUNT) and, when they end the game,
 * its end. TV_OK or an error code. */
TV_END_INLINE int tv_end_after_step(const tv_rules *r, tv_state *s, int line_winner, int repeated, int nmoves,
                                    unsigned skip, tv_error *err)
{
    int winner, over = tv_end_rules(r, s, line_winner, repeated, nmoves, skip, &winner, err);
    if (over < 0)
        return over;
    if (over)
        tv_end_game(r, s, winner);
    return TV_OK;
}

/* Status and winner of s as tv_end_rules found them (over: 1 or 0). */
static inline void tv_end_conclude(const tv_rules *r, tv_state *s, int over, int winner)
{
    if (over) {
        tv_end_game(r, s, winner);
    } else {
        s->status = TV_ONGOING;
        s->winner = -1;
        s->flags &= (uint8_t)~TV_FLAG_CAPPED;
    }
}

/* Whether a playout may call the score hook at its end only: nothing before
 * the end reads the scores (hooks see the board, not the scores; a capture
 * target would read them), and the hook is a function of the state, so the
 * final scores are the same. */
static inline int tv_end_score_can_wait(const tv_rules *r)
{
    return r->hooks.score && !(r->board == TV_BOARD_MANCALA && r->target > 0);
}

/* Calls the score hook on s and stores its scores. */
int tv_end_score_hook(const tv_rules *r, tv_state *s, tv_error *err);

/* The kernel's end of a move: the score hook, then tv_end_rules (counting
 * the moves itself), status and winner. */
int tv_end_settle(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err);

/* tv_end_settle with the mover's legal moves counted by the caller
 * (nmoves, or TV_END_COUNT: counted here). */
int tv_end_settle_counted(const tv_rules *r, tv_state *s, int line_winner, int repeated, int nmoves, tv_error *err);

/* tv_end_settle calling the score hook only when the game is over
 * (tv_end_score_can_wait): the scores of an ongoing game are left stale. */
int tv_end_settle_late(const tv_rules *r, tv_state *s, int line_winner, int repeated, tv_error *err);

#endif
