/* What a match, or a merge of shards, adds up to, and its two printed
 * forms: the table, and the JSON object that `match --json` writes and
 * `merge` reads back. Writing cannot fail; reading checks that the counts and
 * the errors add up to the games of the parts.
 *
 * A game that ended in an error (cli_record.h) is not scored: it counts in
 * errors, and its message among the distinct messages, each with its number
 * of games and the first game (by number in the match) it ended. The first
 * CLI_MAX_KINDS distinct messages, in the order of the games, are kept; the
 * errors of later new messages are counted but not named. So that the kept
 * ones do not depend on which worker finished first, errors are added in
 * game order (cli_match.c sorts them at the end). */
#ifndef CLI_TALLY_H
#define CLI_TALLY_H

#include <stdio.h>

#include "cli_shard.h"

#define CLI_MAX_PARTS 256
#define CLI_MAX_KINDS 16
#define CLI_KIND_TEXT 512 /* a longer message is cut (at a whole UTF-8 character) */

/* One distinct error message: how many games ended in it, the first of them. */
typedef struct cli_error_kind {
    char text[CLI_KIND_TEXT];
    long games, first;
} cli_error_kind;

typedef struct cli_tally {
    char game[512], options[2048], p1[256], p2[256];
    int nparts;
    cli_part parts[CLI_MAX_PARTS];
    long c[2][3]; /* [p1 moved first, second][p1 won, drew, lost] */
    long errors;  /* games that ended in an error: in none of c */
    int nkinds;
    cli_error_kind kinds[CLI_MAX_KINDS]; /* by first game */
    /* Games that differ (start position and moves), printed (the table's
     * "games repeat" line, JSON's distinct_games and games_played) only when
     * some games repeat; match only: a merge cannot tell whether two
     * shards' games are the same, and leaves it out. */
    int has_distinct;
    long distinct, played; /* distinct games among the games played (errors included) */
} cli_tally;

/* Counts a game that side `winner` won (0: a draw), the player named p1
 * having moved second when swapped. */
void cli_tally_count(cli_tally *ta, int swapped, int winner);

/* Counts a game, number `game` of the match, that ended in the error text. */
void cli_tally_error(cli_tally *ta, const char *text, long game);

/* Adds one's counts, errors and messages to all (merge). */
void cli_tally_add(cli_tally *all, const cli_tally *one);

void cli_tally_print_table(FILE *out, const cli_tally *ta);
void cli_tally_print_json(FILE *out, const cli_tally *ta);

/* The result in text (as cli_tally_print_json writes it) into ta; NULL, or
 * what is wrong with it. */
const char *cli_tally_parse(const char *text, cli_tally *ta);

#endif
