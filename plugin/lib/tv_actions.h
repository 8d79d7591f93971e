/* The learning view of a ruleset (tavola.h's num_actions .. playouts): a
 * fixed action space, the observation tensor and batched random playouts.
 *
 * Action ids are a dense renumbering of the moves: the board's cells (holes
 * for mancala, columns for dropped stones) as their move numbers 0..B-1, then
 * "pass" as B when the ruleset can pass, then "swap" when it can swap. A
 * moves hook may return either, so such a ruleset has both.
 *
 * Pieces that move: the ids are the pairs of distinct cells (from, to),
 * from * (n - 1) + (to > from ? to - 1 : to) for n cells, whatever the move
 * does on the way (a step, a capture, a chain of jumps ending on `to`). So
 * the id of a move needs no state, but the move of an id does: a capture and
 * a chain are found among the legal moves (tv_move_of_action_in). Two legal
 * chains with the same ends (a king's two ways round) are one action: the
 * generator's first of them. */
#ifndef TV_ACTIONS_H
#define TV_ACTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "tv_rules.h"

#define TV_OBS_DIMS 3 /* planes, height, width */

int tv_actions_count(const tv_rules *r);
/* The action id of move m, or TV_EINVAL when m is no move of this board. */
int tv_action_of_move(const tv_rules *r, tv_move m);
/* The move of action id a: TV_OK, or TV_EINVAL outside [0, count). */
int tv_move_of_action(const tv_rules *r, int a, tv_move *m);

/* The legal moves of s as action ids, increasing, each once, into
 * out[0..cap); returns the count or an error code (TV_ELIMIT when cap is
 * less). _hist: in a game whose positions so far are hist[0..nhist)
 * (tv_legal_moves_hist: positional superko). */
int tv_legal_actions(const tv_rules *r, const tv_state *s, int32_t *out, int cap, tv_error *err);
int tv_legal_actions_hist(const tv_rules *r, const tv_state *s, const uint64_t *hist, int nhist, int32_t *out, int cap,
                          tv_error *err);
/* The move that action a plays in s: the legal move of that id when there
 * is one, else tv_move_of_action's (which the rules then refuse, saying why).
 * TV_EINVAL (with a message) outside [0, count). */
int tv_move_of_action_in(const tv_rules *r, const tv_state *s, int a, tv_move *m, tv_error *err);

/* The observation's shape into dims[0..3) (planes, height, width); returns
 * TV_OBS_DIMS. */
int tv_observation_shape(const tv_rules *r, int dims[TV_OBS_DIMS]);
/* The planes of s from the view of player (1 or 2; 0: the player to move)
 * into out[0..n);
 * returns the number of floats (planes * height * width), or TV_ELIMIT when
 * n is less. */
int tv_observation(const tv_rules *r, const tv_state *s, int player, float *out, size_t n);

/* n random playouts from s (s unchanged), one random stream from seed:
 * results[0] draws, results[1] and [2] the wins of player 1 and 2, and the
 * mean number of plies each played. Returns n or an error code. */
int tv_playouts(const tv_rules *r, const tv_state *s, int n, uint64_t seed, int64_t results[3],
                double *mean_plies, tv_error *err);

#endif
