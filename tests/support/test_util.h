/* Helpers shared by the test suites that load rulesets. */
#ifndef TEST_UTIL_H
#define TEST_UTIL_H

#include "tv_game.h"
#include "tv_ruleset.h"

/* Loads rulesets/<name>.lua (relative to the repository root, where make
 * runs the tests) with an option string such as "holes=7,swap=true". */
tv_ruleset *load_named(const char *name, const char *options, tv_error *err);

/* load_named, which must succeed: a failed load fails the test with the
 * loader's message. */
tv_ruleset *must_load(const char *name, const char *options);

/* Loads a ruleset from source text under the file name `file`. */
tv_ruleset *load_source(const char *file, const char *source, const char *options, tv_error *err);

/* Plays a space-separated move list; returns TV_OK or the first error. */
int play_moves(tv_game *g, const char *moves, tv_error *err);

#endif
