/* Players: something that picks a move for the side to move. Every player
 * works on any ruleset through the game interface (tv_play.h), hooks
 * included. A player is made from a spec "name[:key=value,...]":
 *
 *   random                      uniformly random legal moves
 *   greedy                      the best immediate score change, ties at random
 *   mcts:iterations=N | ms=N | cpu_ms=N
 *                               UCT with random playouts, c=1.4 (exploration);
 *                               prove=1: MCTS-Solver (proven wins and losses);
 *                               playout=decisive | antidecisive: playouts that
 *                               take a win at once (and block the opponent's);
 *                               rave=K: RAVE, where moves are placements
 *   alphabeta:depth=N | nodes=N | ms=N | cpu_ms=N
 *                               negamax, alpha-beta, iterative deepening, TT,
 *                               the ruleset's evaluation at the horizon (tv_eval.h)
 *   solver[:positions=N]        exact play from a solved table
 *
 * Players keep state between moves (MCTS reuses its tree, the solver its
 * table) and are reproducible for a given seed and a budget that is not a
 * time (ms= or cpu_ms=). One player is used by one thread at a time; tv_player_stop may be
 * called from another thread to end a search early. */
#ifndef TV_PLAYER_H
#define TV_PLAYER_H

#include <stdatomic.h>
#include <stdint.h>

#include "tv_game.h"
#include "tv_rng.h"

#define TV_PARAMS_MAX 8

/* The key=value pairs of a spec, as text. */
typedef struct tv_params {
    int n;
    char key[TV_PARAMS_MAX][32];
    char value[TV_PARAMS_MAX][64];
} tv_params;

/* How much a search may do; 0 = not limited by that measure. */
typedef struct tv_budget {
    long iterations; /* MCTS iterations (or nodes for alpha-beta) */
    long ms;         /* wall-clock milliseconds */
    int depth;       /* alpha-beta depth in plies */
} tv_budget;

/* What the last search did (for UGI "info" lines and tests). */
typedef struct tv_search_info {
    int depth;         /* depth reached (alpha-beta) or of the principal line */
    uint64_t nodes;    /* nodes or iterations */
    long ms;           /* time taken */
    int64_t score;     /* from the mover's view: alpha-beta's evaluation (tv_eval.h, hundredths
                        * of a point, within TV_EVAL_MAX), or near +-TV_SCORE_WIN / 2 for a
                        * decided game (less the distance, plus the score margin) */
    tv_move best;
} tv_search_info;

#define TV_SCORE_WIN 1000000 /* the scale of a won game, beyond any score margin */

/* An engine: what a player kind implements. `stop` becomes non-zero when the
 * search must end now; `budget` holds the spec's limits (a host may lower
 * them per move). */
typedef struct tv_engine {
    const char *name;
    void *(*create)(const tv_rules *r, const tv_params *params, tv_budget *budget, tv_error *err);
    int (*choose)(void *self, const tv_game *g, const tv_budget *budget, tv_rng *rng,
                  const atomic_int *stop, tv_search_info *info, tv_move *best, tv_error *err);
    void (*destroy)(void *self);
} tv_engine;

typedef struct tv_player tv_player;

/* A player from a spec; NULL and err on an unknown name or parameter. */
tv_player *tv_player_new(const tv_rules *r, const char *spec, uint64_t seed, tv_error *err);
void tv_player_free(tv_player *p);

/* The move the player chooses in g's current state (which must be ongoing).
 * A budget overrides the spec's for this move when non-NULL. */
int tv_player_choose(tv_player *p, const tv_game *g, const tv_budget *budget, tv_move *best,
                     tv_error *err);

/* Ends the current search as soon as possible (thread-safe); called before
 * the search has started, it ends that search at once. The request is
 * cleared when tv_player_choose returns. */
void tv_player_stop(tv_player *p);

const tv_search_info *tv_player_info(const tv_player *p);
const char *tv_player_name(const tv_player *p);

/* Helpers for engines: a spec parameter as a number (def when absent); an
 * error for a bad value. */
int tv_param_long(const tv_params *p, const char *key, long min, long max, long *out, tv_error *err);
int tv_param_double(const tv_params *p, const char *key, double min, double max, double *out, tv_error *err);
/* An error naming the first parameter not in known[] (NULL-terminated). */
int tv_params_check(const tv_params *p, const char *engine, const char *const known[], tv_error *err);

/* Milliseconds on a monotonic clock. */
long tv_now_ms(void);

/* CPU milliseconds used by the calling thread (CLOCK_THREAD_CPUTIME_ID): a
 * search runs on one thread, and a host may run several players on threads
 * of one process (the ABI, UGI's search thread beside its reader), so the
 * process's clock would charge one player for another's work. The thread's
 * clock counts only the time the search was running on a core: a loaded
 * machine slows the wall clock, not this one. */
long tv_cpu_now_ms(void);

/* A CPU-time limit ("cpu_ms=N" in a spec, 0 = none), which an engine keeps
 * beside the host's budget (tv_budget has no room for it: the ABI fills one
 * field by field): it applies to every move, whatever budget the host gives,
 * with no default budget added when it is the only limit. */
typedef struct tv_cpu_limit {
    long ms;       /* the spec's cpu_ms */
    long deadline; /* tv_cpu_now_ms() limit of the current search, 0 = none */
} tv_cpu_limit;

/* Starts the limit's clock for one search. */
void tv_cpu_limit_start(tv_cpu_limit *c);
/* Whether the current search has used its CPU time (never, with no limit). */
int tv_cpu_limit_over(const tv_cpu_limit *c);

/* The engines: random and greedy are in tv_player.c, mcts in tv_mcts.c,
 * alphabeta in tv_alphabeta.c, solver in tv_solver_player.c. */
extern const tv_engine tv_engine_random, tv_engine_greedy, tv_engine_mcts, tv_engine_alphabeta,
    tv_engine_solver;

#endif
