/* The chess family's special moves, as data (tv_rules.h): castling (the
 * royal piece and a rook, unmoved, each right a per-player flag variable),
 * en passant (a slide of two or more cells with en_passant = opens leaves
 * the cell it passed in the variable "en_passant" for one ply, when an
 * enemy piece could take there; a step with en_passant = takes may land on
 * it and takes the piece that passed), a choice of promotion (one move per
 * kind: e7-e8=Q), and the moves of kinds that count as progress (the
 * fifty-move rule). Moves are laid out as tv_pmove.h says. */
#ifndef TV_PIECES_SPECIAL_H
#define TV_PIECES_SPECIAL_H

#include "tv_error.h"
#include "tv_pmove.h"
#include "tv_royal.h"
#include "tv_rules.h"

/* Whether `cell` is on the last `rows` rows seen from colour's side. */
static inline int tv_pieces_far(const tv_rules *r, int colour, int cell, int rows)
{
    /* cells are row * width + column: a row bound is a cell bound, no division */
    return colour == TV_STONE1 ? cell >= (r->grid.height - rows) * r->grid.width : cell < rows * r->grid.width;
}

/* Castling i's cells for player index me (player 2's rows mirrored):
 * cells[0] the royal piece's start, [1] its destination, [2] the rook's
 * start, [3] its destination. */
void tv_special_castle_cells(const tv_rules *r, int me, int i, int cells[4]);

/* The cell of the piece an en-passant capture takes in s, or -1 when none can be made. */
int tv_special_ep_victim(const tv_rules *r, const tv_state *s);

/* Whether m is an en-passant capture in s. */
int tv_special_is_en_passant(const tv_rules *r, const tv_state *s, tv_move m);

/* The cells after m (castling, en passant and promotion included), on the
 * copy `cells` of s's: no hash, counts or variables (for the check test). */
void tv_special_move_cells(const tv_rules *r, const tv_state *s, tv_move m, uint8_t *cells);

/* The moves of moves[0..n) that promote with a choice become one move per
 * kind (len copied along); returns the new count, or -1 past cap. */
int tv_special_promotions(const tv_rules *r, const tv_state *s, int colour, tv_move *moves, int8_t *len, int n, int cap);

/* Appends the castlings the mover (`colour`) may make in s (before the
 * check test, which also sees the destination); returns the new count, or
 * -1 past cap. */
int tv_special_castles(const tv_rules *r, const tv_state *s, int colour, tv_move *moves, int8_t *len, int n, int cap);

/* Plays the legal move m of a game with special moves (r->pieces.special):
 * as tv_pieces_apply. */
int tv_special_apply(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u, int *progress, tv_error *err);

/* A position read: drops the castling rights whose royal piece or rook is
 * not on its start, and an en-passant cell no capture could use (as moves
 * keep them, so that equal positions hash alike). */
int tv_special_canonical(const tv_rules *r, tv_state *s, tv_error *err);

/* The check test (royal kinds, tv_royal.h): keeps the moves of
 * moves[0..n) (and their len entries, when len is not NULL) that leave no
 * royal piece of the mover attacked; returns how many. a: how the enemy
 * attacks (its colour is the enemy's). */
int tv_special_filter(const tv_rules *r, const tv_state *s, int colour, tv_move *moves, int8_t *len, int n);
int tv_special_filter_planned(const tv_rules *r, const tv_attack_plan *a, const tv_state *s, tv_move *moves,
                              int8_t *len, int n);

/* Whether one of moves[0..n) passes the check test (which may reorder them). */
int tv_special_any_legal(const tv_rules *r, const tv_attack_plan *a, const tv_state *s, tv_move *moves, int n);

/* Why the pseudo-legal move m is illegal in s ("this move leaves your royal
 * piece attacked"), or NULL when it is not so refused. */
const char *tv_special_refusal(const tv_rules *r, const tv_state *s, int colour, tv_move m);

#endif
