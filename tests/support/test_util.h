/* Helpers shared by the test suites that load rulesets. */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include "tv_game.h"
#include "tv_player.h"
#include "tv_ruleset.h"

/* Loads rulesets/<name>.lua (relative to the repository root, where make
 * runs the tests) with an option string such as "holes=7,swap=true", under
 * the default limits but with no clock (load_source). */
tv_ruleset *load_named(const char *name, const char *options, tv_error *err);

/* load_named, which must succeed: a failed load fails the test with the
 * loader's message. */
tv_ruleset *must_load(const char *name, const char *options);

/* must_load, or for a name with a '/' the ruleset file at that path (a
 * test's own, loaded with load_source): fails the test when it does not load. */
tv_ruleset *load_variant(const char *name, const char *options);

/* Calls fn(name, ctx) for every ruleset in rulesets/ (run from the
 * repository root), so a ruleset added later is tested too; their count. */
int each_shipped_ruleset(void (*fn)(const char *name, void *ctx), void *ctx);

/* The end of a minimal valid ruleset source, for tests of the loader that
 * put something before it. */
#define GAME_TAIL                                                                     \
    "return game { name = 'T', board = grid { width = 3, height = 3 },\n"             \
    "  score = runs { points = {0, 0, 1} }, ends = 'board_full' }\n"

/* Loads a ruleset from source text under the file name `file`: the default
 * instruction and memory limits, no time limit (a test of the clock passes
 * its own tv_limits to tv_ruleset_load). */
tv_ruleset *load_source(const char *file, const char *source, const char *options, tv_error *err);

/* Plays a space-separated move list; returns TV_OK or the first error. */
int play_moves(tv_game *g, const char *moves, tv_error *err);

/* The rest fail the test when they do not hold. */

/* A game of rs at its start, seed 1. */
tv_game *new_game(const tv_ruleset *rs);

/* play_moves, which must succeed. */
void must_play(tv_game *g, const char *moves);

/* The message of the rules' refusal of one move, which must be refused as
 * illegal (TV_EILLEGAL) and leave the state as it was. */
const char *refusal(tv_game *g, const char *move, tv_error *err);

/* g is still going. */
void expect_ongoing(const tv_game *g, const char *what);

/* g is over, won by `winner` (0: a draw), with no legal move left. */
void expect_winner(const tv_game *g, int winner, const char *what);

/* The content of a named cell (TV_EMPTY, TV_STONE1, ...). */
int cell_at(const tv_game *g, const char *name);

/* The legal moves of g (ongoing, at least one) as text, sorted, into
 * texts[0..TV_MOVES_LIMIT): their count. */
int sorted_legal_texts(const tv_game *g, char (*texts)[TV_TEXT_MAX]);

/* Random games of two rulesets that must be the same game written two
 * ways (data and a hook): at every ply the same legal moves as text, one of
 * them drawn from `seed` and played in both by its text, the same cells
 * after it, the same winner at the end. Fails the test where they differ;
 * returns the plies played. */
long same_games_by_text(const tv_ruleset *a, const tv_ruleset *b, int games, uint64_t seed);

/* A shooting game's legal turns (Amazons) grouped by (piece, landing), in
 * the list's order: each pair's first index into first[] and its turns into
 * count[] (room for n of each); returns the count of pairs. */
int shot_pairs(const tv_move *moves, int n, int *first, int *count);

/* For the search suites. */

/* Tic-tac-toe written as data (not rulesets/tictactoe.lua), so the tests do
 * not depend on rulesets/. */
tv_ruleset *ttt(void);

/* A game of rs at a position string (NULL: the start), seed 1. */
tv_game *game_at(const tv_ruleset *rs, const char *pos);

/* tv_player_new, which must succeed. */
tv_player *player(const tv_ruleset *rs, const char *spec, uint64_t seed);

/* The player's move in g, checked legal, as text in text[16]. */
const char *choose(tv_player *p, const tv_game *g, const tv_budget *budget, char *text);

#endif
