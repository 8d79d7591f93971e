/* Helpers shared by the core/ suites (tests/core): rules built in C directly,
 * states in stack buffers, and the invariant checks that random games run.
 * Needs libtvcore and libcheck only, no Lua.
 *
 * Hot loops (thousands of random games) test with REQUIRE, which costs
 * nothing when it passes; so does ck_assert now (tv_check.h drops libcheck's
 * report of every passing check's location to the parent process). */
#ifndef TV_FIXTURE_H
#define TV_FIXTURE_H

#include <check.h>

#include "tv_check.h" /* ck_assert without a system call when it passes */

#include <stdint.h>

#include "tv_game.h"
#include "tv_play.h"
#include "tv_rng.h"
#include "tv_rules.h"
#include "tv_state.h"

#define REQUIRE(cond, ...)                                                                     \
    do {                                                                                       \
        if (!(cond))                                                                           \
            ck_abort_msg(__VA_ARGS__);                                                         \
    } while (0)

/* A heap tv_rules (it holds the Zobrist tables: too big for tight stacks),
 * set up but not finished: Pahtum scoring on a w x h board, game ends when
 * the board is full, the higher score wins. */
tv_rules *rules_new(int w, int h, int dirs);

/* tv_rules_finish, which must succeed; returns r. */
tv_rules *rules_finish_ok(tv_rules *r);

/* A mancala board of 2 x holes, seeds in each, that ends when it is empty
 * (rules_finish_ok it after setting the sowing). */
tv_rules *mancala_rules_new(int holes, int seeds);

/* A game of r started from a position string, which must be read. */
tv_game *game_from(const tv_rules *r, const char *pos);

/* Plain Pahtum: 7x7, rows and columns, no blocks, no swap. */
tv_rules *pahtum(void);

/* Pahtum with its black holes: an odd number of random blocks, 3..13. */
tv_rules *pahtum_holes(int w, int h, int dirs);

/* Pahtum 7x7 with the swap rule after 3 stones; runs of 2 score 1 here, so
 * the scores at the swap are not both zero. */
tv_rules *swap_rules(void);

/* A 7x7 cell by name, computed independently of tv_grid_parse_cell:
 * index = (row - 1) * 7 + col, column 'a' = 0. */
int c7(const char *name);

/* A fresh start state of r in a stack buffer. */
tv_state *start(const tv_rules *r, tv_state_buf *buf, uint64_t seed);

/* tv_play, which must succeed (u may be NULL). */
void play_ok(const tv_rules *r, tv_state *s, tv_move m, tv_undo *u);

/* How many cells of s hold `value`. */
int count_cells(const tv_rules *r, const tv_state *s, int value);

/* A uniformly random legal move of an ongoing game. */
tv_move random_move(const tv_rules *r, const tv_state *s, tv_rng *rng);

/* Whether m is among the legal moves of s. */
int is_legal(const tv_rules *r, const tv_state *s, tv_move m);

/* Every derived field of s agrees with a recount from its cells: scores (by
 * player: player 1 owns White, TV_STONE1, until a swap gives it Black), hash,
 * empty and stone counts, and status/winner. */
void check_consistent(const tv_rules *r, const tv_state *s, unsigned long game);

/* Plays `games` seeded random games (start seed g, move seed g ^ salt) and
 * checks every state against the full recount; with force_swap, odd games
 * take the swap. Returns the total of the final scores, so the callers can
 * check that scoring actually happened. */
long random_games_consistent(const tv_rules *r, int games, int force_swap);

#endif
