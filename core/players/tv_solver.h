/* The solver: the value of a game with perfect play, for games whose
 * reachable state space fits in memory.
 *
 * It builds the graph of positions reachable from a state (a position is the
 * board, the side to move and the flags; the scores too when a capture target
 * ends the game), splits it into strongly connected components and values
 * them from the ends backwards. A value is the margin the first player will
 * still gain (score difference from here to the end, the remainder included),
 * or +-TV_SCORE_WIN for games decided by a line or a hook rather than by the
 * scores. Inside a cycle nothing is scored (moves that capture cannot be
 * undone), and a play that goes round for ever -- which the repetition rule
 * ends with the seeds split -- gains nothing: a cycle is worth 0 from there.
 * Within a component the value is found by threshold games: the first
 * player can force at least t if they can force an exit worth t or more (for
 * t > 0), or keep the second player from every exit worth less (t <= 0). */
#ifndef TV_SOLVER_H
#define TV_SOLVER_H

#include <stdint.h>

#include "tv_play.h"

typedef struct tv_solution tv_solution;

/* Called now and then while solving: the phase ("positions", "values") and
 * how far it is. */
typedef void (*tv_progress_fn)(void *ctx, const char *phase, uint64_t done);

/* Solves from `root`; refuses (TV_ELIMIT) beyond max_positions positions. */
tv_solution *tv_solve(const tv_rules *r, const tv_state *root, uint64_t max_positions,
                      tv_progress_fn progress, void *ctx, tv_error *err);
void tv_solution_free(tv_solution *sol);

uint64_t tv_solution_positions(const tv_solution *sol);
uint64_t tv_solution_cycles(const tv_solution *sol); /* components with a cycle */

/* The first player's future margin from s under perfect play; TV_EINVAL if
 * s was not reached from the root. */
int tv_solution_value(const tv_solution *sol, const tv_state *s, int64_t *value);

/* The value of playing m in s (first player's view), as tv_solution_value
 * of the result plus what the move itself scores. */
int tv_solution_move_value(const tv_solution *sol, const tv_state *s, tv_move m, int64_t *value, tv_error *err);

/* A best move in s for the side to move: the best value, then the quickest
 * way to it inside a cycle, avoiding positions of hist[0..n) when that costs
 * nothing. */
int tv_solution_best(const tv_solution *sol, const tv_state *s, const uint64_t *hist, int n, tv_move *best,
                     int64_t *value, tv_error *err);

#endif
