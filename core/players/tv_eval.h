/* Evaluation as data: the value of a position for search, from the weights of
 * a tv_eval (tv_rules.h), in hundredths of a point from the view of the
 * player to move (negamax: alpha-beta negates it for the other side). Each
 * term is a weight times the mover's count less the opponent's:
 *
 *   material[k]   pieces of kind k (stones are kind 0)
 *   advance[k]    rows each piece of kind k stands beyond its own first row
 *   centre        steps each piece stands from the nearest edge, columns plus rows
 *   mobility      legal moves (the opponent's counted as if they were to move)
 *   mobile        pieces with a legal move (the cells moves start from: in a
 *                 placement or sowing game, the same as mobility)
 *   score         points of score
 *   lines[n]      windows of line_length cells along line_dirs that hold n
 *                 stones of the side's colour and nothing else (no enemy
 *                 stone, no block)
 *
 * Pieces count by colour, so after a swap a player's pieces are the other
 * colour's; scores count by player. The sum is clamped to +-TV_EVAL_MAX.
 * Nothing here allocates; every loop is bounded by the board (and mobility
 * by two move generations). */
#ifndef TV_EVAL_H
#define TV_EVAL_H

#include "tv_play.h"

/* The evaluation a ruleset that declares none gets: score = 1 in a game that
 * scores (tv_rules_scores), open lines 1, 5, 50, 500, ... points (at most
 * 1000) for n = 1..length-1 stones along a line goal (not a misère one,
 * nor one of either colour), and in a game of pieces that
 * move material 1 a piece, 2 for a kind another kind promotes to, or, where
 * connecting one's pieces wins, centre 1 instead. */
void tv_eval_default(const tv_rules *r, tv_eval *ev);

/* The value of s (ongoing or not: only the board and the scores are read)
 * under ev into *value. TV_OK, or an error code from the move generator
 * that mobility runs. */
int tv_eval_value(const tv_rules *r, const tv_eval *ev, const tv_state *s, int32_t *value, tv_error *err);

#endif
