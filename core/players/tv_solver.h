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

#include <stdatomic.h>
#include <stdint.h>

#include "tv_play.h"

typedef struct tv_solution tv_solution;

/* Called now and then while solving: the phase ("positions", "values") and
 * how far it is. */
typedef void (*tv_progress_fn)(void *ctx, const char *phase, uint64_t done);

/* What a solve may take. It refuses (TV_ELIMIT) a game it cannot finish
 * before it starts: a ruleset without hooks whose positions, counted from the
 * board (placements: cells and colours; mancala: the ways to share the seeds),
 * are more than TV_SOLVE_HOPELESS times max_positions. It stops (TV_ELIMIT)
 * beyond max_positions positions or max_bytes of memory, after ms
 * milliseconds, or once *stop is set. 0 / NULL: no limit of that kind, but
 * max_bytes 0 is tv_solve_default_bytes(). */
typedef struct tv_solve_limits {
    uint64_t max_positions;
    uint64_t max_bytes;
    long ms;
    const atomic_int *stop;
} tv_solve_limits;

#define TV_SOLVE_HOPELESS 1000
#define TV_SOLVE_MAX_BYTES (2ull << 30) /* the memory bound where the machine's memory is not known */

/* The default memory bound of a solve: half the machine's physical memory
 * (sysconf), TV_SOLVE_MAX_BYTES where that is not known. A position takes
 * its state, its moves (16 bytes each) and about 56 bytes of tables:
 * Connect Four 7x6 about 240 bytes, so the default 20 million positions of
 * `tavola solve` and the solver player need about 5 GB. */
uint64_t tv_solve_default_bytes(void);

tv_solution *tv_solve_within(const tv_rules *r, const tv_state *root, const tv_solve_limits *limits,
                             tv_progress_fn progress, void *ctx, tv_error *err);

/* tv_solve_within with max_positions and the default memory, no time limit. */
tv_solution *tv_solve(const tv_rules *r, const tv_state *root, uint64_t max_positions,
                      tv_progress_fn progress, void *ctx, tv_error *err);

/* An upper bound on the positions reachable from root, as log10 (from the
 * board alone; a ruleset with hooks has none: returns -1). */
double tv_solve_estimate_log10(const tv_rules *r, const tv_state *root);
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
