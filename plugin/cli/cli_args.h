/* The tavola command's shared ground: the one way to the ABI table, the
 * usage texts, the one usage error, and the arguments most subcommands take
 * (ruleset, -o options, --seed, position, moves, players) with starting a
 * game from them. Everything here prints its own message and returns an exit
 * status (0, 1 or 2), so a command can return what it gets. Nothing here
 * calls into a command: the commands and main() call in. */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H

#include <stddef.h>
#include <stdio.h>

#include "tavola.h"

/* The ABI table, fetched once (NULL when the library does not serve
 * TAVOLA_ABI_VERSION: main() checks, so the commands need not). */
const tavola_api *cli_api(void);

/* The usage of the whole command. */
extern const char cli_usage[];

/* What a command returns after printing its --help: main() exits 0. */
#define CLI_HELP (-1)

/* The command being run (main() sets it), whose usage cli_command_usage()
 * returns (the whole usage when none is set); cli_help() prints it on stdout
 * and returns CLI_HELP. cli_is_help: "--help" or "-h". */
void cli_set_command(const char *name);
const char *cli_command_usage(void);
int cli_help(void);
int cli_is_help(const char *arg);

/* --rules DIR: DIR must be a folder; added to the library's search path and
 * remembered (resolved) for cli_ruleset_origin. 0, or 2 after a message. */
int cli_add_rules(const char *dir);
int cli_rules_count(void);

/* Where a ruleset named to the command comes from: CLI_FOUND_FILE (a path:
 * the resolved file in path), CLI_FOUND_RULES (name.lua in a --rules folder:
 * its resolved file in path), or CLI_FOUND_NAME (through the rest of the
 * search path, which the ABI does not report: path is ""). */
enum { CLI_FOUND_NAME, CLI_FOUND_RULES, CLI_FOUND_FILE };
int cli_ruleset_origin(const char *name, char *path, size_t size);

/* The one way text from outside (a ruleset's title, description, player
 * names and option docs; a record's moves and tags; a result file; a client's
 * UGI lines; the library's messages, which quote such text) is made safe for
 * a terminal, a log or a protocol line: every byte a terminal would obey
 * rather than show becomes \xHH (C0 controls such as ESC and newline, DEL,
 * the C1 controls U+0080..U+009F, and any byte of no valid UTF-8 sequence, so
 * a lone 0x9b, CSI to an 8-bit terminal, too); a backslash becomes \\; valid
 * UTF-8 text stays as it is. Writes into buf (truncating at a whole
 * character) and returns it. */
char *cli_printable(const char *text, char *buf, size_t size);

/* Text of many lines (a board drawing, which holds the ruleset's player
 * names) on f by the same rule as cli_printable, but newlines and
 * backslashes kept: the library's drawing has already written a name's C0
 * controls as \xHH, and its C1 controls reach the terminal raw otherwise. */
void cli_print_text(FILE *f, const char *text);

/* An error on stderr: "tavola: " and the formatted message through
 * cli_printable, then a newline (stdout is flushed first). Every error
 * message that may quote outside text goes through it. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void cli_error(const char *fmt, ...);

/* Prints "tavola: " fmt (with arg), a newline and usage on stderr; returns 2. */
int cli_usage_error(const char *usage, const char *fmt, const char *arg);

/* -o VALUE: appends "k=v" to options ("k=v,..." of the given size). --seed
 * VALUE: a non-negative integer that fits. Each returns 0, or 2 after the
 * usage error (with usage). */
int cli_arg_option(const char *usage, char *options, size_t size, const char *value);
int cli_arg_seed(const char *usage, const char *value, unsigned long long *seed);

/* What play, perft and the other game commands are told on the command line. */
typedef struct play_args {
    const char *name, *moves, *position;
    int json, seeded, depth;
    int turns; /* perft --turns: count whole turns, not moves */
    unsigned long long seed;
    const char *player[2]; /* "human" or a player spec ("random", "mcts:ms=500", ...) */
    char options[4096];
} play_args;

/* Parses RULESET [-o k=v]... [--seed N] [--p1 P] [--p2 P] [--moves M]
 * [--position P] [--json] [--rules DIR] (and a DEPTH 1..30 when want_depth);
 * an unseeded game gets the clock as its seed. 0, 2 after the usage, or
 * CLI_HELP after the usage of --help. */
int cli_parse_play_args(int argc, char **argv, play_args *pa, int want_depth);

/* Loads the ruleset and starts the game (position applied); prints the error
 * and returns 1 on failure (*rs and *g may then need freeing, NULL-safe). */
int cli_start_game(const play_args *pa, tavola_ruleset **rs, tavola_game **g);

/* Plays a list of moves ("d4 e4", commas or spaces); prints which move was
 * refused and why, and returns 1, at the first that fails. */
int cli_play_moves(tavola_game *g, const char *moves);

#endif
