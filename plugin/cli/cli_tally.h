/* What a match, or a merge of shards, adds up to, and its two printed
 * forms: the table, and the JSON object that `match --json` writes and
 * `merge` reads back. Writing cannot fail; reading checks that the counts add
 * up to the games of the parts. */
#ifndef CLI_TALLY_H
#define CLI_TALLY_H

#include <stdio.h>

#include "cli_shard.h"

#define CLI_MAX_PARTS 256

typedef struct cli_tally {
    char game[512], options[2048], p1[256], p2[256];
    int nparts;
    cli_part parts[CLI_MAX_PARTS];
    long c[2][3]; /* [p1 moved first, second][p1 won, drew, lost] */
} cli_tally;

/* Counts a game that side `winner` won (0: a draw), the player named p1
 * having moved second when swapped. */
void cli_tally_count(cli_tally *ta, int swapped, int winner);

void cli_tally_print_table(FILE *out, const cli_tally *ta);
void cli_tally_print_json(FILE *out, const cli_tally *ta);

/* The result in text (as cli_tally_print_json writes it) into ta; NULL, or
 * what is wrong with it. */
const char *cli_tally_parse(const char *text, cli_tally *ta);

#endif
