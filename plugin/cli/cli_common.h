/* What the tavola command's subcommands share: the ABI table, the common
 * arguments (ruleset, options, seed, position, moves, players) and starting
 * a game from them. */
#ifndef CLI_COMMON_H
#define CLI_COMMON_H

#include "tavola.h"

/* What play, perft and the other game commands are told on the command line. */
typedef struct play_args {
    const char *name, *moves, *position;
    int json, seeded, depth;
    unsigned long long seed;
    const char *player[2]; /* "human" or a player spec ("random", "mcts:ms=500", ...) */
    char options[4096];
} play_args;

const tavola_api *cli_api(void);

/* Parses RULESET [-o k=v]... [--seed N] [--p1 P] [--p2 P] [--moves M]
 * [--position P] [--json] [--rules DIR] (and a DEPTH when want_depth);
 * prints the usage and returns 2 on a mistake. */
int cli_parse_play_args(int argc, char **argv, play_args *pa, int want_depth);

/* Loads the ruleset and starts the game (position applied); prints the error
 * and returns 1 on failure (*rs and *g may then need freeing, NULL-safe). */
int cli_start_game(const play_args *pa, tavola_ruleset **rs, tavola_game **g);

/* Plays a list of moves ("d4 e4", commas or spaces); prints which move was
 * refused and why, and returns 1, at the first that fails. */
int cli_play_moves(tavola_game *g, const char *moves);

/* "tavola: <message>", the usage, and 2. */
int die_usage(const char *fmt, const char *arg);

#endif
