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
 * and two counted the other way round, the opponent's less the mover's, as
 * fewer is better (games with a connect { sides } goal only):
 *
 *   connection    the empty cells the side's cheapest chain joining all its
 *                 sides still needs (own stones free, enemy stones and blocks
 *                 barred; the board's cells when none can): a 0-1 breadth-first
 *                 search from each side, and for three sides (Y) the best
 *                 cell to branch from
 *   two_distance  the side's two-distance potential: the least sum over the
 *                 empty cells of the cell's two-distance to each side, where
 *                 a cell next to the side (or to a group touching it) is 1 and
 *                 any other one more than its second-nearest neighbour, the
 *                 nearest being the one the opponent takes (Queenbee's);
 *                 the empty cells next to one group are all neighbours; the
 *                 board's cells when no cell has a two-distance to each side
 *
 * and, the mover's less the opponent's again:
 *
 *   two_distance_cells  the empty cells where the side's potential is at its
 *                 least: ways the opponent must all stop (Queenbee's
 *                 tie-break between equal potentials)
 *   corners       stones on the grid's corners
 *   stable        stones no flip can ever turn (flip games): along every
 *                 axis the flips run on, a neighbour is the edge, a block or
 *                 a stable stone of the same colour, or the line is full;
 *                 grown from the corners and full lines stone by stone
 *
 * Pieces count by colour, so after a swap a player's pieces are the other
 * colour's; scores count by player. The sum is clamped to +-TV_EVAL_MAX.
 * Nothing here allocates; every loop is bounded by the board (and mobility
 * by two move generations; a distance's levels by the cells, the stable
 * stones' list by eight tries a stone found). */
#ifndef TV_EVAL_H
#define TV_EVAL_H

#include "tv_play.h"

/* The evaluation a ruleset that declares none gets: score = 1 in a game that
 * scores (tv_rules_scores), open lines 1, 5, 50, 500, ... points (at most
 * 1000) for n = 1..length-1 stones along a line goal (not a misère one,
 * nor one of either colour), two_distance 1 for a connect { sides } goal,
 * mobility 1, corners 5 and stable 1 in a flip game (and no score where the
 * score is the disc count), and in a game of pieces that
 * move material 1 a piece, 2 for a kind another kind promotes to, or, where
 * connecting one's pieces wins, centre 1 instead. */
void tv_eval_default(const tv_rules *r, tv_eval *ev);

/* The value of s (ongoing or not: only the board and the scores are read)
 * under ev into *value. TV_OK, or an error code from the move generator
 * that mobility runs. */
int tv_eval_value(const tv_rules *r, const tv_eval *ev, const tv_state *s, int32_t *value, tv_error *err);

/* The counts behind the terms, for one colour (TV_STONE1/2) of a game with a
 * connect { sides } goal: its connection distance and its two-distance
 * potential, each the board's cell count when it has none, and into
 * *at_least (unless NULL) the empty cells where its potential is that least
 * (0 when it has none). */
int tv_eval_connection(const tv_rules *r, const uint8_t *cells, int colour);
int tv_eval_two_distance(const tv_rules *r, const uint8_t *cells, int colour, int *at_least);

/* Marks in stable[0..ncells) the stones of a flip game that no flip can
 * turn, as the stable term finds them; their count (both colours). */
int tv_eval_stable(const tv_rules *r, const uint8_t *cells, uint8_t *stable);

#endif
