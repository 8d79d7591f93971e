/* tavola gtp RULESET [-o k=v]... [--player SPEC] [--seed N] [--rules DIR]:
 * the Go Text Protocol (GTP version 2) on stdin/stdout for a Go ruleset (the
 * groups family on a square board: go, atari_go), so that Go GUIs, referees
 * and other engines drive tavola; errors are also written on stderr. */
#ifndef CLI_GTP_H
#define CLI_GTP_H

#include <stdio.h>

int cmd_gtp(int argc, char **argv);

/* The engine: reads commands from in until "quit" or the end, answers on out
 * and writes every failure's reason on log as well (NULL: nowhere else). It
 * plays `ruleset` with `options` ("k=v,..."); genmove asks `player` (a player
 * spec, NULL: GTP_DEFAULT_PLAYER), whose random streams come from seed.
 * Returns 1 when the ruleset cannot be loaded or is no Go ruleset, else 0. */
int gtp_run(FILE *in, FILE *out, FILE *log, const char *ruleset, const char *options, const char *player,
            unsigned long long seed);

#endif
