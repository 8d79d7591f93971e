/* The turns of a placement game (place {} or drop {}): how many stones a
 * turn places (Connect6: one on the first turn, two on every later one) and
 * the opening rules (Pro, Swap) that say where the first stones may go and
 * which colour they are. A turn of several stones is several moves, the
 * mover moving again (as after a mancala extra turn): the count of stones
 * on the board says where a turn stands, so a state needs nothing more. */
#ifndef TV_TURNS_H
#define TV_TURNS_H

#include "tv_rules.h"

/* The turn (0 = the first) that the k-th placement (0-based) belongs to. */
static inline int tv_turns_of(const tv_rules *r, int k)
{
    int first = r->turns.opening == TV_OPENING_SWAP ? 3 : r->turns.first;
    return k < first ? 0 : 1 + (k - first) / r->turns.later;
}

/* Whether the mover places again after the placement that finds `stones`
 * stones on the board. */
static inline int tv_turns_again(const tv_rules *r, int stones)
{
    return tv_turns_of(r, stones + 1) == tv_turns_of(r, stones);
}

/* The colour of the k-th stone placed: the colour of its turn's player,
 * except the Swap opening's second stone, the opponent's colour. */
static inline int tv_turns_colour_at(const tv_rules *r, int k)
{
    if (r->turns.opening == TV_OPENING_SWAP && k == 1)
        return TV_STONE2;
    return tv_turns_of(r, k) % 2 ? TV_STONE2 : TV_STONE1;
}

/* Whether s is in the opening, where an opening rule restricts or colours
 * the next stone (the fast playout leaves those moves to the kernel). */
static inline int tv_turns_opening(const tv_rules *r, const tv_state *s)
{
    return r->turns.opening != TV_OPENING_NONE && s->stones < 3;
}

/* The next stone on `cell` (empty): placed with its colour, scored, and the
 * turn's end said in *again. Returns the player (1, 2) who made a line that
 * meets the goal (tv_goal_winner says who that makes the winner), 0, or an
 * error code. */
int tv_turns_place(const tv_rules *r, tv_state *s, tv_undo *u, int cell, int *again, tv_error *err);

/* Whether the opening rules allow the next stone on the empty `cell`. */
int tv_turns_allows(const tv_rules *r, const tv_state *s, int cell);

/* TV_OK, or TV_EILLEGAL naming the move and the opening rule it breaks. */
int tv_turns_check(const tv_rules *r, const tv_state *s, int cell, tv_error *err);

/* For position text, on a board where no stone has left: TV_OK when its
 * first player's stones could have come through the opening rule (Pro: one
 * on the centre, and another at least TV_PRO_DISTANCE from it once there
 * are two), else TV_EINVAL saying why. */
int tv_turns_board_check(const tv_rules *r, const uint8_t *cells, tv_error *err);

/* For position text: the side to move (0, 1) after `stones` placements, and
 * the count of first-colour stones they leave. */
int tv_turns_side(const tv_rules *r, int stones, int swapped);
int tv_turns_first_colour(const tv_rules *r, int stones);

#endif
