/* Pieces that move (TV_MOVES_PIECES): the legal moves of a position from the
 * game's generators (step, slide, jump chains, line counts, leaps), the capture rule, promotion,
 * and the effect of one move, a whole turn. Moves are laid out as tv_pmove.h
 * says. Nothing here allocates; every loop is bounded by the board, the
 * generators and the longest chain (tv_pieces.chain_max). */
#ifndef TV_PIECES_H
#define TV_PIECES_H

#include "tv_error.h"
#include "tv_pmove.h"
#include "tv_rules.h"

/* The legal moves of s into out[0..cap) (at most r->max_moves are looked
 * for); returns their count, or TV_ELIMIT when a position has more. */
int tv_pieces_moves(const tv_rules *r, const tv_state *s, tv_move *out, int cap, tv_error *err);

/* 1 when the player to move in s has a legal move, 0 when not, or an error
 * code: the search stops at the second move found. */
int tv_pieces_any(const tv_rules *r, const tv_state *s, tv_error *err);

/* TV_OK when m is legal in s, else TV_EILLEGAL with the reason, as
 * "a2-a3: a capture is mandatory here". */
int tv_pieces_check(const tv_rules *r, const tv_state *s, tv_move m, tv_error *err);

/* Plays the legal move m (cells, hash, counts; the undo record when u is not
 * NULL; not the side, ply or last move). Returns 1 when the moved piece ended
 * on the mover's far row, 0 otherwise, or an error code. *progress says
 * whether it captured or promoted. */
int tv_pieces_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *progress, tv_error *err);

/* The cells a move visits: from, each landing, the last; returns their count
 * (1 + jumps, or 2), or -1 when m is no piece move of these rules. A shot's
 * path is the piece's (from, to); its arrow is tv_pieces_arrow's. */
int tv_pieces_path(const tv_rules *r, tv_move m, int *cells, int size);

/* The cell the arrow of shot m lands on, or -1 when m shoots none. */
int tv_pieces_arrow(const tv_rules *r, tv_move m);

/* Whether `cell` is on the last `rows` rows seen from colour's side. */
static inline int tv_pieces_far(const tv_rules *r, int colour, int cell, int rows)
{
    int row = tv_grid_row(&r->grid, cell);
    return colour == TV_STONE1 ? row >= r->grid.height - rows : row < rows;
}

#endif
